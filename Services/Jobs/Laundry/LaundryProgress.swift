/// Laundry's own state of a job, beside the core's: the stage it is at and the final price recorded at "finished
/// drying" (L7, L8). Changed only by laundry's operations and by ``Laundry/progress(_:after:)``.
public struct LaundryProgress: Sendable, Hashable {
    /// The stage the job is at.
    public internal(set) var stage: LaundryStage
    /// The final price, recorded at "finished drying".
    public internal(set) var finalPrice: FinalPrice?
    /// When the customer approved a final price that needed it.
    public internal(set) var finalPriceApprovedAt: Int64?
}
