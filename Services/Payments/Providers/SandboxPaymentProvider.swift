public import PaymentsDomain

/// A ``PaymentProvider`` that behaves like a card processor without reaching one (P2): holds
/// that expire after 7 days on the injected clock, captures up to the hold that release the
/// rest, voids, charges, cumulative refunds up to what was taken, payouts, declines and outages
/// driven by ``SandboxTokens``, and idempotency keys honoured as a processor does (a success or a
/// decline is replayed for the same key and parameters; an outage is not remembered, so a retry
/// can succeed; the same key with other parameters is refused). State lives in memory: the
/// sandbox forgets everything when its process ends, as a test processor's sandbox account
/// would be reset.
public actor SandboxPaymentProvider: PaymentProvider {
    private struct Hold {
        var amount: Money
        var paymentMethod: String
        var expiresAt: Int64
        var settled = false
    }

    private struct Payment {
        var amount: Money
        var refunded: Money
    }

    private enum Answer {
        case authorization(ProviderAuthorization)
        case receipt(ProviderReceipt)
        case declined(ProviderError)
    }

    /// How long a hold lasts: 7 days, as card networks allow for most merchants.
    public static let holdLifetime: Int64 = 7 * 24 * 3_600 * 1_000_000

    private let now: @Sendable () -> Int64
    private var holds: [String: Hold] = [:]
    private var payments: [String: Payment] = [:]
    private var answers: [String: (parameters: String, answer: Answer)] = [:]
    private var flakyKeysSeen: Set<String> = []
    private var nextID = 0

    /// - Parameter now: the time in UTC microseconds (tests pass a settable clock).
    public init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    public func authorize(_ amount: Money, paymentMethod: String, idempotencyKey: String) throws(ProviderError) -> ProviderAuthorization {
        let answer = try idempotent("authorize", idempotencyKey, "\(amount)|\(paymentMethod)") { () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            if let declined = try outcome(of: paymentMethod, idempotencyKey: idempotencyKey) { return .declined(declined) }
            let id = makeID("auth")
            let expiresAt = now() + Self.holdLifetime
            holds[id] = Hold(amount: amount, paymentMethod: paymentMethod, expiresAt: expiresAt)
            return .authorization(ProviderAuthorization(id: id, amount: amount, expiresAt: expiresAt))
        }
        guard case .authorization(let authorization) = answer else { throw Self.unexpected(answer) }
        return authorization
    }

    public func capture(_ amount: Money, authorization: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(idempotent("capture", idempotencyKey, "\(amount)|\(authorization)") { () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            var hold = try openHold(authorization)
            if now() >= hold.expiresAt {
                return .declined(ProviderError(.declined(code: "authorization_expired"), "the hold \(authorization) expired; place a new one"))
            }
            guard amount.currency == hold.amount.currency, amount.minorUnits <= hold.amount.minorUnits else {
                throw ProviderError(.invalidRequest, "capture of \(amount) is more than the hold \(authorization) of \(hold.amount)")
            }
            hold.settled = true
            holds[authorization] = hold
            return .receipt(record(amount, "cap"))
        })
    }

    public func void(authorization: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(idempotent("void", idempotencyKey, authorization) { () throws(ProviderError) -> Answer in
            var hold = try openHold(authorization)
            hold.settled = true
            holds[authorization] = hold
            return .receipt(ProviderReceipt(id: makeID("void"), amount: hold.amount, at: now()))
        })
    }

    public func charge(_ amount: Money, paymentMethod: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(idempotent("charge", idempotencyKey, "\(amount)|\(paymentMethod)") { () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            if let declined = try outcome(of: paymentMethod, idempotencyKey: idempotencyKey) { return .declined(declined) }
            return .receipt(record(amount, "ch"))
        })
    }

    public func refund(_ amount: Money, of payment: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(idempotent("refund", idempotencyKey, "\(amount)|\(payment)") { () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            guard var taken = payments[payment] else {
                throw ProviderError(.invalidRequest, "no capture or charge \(payment) to refund")
            }
            let left = taken.amount.minorUnits - taken.refunded.minorUnits
            guard amount.currency == taken.amount.currency, amount.minorUnits <= left else {
                throw ProviderError(
                    .invalidRequest,
                    "refund of \(amount) is more than the \(Money(minorUnits: left, currency: taken.amount.currency)) left to refund of \(payment)"
                )
            }
            taken.refunded.minorUnits += amount.minorUnits
            payments[payment] = taken
            return .receipt(ProviderReceipt(id: makeID("re"), amount: amount, at: now()))
        })
    }

    public func payout(_ amount: Money, bankAccount: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(idempotent("payout", idempotencyKey, "\(amount)|\(bankAccount)") { () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            switch bankAccount {
            case SandboxTokens.bankAccount:
                return .receipt(ProviderReceipt(id: makeID("po"), amount: amount, at: now()))
            case SandboxTokens.closedBankAccount:
                return .declined(ProviderError(.declined(code: "account_closed"), "the bank account is closed"))
            default:
                throw ProviderError(.invalidRequest, "unknown bank account token; the sandbox knows \(SandboxTokens.bankAccount) and \(SandboxTokens.closedBankAccount)")
            }
        })
    }

    // MARK: Behaviour of the tokens

    /// nil when `paymentMethod` may be charged now, the decline otherwise; throws for an outage or
    /// an unknown token.
    private func outcome(of paymentMethod: String, idempotencyKey: String) throws(ProviderError) -> ProviderError? {
        switch paymentMethod {
        case let token where SandboxTokens.succeeding.contains(token):
            return nil
        case SandboxTokens.insufficientFunds:
            return ProviderError(.declined(code: "insufficient_funds"), "the issuer declined: insufficient funds")
        case SandboxTokens.cardDeclined:
            return ProviderError(.declined(code: "card_declined"), "the issuer declined the card")
        case SandboxTokens.unavailable:
            throw ProviderError(.unavailable, "the sandbox processor is unavailable for this token")
        case SandboxTokens.flaky:
            guard flakyKeysSeen.insert(idempotencyKey).inserted else { return nil }
            throw ProviderError(.unavailable, "the sandbox processor timed out; retry with the same idempotency key")
        default:
            throw ProviderError(
                .invalidRequest,
                "unknown payment method token; the sandbox knows \(SandboxTokens.paymentMethods.joined(separator: ", "))"
            )
        }
    }

    private func openHold(_ authorization: String) throws(ProviderError) -> Hold {
        guard let hold = holds[authorization] else { throw ProviderError(.invalidRequest, "no hold \(authorization)") }
        guard !hold.settled else { throw ProviderError(.invalidRequest, "the hold \(authorization) was already captured or voided") }
        return hold
    }

    private func requirePositive(_ amount: Money) throws(ProviderError) {
        guard amount.isPositive, Money.isValidCurrencyCode(amount.currency) else {
            throw ProviderError(.invalidRequest, "the amount must be above zero in a valid currency, not \(amount)")
        }
    }

    private func record(_ amount: Money, _ prefix: String) -> ProviderReceipt {
        let receipt = ProviderReceipt(id: makeID(prefix), amount: amount, at: now())
        payments[receipt.id] = Payment(amount: amount, refunded: .zero(amount.currency))
        return receipt
    }

    private func makeID(_ prefix: String) -> String {
        nextID += 1
        return "sbx_\(prefix)_\(nextID)"
    }

    // MARK: Idempotency

    /// Runs `body` once per (operation, key): successes and declines are replayed for a repeat
    /// with the same parameters; thrown errors (outages, invalid requests) are not remembered.
    private func idempotent(
        _ operation: String,
        _ key: String,
        _ parameters: String,
        _ body: () throws(ProviderError) -> Answer
    ) throws(ProviderError) -> Answer {
        guard !key.isEmpty else { throw ProviderError(.invalidRequest, "an idempotency key is required") }
        let slot = "\(operation):\(key)"
        if let stored = answers[slot] {
            guard stored.parameters == parameters else {
                throw ProviderError(.invalidRequest, "idempotency key \(key) was used for another \(operation) request")
            }
            return try Self.replayed(stored.answer)
        }
        let answer = try body()
        answers[slot] = (parameters, answer)
        return try Self.replayed(answer)
    }

    private static func replayed(_ answer: Answer) throws(ProviderError) -> Answer {
        if case .declined(let error) = answer { throw error }
        return answer
    }

    private func receipt(_ answer: Answer) throws(ProviderError) -> ProviderReceipt {
        guard case .receipt(let receipt) = answer else { throw Self.unexpected(answer) }
        return receipt
    }

    private static func unexpected(_ answer: Answer) -> ProviderError {
        ProviderError(.invalidRequest, "the sandbox stored another kind of answer for this idempotency key: \(answer)")
    }
}
