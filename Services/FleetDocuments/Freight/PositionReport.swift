/// A driver's report of one or more fixes (F5), checked whole: one bad fix refuses the report, naming it, so that
/// nothing of it is kept.
public struct PositionReport: Sendable, Hashable {
    /// How many fixes one report may carry: an app offline for a quarter of an hour at one fix every 2 s.
    public static let maximumFixes = 500
    /// How far ahead of the server's clock a device's may run.
    public static let allowedClockSkew: Int64 = 60_000_000

    /// The fixes, oldest first.
    public let fixes: [PositionFix]

    /// One raw fix as the wire carries it.
    public struct Raw: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        public var recordedAt: Int64
        public var accuracy: Double

        public init(latitude: Double, longitude: Double, recordedAt: Int64, accuracy: Double = 0) {
            self.latitude = latitude
            self.longitude = longitude
            self.recordedAt = recordedAt
            self.accuracy = accuracy
        }
    }

    /// Checks `raw` at `now`: 1 to ``maximumFixes`` fixes, each a coordinate, taken within `retention` before `now`
    /// and at most ``allowedClockSkew`` after it, with an accuracy that is not negative (0: not said).
    ///
    /// - Throws: ``FreightError`` `invalidArgument` naming the first fix at fault (`positions[3].latitude`).
    public init(_ raw: [Raw], now: Int64, retention: Int64) throws(FreightError) {
        guard !raw.isEmpty else {
            throw FreightError(
                code: .invalidArgument,
                message: "positions: a report needs at least one position",
                field: "positions"
            )
        }
        guard raw.count <= Self.maximumFixes else {
            throw FreightError(
                code: .invalidArgument,
                message: "positions: \(raw.count) in one report; send at most \(Self.maximumFixes) at a time",
                field: "positions"
            )
        }
        var fixes: [PositionFix] = []
        fixes.reserveCapacity(raw.count)
        for (index, fix) in raw.enumerated() {
            let field = "positions[\(index)]"
            let coordinate = try Coordinate(latitude: fix.latitude, longitude: fix.longitude, field: field)
            guard fix.recordedAt <= now + Self.allowedClockSkew else {
                throw FreightError(
                    code: .invalidArgument,
                    message: "\(field).recorded_at_micros: \(fix.recordedAt) is more than 60 s after the server's "
                        + "clock (\(now)); check the device's clock",
                    field: "\(field).recorded_at_micros"
                )
            }
            guard fix.recordedAt > now - retention else {
                throw FreightError(
                    code: .invalidArgument,
                    message: "\(field).recorded_at_micros: \(fix.recordedAt) is older than the "
                        + "\(retention / 86_400_000_000)-day retention window; positions that old are not kept",
                    field: "\(field).recorded_at_micros"
                )
            }
            guard fix.accuracy.isFinite, fix.accuracy >= 0 else {
                throw FreightError(
                    code: .invalidArgument,
                    message: "\(field).accuracy_meters: \(fix.accuracy) is not an accuracy; use metres, 0 or more "
                        + "(0 when the device did not say)",
                    field: "\(field).accuracy_meters"
                )
            }
            fixes.append(
                PositionFix(
                    coordinate: coordinate,
                    recordedAt: fix.recordedAt,
                    accuracy: fix.accuracy == 0 ? nil : fix.accuracy
                )
            )
        }
        self.fixes = fixes.sorted { $0.recordedAt < $1.recordedAt }
    }

    /// The newest fix.
    public var latest: PositionFix {
        // A report is never empty (the initializer refuses that).
        fixes[fixes.count - 1]
    }
}
