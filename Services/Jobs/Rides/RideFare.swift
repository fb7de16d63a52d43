/// The metered fare the offerer recorded after the ride (R4), and everyone's share of it.
public struct RideFare: Sendable, Hashable, Codable {
    /// What the meter said.
    public var amount: Money
    /// The receipt in fleet-documents, when the offerer gave one.
    public var receiptDocumentID: String?
    /// When it was recorded.
    public var recordedAt: Int64
    /// Each rider's share in route order, then the offerer's: they add up to ``amount`` exactly.
    public var shares: [RideShare]

    /// Creates a fare.
    public init(amount: Money, receiptDocumentID: String?, recordedAt: Int64, shares: [RideShare]) {
        self.amount = amount
        self.receiptDocumentID = receiptDocumentID
        self.recordedAt = recordedAt
        self.shares = shares
    }
}
