import Foundation
import GRDB
import MatchingRides
import QuadKernel
import RidesKernel

/// Rides' search (R2): the offers near a rider's origin, leaving in their window, that the rules then rank
/// (``MatchingRides/RideRanking``).
extension MatchingDatabase {
    /// The open offers with a seat whose origin lies in a cell of `cover`, leaving in `search`'s window, not
    /// `riderID`'s: one range of `ride_offer.cell` per cover cell (a 6-character cell is every 7-character cell it
    /// begins), each read through the partial index `ride_offer_search` on (cell, departure_at_micros). The
    /// departure is checked on the index's entries, so only the offers in the window are read from the table.
    func rideCandidates(
        cover: GeohashCover,
        search: RideSearch,
        excluding riderID: String
    ) async throws -> [RideOfferRow] {
        try await storage.read { db in
            let statement = try db.cachedStatement(sql: Self.rideSearchSQL)
            var rows: [RideOfferRow] = []
            for cell in cover.cells {
                let (from, to) = Self.range(of: cell)
                let cursor = try Row.fetchCursor(
                    statement,
                    arguments: [from, to, search.earliest, search.latest, riderID]
                )
                while let row = try cursor.next() { rows.append(try RideOfferRow(row: row)) }
            }
            return rows
        }
    }

    /// The same answer as ``rideCandidates(cover:search:excluding:)`` without the index: every row of `ride_offer`
    /// read (`NOT INDEXED`) and the cover's cells checked here. Only the benchmark's baseline uses it
    /// (``RideSearchPlan/fullScan``).
    func rideCandidatesScanningEveryOffer(
        cover: GeohashCover,
        search: RideSearch,
        excluding riderID: String
    ) async throws -> [RideOfferRow] {
        try await storage.read { db in
            let cursor = try Row.fetchCursor(
                db.cachedStatement(sql: Self.rideScanSQL),
                arguments: [search.earliest, search.latest, riderID]
            )
            var rows: [RideOfferRow] = []
            while let row = try cursor.next() {
                let cell: String = row["cell"]
                if cover.contains(cell: cell) { rows.append(try RideOfferRow(row: row)) }
            }
            return rows
        }
    }

    /// The stored cells that begin with `cell`: from `cell` up to, not including, `cell` followed by `{` (the
    /// character after `z`, the last of the geohash alphabet), in SQLite's binary order.
    static func range(of cell: String) -> (from: String, to: String) {
        (cell, cell + "{")
    }

    static let rideOfferColumns = """
        offer_id, offerer_id, version, open, cell, origin_latitude, origin_longitude, origin_label,
        destination_latitude, destination_longitude, destination_label, departure_at_micros, seats, seats_taken,
        detour_budget_percent, fare_minor, fare_currency, drops, prompts_on, min_age, max_age
        """

    /// One cover cell's candidates. `open = 1 AND seats_taken < seats` is the partial index's condition, written the
    /// same way so that SQLite may use it.
    static let rideSearchSQL = """
        SELECT \(rideOfferColumns) FROM ride_offer
        WHERE open = 1 AND seats_taken < seats AND cell >= ? AND cell < ?
            AND departure_at_micros BETWEEN ? AND ? AND offerer_id <> ?
        """

    static let rideScanSQL = """
        SELECT \(rideOfferColumns) FROM ride_offer NOT INDEXED
        WHERE open = 1 AND seats_taken < seats AND departure_at_micros BETWEEN ? AND ? AND offerer_id <> ?
        """
}

extension RideOfferRow {
    /// A row of `ride_offer`, as ``upsert(_:)`` wrote it.
    init(row: Row) throws {
        offerID = row["offer_id"]
        offererID = row["offerer_id"]
        version = row["version"]
        open = row["open"]
        origin = try GeoPoint(latitude: row["origin_latitude"], longitude: row["origin_longitude"])
        originLabel = row["origin_label"]
        destination = try GeoPoint(latitude: row["destination_latitude"], longitude: row["destination_longitude"])
        destinationLabel = row["destination_label"]
        departureAt = row["departure_at_micros"]
        seats = row["seats"]
        seatsTaken = row["seats_taken"]
        detourBudgetPercent = row["detour_budget_percent"]
        fareMinor = row["fare_minor"]
        fareCurrency = row["fare_currency"]
        let drops: String = row["drops"]
        self.drops = try JSONDecoder().decode([[Double]].self, from: Data(drops.utf8)).map { pair in
            guard pair.count == 2 else { throw RideOfferDropsError(text: drops) }
            return try GeoPoint(latitude: pair[0], longitude: pair[1])
        }
        promptsOn = row["prompts_on"]
        minAge = row["min_age"]
        maxAge = row["max_age"]
    }

    /// The offer as search's rules take it.
    var candidate: RideCandidate {
        RideCandidate(
            offerID: offerID,
            offererID: offererID,
            origin: origin,
            destination: destination,
            drops: drops,
            departureAt: departureAt,
            seats: seats,
            seatsTaken: seatsTaken,
            detourBudgetPercent: detourBudgetPercent,
            estimatedFare: Money(minorUnits: fareMinor, currency: fareCurrency),
            open: open
        )
    }
}

/// A `ride_offer.drops` that is not a JSON array of `[latitude, longitude]` pairs: a corrupt row.
struct RideOfferDropsError: Error, CustomStringConvertible {
    var text: String
    var description: String { "ride_offer.drops is not a list of [latitude, longitude] pairs: \(text.prefix(200))" }
}
