/// Where a seat stands (R3, R4): requested, accepted by the offerer, its share waiting for the rider's approval,
/// settled.
///
/// The raw value is the stage number the wire uses (`quad.jobs.v1.RideSeatStage`). Stage 1 is reached by the
/// offerer's acceptance (the core's assignment, after the hold); stages 2 and 3 by the fare
/// (``RideOffer/recordFare(by:_:receiptDocumentID:seats:at:configuration:)``): 3 at once when the rider's share is
/// within the hold, 2 until the rider approves it (``Job/approveShare(by:at:)``) when it is above.
public enum RideSeatStage: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// 0: the rider asked to join; the offerer has not answered.
    case requested = 0
    /// 1: the offerer accepted; the rider's estimated share is held, the drop is on the route.
    case accepted = 1
    /// 2: the fare was recorded and the rider's share is above the hold: it waits for the rider's approval.
    case awaitingApproval = 2
    /// 3: the rider's share was captured; the seat is complete and open for reviews.
    case settled = 3

    /// The name people read.
    public var displayName: String {
        switch self {
        case .requested: "requested"
        case .accepted: "accepted"
        case .awaitingApproval: "awaiting approval"
        case .settled: "settled"
        }
    }

    /// `1 accepted`: the number and the name, as refusal messages quote a stage.
    public var description: String { "\(rawValue) \(displayName)" }

    /// In stage order.
    public static func < (lhs: RideSeatStage, rhs: RideSeatStage) -> Bool { lhs.rawValue < rhs.rawValue }
}
