public import PaymentsDomain
public import QuadKernel

/// A ``PaymentProvider`` that behaves like a card processor without reaching one (P2): holds
/// that expire after 7 days on the injected clock, captures up to the hold that release the
/// rest, voids, charges, cumulative refunds up to what was taken, payouts, declines and outages
/// driven by ``SandboxTokens``, payouts that settle ``payoutSettlementDelay`` after they are sent (paid, or returned
/// for ``SandboxTokens/returningBankAccount``), and idempotency keys honoured as a processor does (a success or a
/// decline is replayed for the same key and parameters; an outage is not remembered, so a retry
/// can succeed; the same key with other parameters is refused).
///
/// State lives in memory and, when the sandbox is opened with a journal file
/// (``init(clock:journalPath:)``), also in that file, one line per call that changed it: a sandbox
/// opened again on the same file knows its holds, payments and answers, as a real processor's
/// state outlives the payments process that calls it (payments killed between a hold and its
/// capture captures it once restarted). Without a journal the sandbox forgets everything when
/// its process ends, as a test processor's sandbox account would be reset.
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

    private struct SentPayout {
        var amount: Money
        var bankAccount: String
        var sentAt: Int64
    }

    fileprivate enum Answer {
        case authorization(ProviderAuthorization)
        case receipt(ProviderReceipt)
        case declined(ProviderError)
    }

    /// How long a hold lasts: 7 days, as card networks allow for most merchants.
    public static let holdLifetime: Int64 = 7 * 24 * 3_600 * 1_000_000

    /// How long after it is sent a payout settles by default: one minute, so that a demo sees it paid; tests
    /// advance their clock past it.
    public static let defaultPayoutSettlementDelay: Int64 = 60 * 1_000_000

    /// How long after it is sent a payout settles (UTC microseconds): paid then, or returned for
    /// ``SandboxTokens/returningBankAccount``.
    public let payoutSettlementDelay: Int64
    private let now: @Sendable () -> Int64
    private var sentPayouts: [String: SentPayout] = [:]
    private var holds: [String: Hold] = [:]
    private var payments: [String: Payment] = [:]
    private var answers: [String: (parameters: String, answer: Answer)] = [:]
    private var flakyKeysSeen: Set<String> = []
    private var nextID = 0
    /// Where changes are kept beyond the process, if anywhere.
    private let journal: SandboxJournal?
    /// The changes of the call in progress, written to the journal as one line when it ends.
    private var unjournaled: [SandboxJournal.Record] = []

    /// A sandbox whose state lives in memory only.
    ///
    /// - Parameters:
    ///   - clock: the clock holds expire and payouts settle on (tests pass a settable one).
    ///   - payoutSettlementDelay: see ``payoutSettlementDelay``.
    public init(clock: QuadClock, payoutSettlementDelay: Int64 = defaultPayoutSettlementDelay) {
        self.now = clock.micros
        self.payoutSettlementDelay = payoutSettlementDelay
        journal = nil
    }

    /// A sandbox whose state is also kept in the journal file at `journalPath` (JSON lines), created if missing:
    /// the state it holds is replayed first.
    ///
    /// - Parameters:
    ///   - clock: the clock holds expire and payouts settle on (tests pass a settable one).
    ///   - journalPath: the journal file; its directory must exist.
    ///   - payoutSettlementDelay: see ``payoutSettlementDelay``.
    /// - Throws: the file system's error when the file cannot be created, read or opened for appending.
    public init(
        clock: QuadClock,
        journalPath: String,
        payoutSettlementDelay: Int64 = defaultPayoutSettlementDelay
    ) throws {
        self.now = clock.micros
        self.payoutSettlementDelay = payoutSettlementDelay
        let (journal, records) = try SandboxJournal.open(path: journalPath)
        self.journal = journal
        for record in records {
            switch record {
            case .hold(let id, let amount, let paymentMethod, let expiresAt, let settled):
                holds[id] = Hold(amount: amount, paymentMethod: paymentMethod, expiresAt: expiresAt, settled: settled)
            case .payment(let id, let amount, let refunded):
                payments[id] = Payment(amount: amount, refunded: refunded)
            case .answer(let slot, let parameters, let answer):
                answers[slot] = (parameters, Answer(answer))
            case .flakyKey(let key):
                flakyKeysSeen.insert(key)
            case .nextID(let value):
                nextID = value
            case .payout(let id, let amount, let bankAccount, let sentAt):
                sentPayouts[id] = SentPayout(amount: amount, bankAccount: bankAccount, sentAt: sentAt)
            }
        }
    }

    public func authorize(_ amount: Money, paymentMethod: String, idempotencyKey: String) throws(ProviderError)
        -> ProviderAuthorization
    {
        let answer = try idempotent("authorize", idempotencyKey, "\(amount)|\(paymentMethod)") {
            () throws(ProviderError) -> Answer in
            try requirePositive(amount)
            if let declined = try outcome(of: paymentMethod, idempotencyKey: idempotencyKey) {
                return .declined(declined)
            }
            let id = makeID("auth")
            let expiresAt = now() + Self.holdLifetime
            store(hold: Hold(amount: amount, paymentMethod: paymentMethod, expiresAt: expiresAt), id: id)
            return .authorization(ProviderAuthorization(id: id, amount: amount, expiresAt: expiresAt))
        }
        guard case .authorization(let authorization) = answer else { throw Self.unexpected(answer) }
        return authorization
    }

    public func capture(_ amount: Money, authorization: String, idempotencyKey: String) throws(ProviderError)
        -> ProviderReceipt
    {
        try receipt(
            idempotent("capture", idempotencyKey, "\(amount)|\(authorization)") { () throws(ProviderError) -> Answer in
                try requirePositive(amount)
                var hold = try openHold(authorization)
                if now() >= hold.expiresAt {
                    return .declined(
                        ProviderError(
                            .declined(code: "authorization_expired"),
                            "the hold \(authorization) expired; place a new one"
                        )
                    )
                }
                guard amount.currency == hold.amount.currency, amount.minorUnits <= hold.amount.minorUnits else {
                    throw ProviderError(
                        .invalidRequest,
                        "capture of \(amount) is more than the hold \(authorization) of \(hold.amount)"
                    )
                }
                hold.settled = true
                store(hold: hold, id: authorization)
                return .receipt(record(amount, "cap"))
            }
        )
    }

    public func void(authorization: String, idempotencyKey: String) throws(ProviderError) -> ProviderReceipt {
        try receipt(
            idempotent("void", idempotencyKey, authorization) { () throws(ProviderError) -> Answer in
                var hold = try openHold(authorization)
                hold.settled = true
                store(hold: hold, id: authorization)
                return .receipt(ProviderReceipt(id: makeID("void"), amount: hold.amount, at: now()))
            }
        )
    }

    public func charge(_ amount: Money, paymentMethod: String, idempotencyKey: String) throws(ProviderError)
        -> ProviderReceipt
    {
        try receipt(
            idempotent("charge", idempotencyKey, "\(amount)|\(paymentMethod)") { () throws(ProviderError) -> Answer in
                try requirePositive(amount)
                if let declined = try outcome(of: paymentMethod, idempotencyKey: idempotencyKey) {
                    return .declined(declined)
                }
                return .receipt(record(amount, "ch"))
            }
        )
    }

    public func refund(_ amount: Money, of payment: String, idempotencyKey: String) throws(ProviderError)
        -> ProviderReceipt
    {
        try receipt(
            idempotent("refund", idempotencyKey, "\(amount)|\(payment)") { () throws(ProviderError) -> Answer in
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
                store(payment: taken, id: payment)
                return .receipt(ProviderReceipt(id: makeID("re"), amount: amount, at: now()))
            }
        )
    }

    public func payout(_ amount: Money, bankAccount: String, idempotencyKey: String) throws(ProviderError)
        -> ProviderReceipt
    {
        try receipt(
            idempotent("payout", idempotencyKey, "\(amount)|\(bankAccount)") { () throws(ProviderError) -> Answer in
                try requirePositive(amount)
                switch bankAccount {
                case SandboxTokens.bankAccount, SandboxTokens.returningBankAccount:
                    let receipt = ProviderReceipt(id: makeID("po"), amount: amount, at: now())
                    let sent = SentPayout(amount: amount, bankAccount: bankAccount, sentAt: receipt.at)
                    sentPayouts[receipt.id] = sent
                    unjournaled.append(
                        .payout(id: receipt.id, amount: amount, bankAccount: bankAccount, sentAt: sent.sentAt)
                    )
                    return .receipt(receipt)
                case SandboxTokens.closedBankAccount:
                    return .declined(ProviderError(.declined(code: "account_closed"), "the bank account is closed"))
                default:
                    throw ProviderError(
                        .invalidRequest,
                        "unknown bank account token; the sandbox knows \(SandboxTokens.bankAccount), "
                            + "\(SandboxTokens.returningBankAccount) and \(SandboxTokens.closedBankAccount)"
                    )
                }
            }
        )
    }

    public func payoutStatus(_ payout: String) throws(ProviderError) -> ProviderPayoutStatus {
        guard let sent = sentPayouts[payout] else { throw ProviderError(.invalidRequest, "no payout \(payout)") }
        let settlesAt = sent.sentAt + payoutSettlementDelay
        guard now() >= settlesAt else { return .inTransit }
        if sent.bankAccount == SandboxTokens.returningBankAccount {
            return .failed(
                code: "could_not_process",
                reason: "the bank could not process the payout and returned it",
                at: settlesAt
            )
        }
        return .paid(at: settlesAt)
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
            unjournaled.append(.flakyKey(key: idempotencyKey))
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
        guard !hold.settled else {
            throw ProviderError(.invalidRequest, "the hold \(authorization) was already captured or voided")
        }
        return hold
    }

    private func requirePositive(_ amount: Money) throws(ProviderError) {
        guard amount.isPositive, Money.isValidCurrencyCode(amount.currency) else {
            throw ProviderError(.invalidRequest, "the amount must be above zero in a valid currency, not \(amount)")
        }
    }

    private func record(_ amount: Money, _ prefix: String) -> ProviderReceipt {
        let receipt = ProviderReceipt(id: makeID(prefix), amount: amount, at: now())
        store(payment: Payment(amount: amount, refunded: .zero(amount.currency)), id: receipt.id)
        return receipt
    }

    private func makeID(_ prefix: String) -> String {
        nextID += 1
        unjournaled.append(.nextID(value: nextID))
        return "sbx_\(prefix)_\(nextID)"
    }

    // MARK: State and its journal

    private func store(hold: Hold, id: String) {
        holds[id] = hold
        unjournaled.append(
            .hold(
                id: id,
                amount: hold.amount,
                paymentMethod: hold.paymentMethod,
                expiresAt: hold.expiresAt,
                settled: hold.settled
            )
        )
    }

    private func store(payment: Payment, id: String) {
        payments[id] = payment
        unjournaled.append(.payment(id: id, amount: payment.amount, refunded: payment.refunded))
    }

    /// Writes the changes of the call that is ending as one journal line.
    ///
    /// A line that cannot be written makes the call fail as an outage: the change stays in memory, so a retry
    /// with the same key answers it, but the journal may not know it.
    private func commitJournal() throws(ProviderError) {
        guard !unjournaled.isEmpty else { return }
        defer { unjournaled.removeAll() }
        guard let journal else { return }
        do {
            try journal.append(unjournaled)
        } catch {
            throw ProviderError(
                .unavailable,
                "the sandbox could not write its journal (\(error)); retry with the same idempotency key"
            )
        }
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
        let answer: Answer
        do {
            answer = try body()
        } catch {
            // A flaky token's first attempt changed state before it failed.
            try commitJournal()
            throw error
        }
        answers[slot] = (parameters, answer)
        unjournaled.append(.answer(slot: slot, parameters: parameters, answer: answer.stored))
        try commitJournal()
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

extension SandboxPaymentProvider.Answer {
    /// The answer as the journal keeps it.
    var stored: SandboxJournal.StoredAnswer {
        switch self {
        case .authorization(let authorization):
            SandboxJournal.StoredAnswer(
                kind: .authorization,
                id: authorization.id,
                amount: authorization.amount,
                at: authorization.expiresAt
            )
        case .receipt(let receipt):
            SandboxJournal.StoredAnswer(kind: .receipt, id: receipt.id, amount: receipt.amount, at: receipt.at)
        case .declined(let error):
            SandboxJournal.StoredAnswer(kind: .declined, declineCode: error.declineCode, message: error.message)
        }
    }

    /// The answer the journal kept.
    init(_ stored: SandboxJournal.StoredAnswer) {
        let amount = stored.amount ?? .zero("USD")
        switch stored.kind {
        case .authorization:
            self = .authorization(ProviderAuthorization(id: stored.id, amount: amount, expiresAt: stored.at))
        case .receipt:
            self = .receipt(ProviderReceipt(id: stored.id, amount: amount, at: stored.at))
        case .declined:
            self = .declined(ProviderError(.declined(code: stored.declineCode ?? "declined"), stored.message ?? ""))
        }
    }
}

extension ProviderError {
    /// The decline's code, when this is one.
    fileprivate var declineCode: String? {
        if case .declined(let code) = kind { code } else { nil }
    }
}
