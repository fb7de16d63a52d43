import Foundation
import GRDB
import Logging
import QuadContracts
import QuadWire
import RidesKernel

/// What matching keeps of rides' offers for search (R2): jobs' `ride.offer_changed`, the newest version of each.
extension MatchingDatabase {
    /// The geohash length of `ride_offer.cell`.
    static let rideOfferCellPrecision = 7

    /// `ride.offer_changed`, applied once: the offer's row becomes this version, unless it has this one or a newer
    /// one already (deliveries of one offer may arrive out of order).
    func project(
        _ offer: Quad_Jobs_V1_RideOfferChanged,
        delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let row = try RideOfferRow(offer)
        return try await receive(delivery) { db, _ in
            let stored = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT version FROM ride_offer WHERE offer_id = ?"),
                arguments: [row.offerID]
            )
            if let stored, stored >= row.version {
                logger.notice(
                    "ride.offer_changed older than the version matching has; nothing to do",
                    metadata: ["offer_id": "\(row.offerID)", "version": "\(row.version)", "stored": "\(stored)"]
                )
                return
            }
            try row.upsert(db)
        }
    }
}

/// One `ride_offer` row, read from a delivery: its points are checked as the jobs service checked them.
struct RideOfferRow: Sendable {
    let offerID: String
    let offererID: String
    let version: Int64
    let open: Bool
    let origin: GeoPoint
    let originLabel: String
    let destination: GeoPoint
    let destinationLabel: String
    let departureAt: Int64
    let seats: Int
    let seatsTaken: Int
    let detourBudgetPercent: Int
    let fareMinor: Int64
    let fareCurrency: String
    let drops: [GeoPoint]
    let promptsOn: Bool
    let minAge: Int
    let maxAge: Int

    /// Reads `offer`; INVALID_ARGUMENT (which the relay dead-letters) for a delivery jobs could not have sent.
    init(_ offer: Quad_Jobs_V1_RideOfferChanged) throws {
        let topic = Quad_Jobs_V1_RideOfferChanged.topic
        guard !offer.offerID.isEmpty, !offer.offererID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "\(topic): offer_id and offerer_id are required")
        }
        guard offer.version > 0, offer.version <= UInt64(Int64.max) else {
            throw RPCError(code: .invalidArgument, message: "\(topic): version must be 1 or more, not \(offer.version)")
        }
        do {
            origin = try GeoPoint(
                latitude: offer.origin.latitude,
                longitude: offer.origin.longitude,
                field: "origin"
            )
            destination = try GeoPoint(
                latitude: offer.destination.latitude,
                longitude: offer.destination.longitude,
                field: "destination"
            )
            drops = try offer.drops.enumerated().map { index, drop in
                try GeoPoint(latitude: drop.latitude, longitude: drop.longitude, field: "drops[\(index)]")
            }
        } catch {
            throw RPCError(code: .invalidArgument, message: "\(topic): \(error)")
        }
        try Self.check(offer, origin: origin, destination: destination)
        offerID = offer.offerID
        offererID = offer.offererID
        version = Int64(offer.version)
        open = offer.open
        originLabel = offer.origin.label
        destinationLabel = offer.destination.label
        departureAt = offer.departureAtMicros
        seats = Int(offer.seats)
        seatsTaken = Int(offer.seatsTaken)
        detourBudgetPercent = Int(offer.detourBudgetPercent)
        fareMinor = offer.estimatedFare.minorUnits
        fareCurrency = offer.estimatedFare.currency
        promptsOn = offer.promptsOn
        minAge = Int(offer.preferences.minAge)
        maxAge = Int(offer.preferences.maxAge)
    }

    /// The rest of R1's rules search relies on: an offer goes somewhere, has 1...6 seats and no more taken, a detour
    /// budget of 1...100 percent and an estimated fare that is not negative.
    static func check(_ offer: Quad_Jobs_V1_RideOfferChanged, origin: GeoPoint, destination: GeoPoint) throws {
        let topic = Quad_Jobs_V1_RideOfferChanged.topic
        func refuse(_ field: String, _ rule: String) -> RPCError {
            RPCError(code: .invalidArgument, message: "\(topic): \(field): \(rule)")
        }
        guard origin != destination else { throw refuse("destination", "is the origin; a ride goes somewhere else") }
        guard (1...6).contains(offer.seats) else { throw refuse("seats", "\(offer.seats) is not 1...6") }
        guard offer.seatsTaken <= offer.seats else {
            throw refuse("seats_taken", "\(offer.seatsTaken) is more than the \(offer.seats) seats")
        }
        guard (1...100).contains(offer.detourBudgetPercent) else {
            throw refuse("detour_budget_percent", "\(offer.detourBudgetPercent) is not 1...100")
        }
        guard offer.estimatedFare.minorUnits >= 0 else {
            throw refuse("estimated_fare", "\(offer.estimatedFare.minorUnits) is below zero")
        }
    }

    /// Inserts the row, or replaces the offer's older one.
    func upsert(_ db: Database) throws {
        let pairs = drops.map { "[\($0.latitude),\($0.longitude)]" }.joined(separator: ",")
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO ride_offer (
                    offer_id, offerer_id, version, open, cell, origin_latitude, origin_longitude, origin_label,
                    destination_latitude, destination_longitude, destination_label, departure_at_micros, seats,
                    seats_taken, detour_budget_percent, fare_minor, fare_currency, drops, prompts_on, min_age, max_age
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            offerID, offererID, version, open,
            Geohash.encode(origin, precision: MatchingDatabase.rideOfferCellPrecision),
            origin.latitude, origin.longitude, originLabel,
            destination.latitude, destination.longitude, destinationLabel, departureAt, seats,
            seatsTaken, detourBudgetPercent, fareMinor, fareCurrency, "[\(pairs)]", promptsOn, minAge, maxAge,
        ])
    }
}
