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
    ) async throws -> RideCandidateRows {
        try await storage.read { db in
            let statement = try db.cachedStatement(sql: Self.rideSearchSQL)
            var found = RideCandidateRows()
            for cell in cover.cells {
                let (from, to) = Self.range(of: cell)
                let cursor = try Row.fetchCursor(
                    statement,
                    arguments: [from, to, search.earliest, search.latest, riderID]
                )
                while let row = try cursor.next() { try found.add(row, for: search) }
            }
            return found
        }
    }

    /// The same answer as ``rideCandidates(cover:search:excluding:)`` without the index: every row of `ride_offer`
    /// read (`NOT INDEXED`) and the cover's cells checked here. Only the benchmark's baseline uses it
    /// (``RideSearchPlan/fullScan``).
    func rideCandidatesScanningEveryOffer(
        cover: GeohashCover,
        search: RideSearch,
        excluding riderID: String
    ) async throws -> RideCandidateRows {
        try await storage.read { db in
            let cursor = try Row.fetchCursor(
                db.cachedStatement(sql: Self.rideScanSQL),
                arguments: [search.earliest, search.latest, riderID]
            )
            var found = RideCandidateRows()
            while let row = try cursor.next() {
                let cell: String = row[RideOfferRow.Column.cell]
                if cover.contains(cell: cell) { try found.add(row, for: search) }
            }
            return found
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

/// What a search's query found: how many offers (``count``, the answer's `candidates`), and those whose origin is
/// within the rider's walk, read whole (the others are not read further: most of a cover lies beyond the walk).
struct RideCandidateRows: Sendable {
    var count = 0
    var rows: [RideOfferRow] = []

    /// Counts `row` (columns in ``MatchingDatabase/rideOfferColumns``' order) and keeps it when its origin is within
    /// `search`'s walk.
    mutating func add(_ row: Row, for search: RideSearch) throws {
        count += 1
        let origin = try GeoPoint(
            latitude: row[RideOfferRow.Column.originLatitude],
            longitude: row[RideOfferRow.Column.originLongitude]
        )
        guard search.origin.meters(to: origin) <= Double(search.walkMeters) else { return }
        rows.append(try RideOfferRow(row: row, origin: origin))
    }
}

extension RideOfferRow {
    /// The positions of ``MatchingDatabase/rideOfferColumns``: read by position, a search decodes hundreds of rows.
    enum Column {
        static let offerID = 0
        static let offererID = 1
        static let version = 2
        static let open = 3
        static let cell = 4
        static let originLatitude = 5
        static let originLongitude = 6
        static let originLabel = 7
        static let destinationLatitude = 8
        static let destinationLongitude = 9
        static let destinationLabel = 10
        static let departureAt = 11
        static let seats = 12
        static let seatsTaken = 13
        static let detourBudgetPercent = 14
        static let fareMinor = 15
        static let fareCurrency = 16
        static let drops = 17
        static let promptsOn = 18
        static let minAge = 19
        static let maxAge = 20
    }

    /// A row of `ride_offer` as ``upsert(_:)`` wrote it, its columns in ``MatchingDatabase/rideOfferColumns``' order,
    /// its origin read already.
    init(row: Row, origin: GeoPoint) throws {
        offerID = row[Column.offerID]
        offererID = row[Column.offererID]
        version = row[Column.version]
        open = row[Column.open]
        self.origin = origin
        originLabel = row[Column.originLabel]
        destination = try GeoPoint(
            latitude: row[Column.destinationLatitude],
            longitude: row[Column.destinationLongitude]
        )
        destinationLabel = row[Column.destinationLabel]
        departureAt = row[Column.departureAt]
        seats = row[Column.seats]
        seatsTaken = row[Column.seatsTaken]
        detourBudgetPercent = row[Column.detourBudgetPercent]
        fareMinor = row[Column.fareMinor]
        fareCurrency = row[Column.fareCurrency]
        drops = try Self.drops(row[Column.drops])
        promptsOn = row[Column.promptsOn]
        minAge = row[Column.minAge]
        maxAge = row[Column.maxAge]
    }

    /// `ride_offer.drops`, the JSON array of `[latitude, longitude]` pairs ``upsert(_:)`` writes: its numbers read in
    /// order, two by two (most offers have none: `[]`).
    static func drops(_ text: String) throws -> [GeoPoint] {
        guard text != "[]" else { return [] }
        let numbers = text.split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," || $0 == " " })
        guard numbers.count.isMultiple(of: 2) else { throw RideOfferDropsError(text: text) }
        var points: [GeoPoint] = []
        points.reserveCapacity(numbers.count / 2)
        var index = numbers.startIndex
        while index < numbers.endIndex {
            guard let latitude = Double(numbers[index]), let longitude = Double(numbers[index + 1]) else {
                throw RideOfferDropsError(text: text)
            }
            points.append(try GeoPoint(latitude: latitude, longitude: longitude))
            index += 2
        }
        return points
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
