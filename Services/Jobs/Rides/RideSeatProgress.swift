/// Rides' own state of a seat, beside the core's: the stage, the hold placed at acceptance, the share the fare gave
/// the rider and its approval. Changed only by rides' operations and by ``Rides/progress(_:after:)``.
public struct RideSeatProgress: Sendable, Hashable {
    /// The stage the seat is at.
    public internal(set) var stage: RideSeatStage
    /// The rider's money held when the offerer accepted; `nil` before.
    public internal(set) var hold: RideHold?
    /// The rider's share of the metered fare, once recorded.
    public internal(set) var share: Money?
    /// When the rider approved a share above the hold.
    public internal(set) var shareApprovedAt: Int64?
}
