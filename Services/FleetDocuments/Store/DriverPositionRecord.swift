import FreightDomain
import GRDB

/// A kept fix: whose, the load its driver was working when it was taken (if any), and when it arrived.
struct DriverPositionRecord: Sendable, Hashable {
    var driverID: String
    var loadID: String?
    var fix: PositionFix
    var receivedAt: Int64
    /// The row's id in `driver_position`; 0 for a latest position.
    var sequence: Int64 = 0

    init(driverID: String, loadID: String?, fix: PositionFix, receivedAt: Int64, sequence: Int64 = 0) {
        self.driverID = driverID
        self.loadID = loadID
        self.fix = fix
        self.receivedAt = receivedAt
        self.sequence = sequence
    }

    init(row: Row) throws {
        let coordinate = try Coordinate(latitude: row["latitude"], longitude: row["longitude"], field: "position")
        self.init(
            driverID: row["driver_id"],
            loadID: row["load_id"],
            fix: PositionFix(coordinate: coordinate, recordedAt: row["recorded_at"], accuracy: row["accuracy"]),
            receivedAt: row["received_at"],
            sequence: row.hasColumn("id") ? row["id"] : 0
        )
    }
}
