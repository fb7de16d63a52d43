/// Where a load stands (F3, F4). A created load waits unassigned; assigned to a driver it moves among the working
/// statuses in any order the road takes (on the way, waiting, loading, unloading); completed is final.
public enum LoadStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case unassigned
    case assigned
    case onTheWay = "on_the_way"
    case waiting
    case loading
    case unloading
    case completed

    /// The statuses a driver or a dispatcher sets (F4).
    public static let settable: [LoadStatus] = [.onTheWay, .waiting, .loading, .unloading, .completed]

    /// How it reads to people.
    public var displayName: String {
        switch self {
        case .unassigned: "unassigned"
        case .assigned: "assigned"
        case .onTheWay: "on the way"
        case .waiting: "waiting"
        case .loading: "loading"
        case .unloading: "unloading"
        case .completed: "completed"
        }
    }
}
