/// What a laundry job's offer shows a dasher (L3): the estimated loads, the add-ons, and when the customer wants the
/// laundry picked up and back. Jobs' laundry module writes it as a listing's fields (`JobSubmitted.listing`);
/// matching keeps them without reading them, and its laundry module reads them back.
public struct LaundryListing: Sendable, Hashable {
    /// The fields' names.
    public enum Field {
        /// The customer's estimate of the loads (L1), a decimal number.
        public static let estimatedLoads = "estimated_loads"
        /// The add-ons, their raw values comma-separated in ``LaundryAddOn`` order (`folding,ironing`), or empty.
        public static let addOns = "add_ons"
        /// When the customer wants the laundry picked up, UTC microseconds; 0 for as soon as possible.
        public static let pickupAt = "pickup_at_micros"
        /// When they want it back, UTC microseconds.
        public static let dropOffAt = "drop_off_at_micros"
    }

    /// The customer's estimate of the loads.
    public var estimatedLoads: Int
    /// The add-ons, in ``LaundryAddOn`` order.
    public var addOns: [LaundryAddOn]
    /// When the customer wants the laundry picked up (UTC microseconds); 0 for as soon as possible.
    public var pickupAt: Int64
    /// When they want it back.
    public var dropOffAt: Int64

    /// Creates a listing; the add-ons are kept once each, in their order.
    public init(estimatedLoads: Int, addOns: some Sequence<LaundryAddOn>, pickupAt: Int64, dropOffAt: Int64) {
        self.estimatedLoads = estimatedLoads
        self.addOns = Set(addOns).sorted()
        self.pickupAt = pickupAt
        self.dropOffAt = dropOffAt
    }

    /// The listing as fields.
    public var fields: [String: String] {
        [
            Field.estimatedLoads: String(estimatedLoads),
            Field.addOns: addOns.map(\.rawValue).joined(separator: ","),
            Field.pickupAt: String(pickupAt),
            Field.dropOffAt: String(dropOffAt),
        ]
    }

    /// Reads a listing's fields; nil with the name of the first field that is missing or unreadable.
    public static func reading(_ fields: [String: String]) -> Result<LaundryListing, UnreadableField> {
        guard let loads = fields[Field.estimatedLoads].flatMap({ Int($0) }) else {
            return .failure(UnreadableField(name: Field.estimatedLoads, expected: "a number of loads"))
        }
        guard let addOnsText = fields[Field.addOns] else {
            return .failure(UnreadableField(name: Field.addOns, expected: "the add-ons, comma-separated (or empty)"))
        }
        var addOns: [LaundryAddOn] = []
        for name in addOnsText.split(separator: ",") {
            guard let addOn = LaundryAddOn(rawValue: String(name)) else {
                return .failure(UnreadableField(name: Field.addOns, expected: "folding or ironing, not \(name)"))
            }
            addOns.append(addOn)
        }
        guard let pickup = fields[Field.pickupAt].flatMap({ Int64($0) }) else {
            return .failure(UnreadableField(name: Field.pickupAt, expected: "UTC microseconds"))
        }
        guard let dropOff = fields[Field.dropOffAt].flatMap({ Int64($0) }) else {
            return .failure(UnreadableField(name: Field.dropOffAt, expected: "UTC microseconds"))
        }
        return .success(LaundryListing(estimatedLoads: loads, addOns: addOns, pickupAt: pickup, dropOffAt: dropOff))
    }

    /// A field ``reading(_:)`` could not read: its name and what it should hold.
    public struct UnreadableField: Error, Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// What it should hold.
        public var expected: String
    }
}
