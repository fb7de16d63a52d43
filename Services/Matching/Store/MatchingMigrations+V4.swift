import GRDB

extension MatchingMigrations {
    /// `matching.v4`: rides' search index (issue 16, R2). `ride_offer` is what matching knows of each ride offer, as
    /// jobs' latest `ride.offer_changed` said it (``version``: an older delivery changes nothing). `cell` is the
    /// geohash of the origin, 7 characters (about 150 m): search covers the rider's walking circle with shorter cells
    /// and reads each as a range of this text. `drops` is the accepted riders' drops in route order, a JSON array of
    /// `[latitude, longitude]` pairs. A closed offer (ended or cancelled) keeps its row, with `open` 0, so that a late
    /// delivery of an older version cannot bring it back; the partial index holds only offers a rider could join.
    static func registerVersion4(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("matching.v4.ride-offers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE ride_offer (
                        offer_id TEXT PRIMARY KEY,
                        offerer_id TEXT NOT NULL,
                        version INTEGER NOT NULL,
                        open INTEGER NOT NULL,
                        cell TEXT NOT NULL,
                        origin_latitude REAL NOT NULL,
                        origin_longitude REAL NOT NULL,
                        origin_label TEXT NOT NULL,
                        destination_latitude REAL NOT NULL,
                        destination_longitude REAL NOT NULL,
                        destination_label TEXT NOT NULL,
                        departure_at_micros INTEGER NOT NULL,
                        seats INTEGER NOT NULL,
                        seats_taken INTEGER NOT NULL,
                        detour_budget_percent INTEGER NOT NULL,
                        fare_minor INTEGER NOT NULL,
                        fare_currency TEXT NOT NULL,
                        drops TEXT NOT NULL,
                        prompts_on INTEGER NOT NULL,
                        min_age INTEGER NOT NULL,
                        max_age INTEGER NOT NULL
                    );
                    CREATE INDEX ride_offer_search ON ride_offer(cell, departure_at_micros)
                        WHERE open = 1 AND seats_taken < seats;
                    CREATE INDEX ride_offer_offerer ON ride_offer(offerer_id) WHERE open = 1;
                    """
            )
        }
    }
}
