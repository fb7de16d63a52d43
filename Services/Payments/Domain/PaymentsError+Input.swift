/// Refusals of malformed input and of arithmetic that would go wrong, shared by every operation.
extension PaymentsError {
    /// A required text field is empty.
    public static func missing(field: String, _ what: String) -> PaymentsError {
        PaymentsError(code: .invalidArgument, message: "\(field) is required: \(what)", field: field)
    }

    /// A currency code that is not three capital letters.
    public static func invalidCurrency(field: String, code: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): \"\(code)\" is not an ISO 4217 currency code; use three capital letters, e.g. USD",
            field: field
        )
    }

    /// An amount in another currency than the thing it applies to.
    public static func wrongCurrency(field: String, amount: Money, expected: String, of what: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): \(amount.formatted) is not in \(expected), the currency of \(what)",
            field: field
        )
    }

    /// An amount that must be above zero is not.
    public static func notPositive(field: String, _ amount: Money) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field) must be above zero, got \(amount.formatted)",
            field: field
        )
    }

    /// An amount that must not be negative is.
    public static func negative(field: String, _ amount: Money) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field) must not be negative, got \(amount.formatted)",
            field: field
        )
    }

    /// Two amounts in different currencies were combined; `operation` completes "cannot …".
    public static func currencyMismatch(_ operation: String) -> PaymentsError {
        PaymentsError(code: .invalidArgument, message: "cannot \(operation): the currencies differ")
    }

    /// A result does not fit in `Int64` minor units; `what` names the computation.
    public static func overflow(_ what: String) -> PaymentsError {
        PaymentsError(code: .outOfRange, message: "\(what) is too large to represent in minor units")
    }
}

extension Money {
    /// Refuses an amount whose currency code is malformed or that is not above zero, naming `field`.
    func requirePositive(field: String) throws(PaymentsError) {
        guard Money.isValidCurrencyCode(currency) else {
            throw .invalidCurrency(field: "\(field).currency", code: currency)
        }
        guard isPositive else { throw .notPositive(field: field, self) }
    }

    /// Refuses an amount not in `expected`, naming `field` and `what` the currency belongs to.
    public func requireCurrency(_ expected: String, field: String, of what: String) throws(PaymentsError) {
        guard currency == expected else {
            throw .wrongCurrency(field: field, amount: self, expected: expected, of: what)
        }
    }
}

/// Refuses an empty or blank identifier, naming `field`.
func requireIdentifier(_ value: String, field: String, _ what: String) throws(PaymentsError) {
    guard !value.isEmpty, !value.allSatisfy(\.isWhitespace) else { throw .missing(field: field, what) }
}
