import Foundation
public import GRDB
public import JobsRides

/// Rides' rows, each read or write inside the caller's transaction (jobs.v10 and jobs.v11 in ``JobsMigrations``).
///
/// An offer is stored as the JSON of JobsRides' `RideOffer` beside the columns its queries read; a seat as its
/// timeline (JSON of the domain's entries), replayed through the rules when read, as errands are.
public enum RidesStore {
    // MARK: Offers

    /// Stores `offer`, new or changed.
    public static func save(_ offer: RideOffer, _ db: Database) throws {
        let json = try JSONEncoder().encode(offer)
        try db.cachedStatement(
            sql: """
                INSERT INTO ride_offer (id, offerer_id, status, departure_at, version, updated_at, offer)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET status = excluded.status, departure_at = excluded.departure_at,
                    version = excluded.version, updated_at = excluded.updated_at, offer = excluded.offer
                """
        ).execute(
            arguments: [
                offer.id, offer.offerer, offer.statusColumn, offer.departureAt, offer.version, offer.lastChangeAt,
                json,
            ]
        )
    }

    /// Offer `id`, or nil.
    public static func offer(id: String, _ db: Database) throws -> RideOffer? {
        try Data.fetchOne(db.cachedStatement(sql: "SELECT offer FROM ride_offer WHERE id = ?"), arguments: [id])
            .map { try JSONDecoder().decode(RideOffer.self, from: $0) }
    }

