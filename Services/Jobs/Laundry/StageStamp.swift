/// A stage a job reached and when (L7): one row of the timeline the customer watches.
public struct StageStamp: Sendable, Hashable {
    /// The stage reached.
    public let stage: LaundryStage
    /// When (UTC microseconds).
    public let at: Int64

    /// Creates a stamp.
    public init(stage: LaundryStage, at: Int64) {
        self.stage = stage
        self.at = at
    }
}
