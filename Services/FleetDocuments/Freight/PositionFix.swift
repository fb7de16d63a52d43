/// One fix from a driver's device (F5): where, when the device took it, and how sure it was.
public struct PositionFix: Sendable, Hashable {
    public var coordinate: Coordinate
    /// When the device took it, in microseconds since the epoch (UTC).
    public var recordedAt: Int64
    /// The device's accuracy in metres; nil when it did not say.
    public var accuracy: Double?

    public init(coordinate: Coordinate, recordedAt: Int64, accuracy: Double? = nil) {
        self.coordinate = coordinate
        self.recordedAt = recordedAt
        self.accuracy = accuracy
    }
}