    /// A page of the offers `user` offers or holds a seat on, latest departure first, after `cursor`
    /// (departure, seq): as offerer, rider or either, all or the open ones (for a rider: with an active seat).
    public static func offers(
        of user: String,
        asOfferer: Bool,
        asRider: Bool,
        activeOnly: Bool,
        limit: Int,
        before cursor: (departure: Int64, seq: Int64)?,
        _ db: Database
    ) throws -> (offers: [RideOffer], next: (departure: Int64, seq: Int64)?) {
        var parts: [String] = []
        var arguments: StatementArguments = []
        if asOfferer {
            parts.append(
                "SELECT seq FROM ride_offer WHERE offerer_id = ?" + (activeOnly ? " AND status = 'open'" : "")
            )
            arguments += [user]
        }
        if asRider {
            parts.append(
                "SELECT o.seq FROM ride_seat s JOIN ride_offer o ON o.id = s.offer_id WHERE s.rider_id = ?"
                    + (activeOnly ? " AND s.status = 'active'" : "")
            )
            arguments += [user]
        }
        let (departure, seq) = cursor ?? (Int64.max, Int64.max)
        arguments += [departure, departure, seq, limit + 1]
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT seq, departure_at, offer FROM ride_offer WHERE seq IN (\(parts.joined(separator: " UNION ")))
                    AND (departure_at < ? OR (departure_at = ? AND seq < ?))
                ORDER BY departure_at DESC, seq DESC LIMIT ?
                """,
            arguments: arguments
        )
        let offers = try rows.prefix(limit).map { try JSONDecoder().decode(RideOffer.self, from: $0["offer"] as Data) }
        let next = rows.count > limit ? rows[limit - 1] : nil
        return (offers, next.map { ($0["departure_at"], $0["seq"]) })
    }

    // MARK: Seats

    /// Stores `record`, new or changed.
    public static func save(_ record: RideSeatRecord, _ db: Database) throws {
        let seat = record.seat
        let timeline = try JSONEncoder().encode(seat.timeline)
        let payments = record.paymentEntries.isEmpty ? nil : try JSONEncoder().encode(record.paymentEntries)
        try db.cachedStatement(
            sql: """
                INSERT INTO ride_seat (id, offer_id, rider_id, stage, status, requested_at, updated_at, timeline,
                    payment_state, payment_timeline)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET stage = excluded.stage, status = excluded.status,
                    updated_at = excluded.updated_at, timeline = excluded.timeline,
                    payment_state = excluded.payment_state, payment_timeline = excluded.payment_timeline
                """
        ).execute(
            arguments: [
                seat.id, seat.offerID, seat.rider, seat.stage.rawValue, record.statusColumn, seat.submittedAt,
                record.updatedAt, timeline, record.paymentState?.rawValue, payments,
            ]
        )
    }

    /// Seat `id`, or nil: its timeline replayed through the rules.
    ///
    /// - Throws: the domain's `JobsError` when the stored timeline contradicts the rules.
    public static func seat(id: String, _ db: Database) throws -> RideSeatRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM ride_seat WHERE id = ?"), arguments: [id])
            .map(record)
    }

    /// Every seat of offer `offerID`, in the order they were asked for.
    public static func seats(ofOffer offerID: String, _ db: Database) throws -> [RideSeatRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM ride_seat WHERE offer_id = ? ORDER BY seq"),
            arguments: [offerID]
        ).map(record)
    }

    /// The id of `rider`'s active seat on offer `offerID`, if any.
    public static func activeSeatID(of rider: String, onOffer offerID: String, _ db: Database) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(
                sql: "SELECT id FROM ride_seat WHERE offer_id = ? AND rider_id = ? AND status = 'active'"
            ),
            arguments: [offerID, rider]
        )
    }

    private static func record(_ row: Row) throws -> RideSeatRecord {
        let timeline = try JSONDecoder().decode([RideSeatTimelineEntry].self, from: row["timeline"] as Data)
        let payments: [JobRecord.PaymentEntry] =
            try (row["payment_timeline"] as Data?).map {
                try JSONDecoder().decode([JobRecord.PaymentEntry].self, from: $0)
            } ?? []
        return RideSeatRecord(
            // A lenient review window: a shorter one today must not make yesterday's review unreadable.
            seat: try RideSeat(
                replaying: timeline,
                configuration: RidesConfiguration(
                    lifecycle: JobLifecycleConfiguration(reviewWindow: 366 * Microseconds.perDay)
                )
            ),
            paymentState: (row["payment_state"] as String?).flatMap(JobRecord.PaymentState.init(rawValue:)),
            paymentEntries: payments,
            updatedAt: row["updated_at"]
        )
    }

    /// The ids of `user`'s open offers and of their active seats (account deletion).
    public static func activeRides(of user: String, _ db: Database) throws -> (offers: [String], seats: [String]) {
        let offers = try String.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM ride_offer WHERE offerer_id = ? AND status = 'open'"),
            arguments: [user]
        )
        let seats = try String.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM ride_seat WHERE rider_id = ? AND status = 'active'"),
            arguments: [user]
        )
        return (offers, seats)
    }

    // MARK: Prompts (R5)

    /// The whole catalogue, in id order, each with its category's number.
    public static func promptCatalogue(_ db: Database) throws -> [RidePrompt] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT id, category, text FROM ride_prompt ORDER BY id")).map {
            RidePrompt(id: $0["id"], category: String($0["category"] as Int), text: $0["text"])
        }
    }

    /// The prompts group `group` of offer `offerID` was shown, by batch (oldest first).
    public static func shownPrompts(offerID: String, group: String, _ db: Database) throws -> [(batch: Int, id: String)]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT batch, prompt_id FROM ride_prompt_shown WHERE offer_id = ? AND group_key = ? "
                    + "ORDER BY batch, prompt_id"
            ),
            arguments: [offerID, group]
        ).map { ($0["batch"], $0["prompt_id"]) }
    }

    /// Records `prompts` as batch `batch` shown to group `group` of offer `offerID` at `at`.
    public static func recordShown(
        _ prompts: [RidePrompt],
        offerID: String,
        group: String,
        batch: Int,
        at: Int64,
        _ db: Database
    ) throws {
        for prompt in prompts {
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO ride_prompt_shown (offer_id, group_key, prompt_id, batch, shown_at)
                    VALUES (?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [offerID, group, prompt.id, batch, at])
        }
    }
}
