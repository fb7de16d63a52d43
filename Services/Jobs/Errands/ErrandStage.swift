/// Where an errand stands (features E): open for a buyer, accepted by one, its items bought, delivered.
///
/// The raw value is the stage number the wire will use (`quad.jobs.v1.ErrandStage`). Stage 1 is reached by the
/// buyer's acceptance (E3, the core's assignment) and stage 0 again when the requester sends the buyer away; stage 2
/// by ``Job/recordPurchase(by:_:at:)`` (E5) and stage 3 by ``Job/deliver(by:at:)``, which completes the errand.
public enum ErrandStage: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// 0: posted, waiting for a buyer to accept it.
    case open = 0
    /// 1: a buyer accepted it; from here on the requester cancels only with the buyer's agreement (E4).
    case accepted = 1
    /// 2: the buyer bought the items and recorded their prices and the receipt; no cancelling any more.
    case bought = 2
    /// 3: the buyer delivered the items; the errand is complete, paid and open for reviews.
    case delivered = 3

    /// The name people read.
    public var displayName: String {
        switch self {
        case .open: "open"
        case .accepted: "accepted"
        case .bought: "bought"
        case .delivered: "delivered"
        }
    }

    /// `2 bought`: the number and the name, as refusal messages quote a stage.
    public var description: String { "\(rawValue) \(displayName)" }

    /// In stage order.
    public static func < (lhs: ErrandStage, rhs: ErrandStage) -> Bool { lhs.rawValue < rhs.rawValue }
}
