/// The rides product's id and the codes of its payment lines: what a hold (`HoldForJob.product`, `lines`) and
/// `job.completed` name (jobs' `JobsRides` writes them, payments' `PaymentsRides` reads them).
public enum RidesProduct {
    /// `rides`.
    public static let id = "rides"
    /// The one line of a seat's hold and of its completion: the rider's share of the fare, quantity 1. The hold's is
    /// the estimated share, to which payments adds its margin; the completion's is the share of the metered fare.
    public static let fareShareCode = "fare_share"
    /// The line of a seat's hold and capture that payments charges besides the share: its booking fee. Jobs reads it
    /// from the hold's quote, so that it asks the rider's approval exactly when the capture (the share and this fee)
    /// would exceed the hold.
    public static let bookingFeeCode = "booking_fee"
}
