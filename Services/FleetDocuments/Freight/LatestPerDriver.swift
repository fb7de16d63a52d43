/// What waits for one live watcher of positions (F5): the newest position of each driver, in the order the drivers
/// first reported since the last take. A watcher that reads slower than drivers report is never owed a backlog:
/// a driver's newer position replaces the older one while it waits, so what waits is bounded by the number of
/// drivers, whatever the rate.
public struct LatestPerDriver<Position: Sendable>: Sendable {
    private var waiting: [String: (position: Position, recordedAt: Int64)] = [:]
    private var order: [String] = []

    public init() {}

    /// Whether nothing waits.
    public var isEmpty: Bool { order.isEmpty }

    /// How many drivers have a position waiting.
    public var count: Int { order.count }

    /// Keeps `position` for `driver` unless a position taken later already waits.
    public mutating func offer(_ position: Position, driver: String, recordedAt: Int64) {
        if let current = waiting[driver] {
            guard recordedAt >= current.recordedAt else { return }
        } else {
            order.append(driver)
        }
        waiting[driver] = (position, recordedAt)
    }

    /// Everything waiting, oldest driver first, leaving nothing.
    public mutating func take() -> [Position] {
        defer {
            waiting.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
        }
        return order.compactMap { waiting[$0]?.position }
    }
}
