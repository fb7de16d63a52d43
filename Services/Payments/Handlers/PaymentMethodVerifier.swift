import PaymentsProviders
import QuadWire

/// What the provider says of a wallet token (P2).
public struct PaymentMethodDetails: Sendable, Hashable {
    /// The provider's name for the method, e.g. `sandbox-visa`.
    public var brand: String
    /// The card's last digits.
    public var lastDigits: String

    /// Creates details.
    public init(brand: String, lastDigits: String) {
        self.brand = brand
        self.lastDigits = lastDigits
    }
}

/// Checks a wallet token when a user adds it, as a processor's "retrieve payment method" call does: a token the
/// provider does not know is refused then, not at the first hold.
public protocol PaymentMethodVerifier: Sendable {
    /// The details of `token`.
    ///
    /// - Throws: `RPCError` INVALID_ARGUMENT naming `token` when the provider does not know it.
    func details(of token: String) throws -> PaymentMethodDetails
}

/// The sandbox's payment method tokens (docs/payments-sandbox.md), with the brands and last digits a test
/// processor would report for them. Tokens that decline or fail are valid payment methods: they fail at the hold,
/// as a real card with no funds is only refused when charged.
public struct SandboxPaymentMethods: PaymentMethodVerifier {
    static let known: [String: PaymentMethodDetails] = [
        "tok_sandbox_visa": PaymentMethodDetails(brand: "sandbox-visa", lastDigits: "4242"),
        "tok_sandbox_applepay": PaymentMethodDetails(brand: "sandbox-applepay", lastDigits: "1881"),
        "tok_sandbox_googlepay": PaymentMethodDetails(brand: "sandbox-googlepay", lastDigits: "0005"),
        SandboxTokens.insufficientFunds: PaymentMethodDetails(brand: "sandbox-visa", lastDigits: "9995"),
        SandboxTokens.cardDeclined: PaymentMethodDetails(brand: "sandbox-visa", lastDigits: "0002"),
        SandboxTokens.unavailable: PaymentMethodDetails(brand: "sandbox-visa", lastDigits: "0119"),
        SandboxTokens.flaky: PaymentMethodDetails(brand: "sandbox-visa", lastDigits: "0341"),
    ]

    /// The sandbox's catalog.
    public init() {}

    public func details(of token: String) throws -> PaymentMethodDetails {
        guard let details = Self.known[token] else {
            throw RPCError(
                code: .invalidArgument,
                message: "token: the payment provider does not know this token; the sandbox knows "
                    + Self.known.keys.sorted().joined(separator: ", ")
            )
        }
        return details
    }
}
