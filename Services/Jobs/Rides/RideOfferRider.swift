/// A rider the offerer accepted, as the offer's route knows them: their seat and where they get out.
public struct RideOfferRider: Sendable, Hashable, Codable {
    /// The rider's seat.
    public var seatID: String
    /// The rider.
    public var rider: String
    /// Where they get out.
    public var drop: RidePlace
    /// When the offerer accepted them.
    public var acceptedAt: Int64

    /// Creates a rider.
    public init(seatID: String, rider: String, drop: RidePlace, acceptedAt: Int64) {
        self.seatID = seatID
        self.rider = rider
        self.drop = drop
        self.acceptedAt = acceptedAt
    }
}
