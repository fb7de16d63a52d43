extension LaundryQuote {
    /// What a laundry quote line charges for; it decides who the money goes to
    /// (``PaymentsDomain/EarningsSplit/laundry(machineCost:serviceFees:convenienceFee:platformShareBasisPoints:)``).
    /// The core keeps it as the line's ``PaymentsDomain/QuoteLine/code``.
    public enum LineKind: Sendable, Hashable {
        /// The washers and dryers: an estimate from the dorm's prices, or the actual cost the dasher paid.
        case machines
        /// The flat service fee.
        case serviceFee
        /// The convenience fee.
        case convenienceFee
        /// An add-on.
        case addOn(LaundryAddOn)

        /// The line's code: `machines`, `service_fee`, `convenience_fee`, or the add-on's (`folding`, `ironing`).
        public var code: String {
            switch self {
            case .machines: "machines"
            case .serviceFee: "service_fee"
            case .convenienceFee: "convenience_fee"
            case .addOn(let addOn): addOn.rawValue
            }
        }

        /// The kind a code names, or nil for a code that is not laundry's.
        public init?(code: String) {
            switch code {
            case "machines": self = .machines
            case "service_fee": self = .serviceFee
            case "convenience_fee": self = .convenienceFee
            default:
                guard let addOn = LaundryAddOn(rawValue: code) else { return nil }
                self = .addOn(addOn)
            }
        }
    }
}

extension QuoteLine {
    /// A laundry line of `kind`.
    public init(kind: LaundryQuote.LineKind, description: String, amount: Money) {
        self.init(code: kind.code, description: description, amount: amount)
    }

    /// What the line charges for, when it is a laundry line.
    public var kind: LaundryQuote.LineKind? { LaundryQuote.LineKind(code: code) }
}
