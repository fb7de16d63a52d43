/// One member's line in a split request: who, and a value whose meaning ``SplitMethod`` gives.
public struct SplitShare: Sendable, Hashable {
    /// The member, as the households service names them.
    public var memberID: String
    /// Minor units, hundredths of a percent or a weight, by the split's method; ignored when splitting equally.
    public var value: Int64

    /// Creates a line.
    public init(memberID: String, value: Int64 = 0) {
        self.memberID = memberID
        self.value = value
    }
}
