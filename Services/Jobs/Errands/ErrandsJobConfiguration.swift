/// The limits of an errand: its shopping list and texts (E1), and the core's review window and texts.
public struct ErrandsJobConfiguration: JobProductConfiguration, Hashable {
    /// The most items a list may have.
    public var maximumItems: Int
    /// The most of one item.
    public var maximumQuantity: Int
    /// The most characters (user-perceived, Swift `Character`s) an item's name may have.
    public var maximumItemNameLength: Int
    /// The most characters the preferred store's name may have.
    public var maximumStoreLength: Int
    /// The most characters the delivery place may have.
    public var maximumDeliveryPlaceLength: Int
    /// The most characters the notes may have.
    public var maximumNotesLength: Int
    /// The core's limits.
    public var lifecycle: JobLifecycleConfiguration

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every limit is above zero.
    public init(
        maximumItems: Int = 30,
        maximumQuantity: Int = 99,
        maximumItemNameLength: Int = 200,
        maximumStoreLength: Int = 100,
        maximumDeliveryPlaceLength: Int = 200,
        maximumNotesLength: Int = 1000,
        lifecycle: JobLifecycleConfiguration = .defaults
    ) {
        precondition(
            maximumItems > 0 && maximumQuantity > 0 && maximumItemNameLength > 0 && maximumStoreLength > 0
                && maximumDeliveryPlaceLength > 0 && maximumNotesLength > 0,
            "limits must allow something"
        )
        self.maximumItems = maximumItems
        self.maximumQuantity = maximumQuantity
        self.maximumItemNameLength = maximumItemNameLength
        self.maximumStoreLength = maximumStoreLength
        self.maximumDeliveryPlaceLength = maximumDeliveryPlaceLength
        self.maximumNotesLength = maximumNotesLength
        self.lifecycle = lifecycle
    }

    /// 30 items is a week's shopping for one, which is what one person carries across campus; 99 of one item keeps a
    /// typo (1000 eggs) from holding a fortune; 200 characters name an item with its brand and size. The core's limits
    /// are its defaults.
    public static var defaults: ErrandsJobConfiguration { ErrandsJobConfiguration() }
}
