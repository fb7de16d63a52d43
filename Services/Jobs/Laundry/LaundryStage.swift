/// Where a laundry job stands (features L): from 0, waiting for a dasher, to 9, dropped off.
///
/// The raw value is the stage number the source design (Drip 'n Dash) and the wire use. Stage 1 is reached by
/// assignment (L3–L5) and stage 0 again by the customer's rejection of the dasher (L6); every other move is the
/// assigned dasher's, one stage forward at a time (L7).
public enum LaundryStage: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// 0: submitted, in the dorm's queue.
    case waitingForDasher = 0
    /// 1: a dasher accepted the job.
    case dasherAccepted = 1
    /// 2: the dasher is on the way to pick the laundry up.
    case onTheWayForPickup = 2
    /// 3: the dasher has the laundry; from here on the customer can no longer cancel or reject the dasher.
    case pickedUp = 3
    /// 4: in the washer.
    case inWasher = 4
    /// 5: washing finished.
    case finishedWashing = 5
    /// 6: in the dryer.
    case inDryer = 6
    /// 7: drying finished; the dasher enters the actual loads and machine cost, which fix the final price (L8).
    case finishedDrying = 7
    /// 8: the dasher is on the way back.
    case onTheWayForDropOff = 8
    /// 9: dropped off; the job is complete, paid and open for reviews (L10, L11).
    case droppedOff = 9

    /// The stage with `number`, or a ``JobsError`` `INVALID_ARGUMENT` naming `field` when there is none: for the
    /// handlers, which receive the stage as a number.
    public init(number: Int, field: String = "stage") throws(JobsError) {
        guard let stage = LaundryStage(rawValue: number) else { throw .unknownStage(number, field: field) }
        self = stage
    }

    /// The name people read, as in the features list.
    public var displayName: String {
        switch self {
        case .waitingForDasher: "waiting for a dasher"
        case .dasherAccepted: "dasher accepted"
        case .onTheWayForPickup: "on the way for pickup"
        case .pickedUp: "picked up"
        case .inWasher: "in washer"
        case .finishedWashing: "finished washing"
        case .inDryer: "in dryer"
        case .finishedDrying: "finished drying"
        case .onTheWayForDropOff: "on the way for drop-off"
        case .droppedOff: "dropped off"
        }
    }

    /// The stage after this one, `nil` after drop-off.
    public var next: LaundryStage? { LaundryStage(rawValue: rawValue + 1) }

    /// `3 picked up`: the number and the name, as refusal messages quote a stage.
    public var description: String { "\(rawValue) \(displayName)" }

    /// In stage order.
    public static func < (lhs: LaundryStage, rhs: LaundryStage) -> Bool { lhs.rawValue < rhs.rawValue }
}
