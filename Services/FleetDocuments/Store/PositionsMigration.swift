import GRDB

/// Freight's positions (F5): every fix kept for the retention window, and each driver's latest apart, so that the
/// dispatchers' view reads one row a driver. Times are UTC microseconds.
enum PositionsMigration {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("positions.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE driver_position (
                        id INTEGER PRIMARY KEY,
                        driver_id TEXT NOT NULL,
                        load_id TEXT,
                        latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                        accuracy REAL,
                        recorded_at INTEGER NOT NULL,
                        received_at INTEGER NOT NULL
                    );
                    CREATE INDEX driver_position_by_load ON driver_position (load_id, recorded_at, id)
                        WHERE load_id IS NOT NULL;
                    CREATE INDEX driver_position_by_driver ON driver_position (driver_id, recorded_at);
                    CREATE INDEX driver_position_by_time ON driver_position (recorded_at);
                    CREATE TABLE driver_latest_position (
                        driver_id TEXT PRIMARY KEY,
                        load_id TEXT,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        accuracy REAL,
                        recorded_at INTEGER NOT NULL,
                        received_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """
            )
        }
    }
}
