/// What the buyer tells the requester between the stages (story 13); its raw values are the wire's
/// `ErrandUpdateKind`.
public enum ErrandUpdateKind: Int, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Shopping now: said while accepted.
    case atStore = 1
    /// Bought and coming over: said once bought.
    case onTheWay = 2

    /// The stage at which it is said.
    public var stage: ErrandStage {
        switch self {
        case .atStore: .accepted
        case .onTheWay: .bought
        }
    }

    public var description: String {
        switch self {
        case .atStore: "at the store"
        case .onTheWay: "on the way"
        }
    }
}
