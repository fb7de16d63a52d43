public import PaymentsDomain
public import PaymentsErrands
public import PaymentsLaundry
public import PaymentsRides

/// The products payments serves, by id: adding a product adds its module and one entry here.
public struct PaymentsProducts: Sendable {
    private let byID: [String: any PaymentsProduct]

    /// The products given; a later one with the same id replaces an earlier one.
    public init(_ products: [any PaymentsProduct]) {
        byID = Dictionary(products.map { ($0.pricing.product, $0) }, uniquingKeysWith: { _, later in later })
    }

    /// What quad-payments serves: laundry, priced with `laundry`, errands, priced with `errands`, and rides, priced
    /// with `rides`.
    public static func standard(
        laundry: LaundryFeeSchedule = .defaults,
        errands: ErrandsFeeSchedule = .defaults,
        rides: RidesFeeSchedule = .defaults
    ) -> PaymentsProducts {
        PaymentsProducts([
            LaundryPayments(schedule: laundry), ErrandsPayments(schedule: errands), RidesPayments(schedule: rides),
        ])
    }

    /// The ids served, sorted.
    public var ids: [String] { byID.keys.sorted() }

    /// The product `id`.
    ///
    /// - Throws: ``PaymentsDomain/PaymentsError`` INVALID_ARGUMENT naming `product` when payments serves no such
    ///   product.
    public func product(_ id: String) throws(PaymentsError) -> any PaymentsProduct {
        guard let product = byID[id] else { throw .unknownProduct(id, known: ids) }
        return product
    }
}
