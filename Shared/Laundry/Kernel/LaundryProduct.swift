/// The laundry product's id: what a hold (`HoldForJob.product`), a quote and a matching listing name it by.
public enum LaundryProduct {
    /// `laundry`.
    public static let id = "laundry"
}
