/// The sandbox's test tokens, as an app or a test passes them in place of the token Apple Pay or
/// Google Pay would give it (documented in docs/payments-sandbox.md).
public enum SandboxTokens {
    /// Payment methods whose holds, captures and charges succeed.
    public static let succeeding: Set<String> = ["tok_sandbox_visa", "tok_sandbox_applepay", "tok_sandbox_googlepay"]
    /// Declined by the issuer: `insufficient_funds`.
    public static let insufficientFunds = "tok_sandbox_decline_insufficient_funds"
    /// Declined by the issuer: `card_declined`.
    public static let cardDeclined = "tok_sandbox_decline_card_declined"
    /// The provider is unavailable for every request with it.
    public static let unavailable = "tok_sandbox_unavailable"
    /// The provider is unavailable on the first attempt of each idempotency key, then succeeds:
    /// what a retry with the same key is for.
    public static let flaky = "tok_sandbox_flaky"
    /// A bank account that receives payouts.
    public static let bankAccount = "bank_sandbox_checking"
    /// A closed bank account: payouts are declined `account_closed`.
    public static let closedBankAccount = "bank_sandbox_closed"
    /// A bank account that accepts a payout, then returns it at settlement, code `could_not_process`.
    public static let returningBankAccount = "bank_sandbox_returns"

    /// Every payment method token the sandbox knows, for messages.
    static var paymentMethods: [String] {
        succeeding.sorted() + [insufficientFunds, cardDeclined, unavailable, flaky]
    }
}
