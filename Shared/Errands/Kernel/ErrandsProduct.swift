/// The errands product's id: what a hold (`HoldForJob.product`) and `job.completed` name it by.
public enum ErrandsProduct {
    /// `errands`.
    public static let id = "errands"
}
