import PaymentsDomain
import PaymentsLaundry
import Testing
import QuadTestSupport

/// Random operations on several payment intents, their disputes, one ledger and a few workers, checking after every
/// step that the books balance and that no rule was broken (see ``checkInvariants()``).
///
/// Amounts are drawn so that a good share of operations must be refused: above the hold, above what is refundable
/// or available, zero, negative, in the other currency, on a hold that has lapsed, twice, without approval. A
/// refused operation must leave everything as it was; ``successes`` and ``refusals`` count both per operation, so a
/// test can see that neither kind was missing.
struct PaymentsSimulation {
    enum Operation: String, CaseIterable {
        case authorize, capture, chargeAboveHold, release, refund, expire, creditEarnings, payout, transfer
        case openDispute, resolveDispute, closeExpiredDispute

        /// How often the operation is drawn, relative to the others: resolutions are rarer, so that some disputes
        /// outlive their deadline and get closed as expired.
        var weight: Int { self == .resolveDispute ? 1 : 4 }
    }

    /// Every operation as many times as its weight, to draw from.
    private static let draws = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }

    static let customers = ["cus_1", "cus_2", "cus_3", "cus_4"]
    static let workers = ["dasher_1", "dasher_2", "dasher_3"]
    static let currencies = ["USD", "EUR"]

    private var random: SeededGenerator
    private(set) var now = newYear
    private(set) var ledger = Ledger()
    private(set) var intents: [PaymentIntent] = []
    /// The index of each intent in ``intents``, by id.
    private var intentIndex: [String: Int] = [:]
    /// The charges above the hold the customers approved and that were made, per intent: the model the intents must
    /// agree with.
    private var approvedAboveHold: [String: Int64] = [:]
    /// The latest dispute of each intent, by intent id.
    private var disputes: [String: Dispute] = [:]
    /// What the intents say the ledger must show, per currency.
    private var expected: [String: Expected] = [:]
    /// What the intents say each customer has on hold, per currency.
    private var expectedHolds: [CustomerCurrency: Int64] = [:]
    private var nextID = 0
    private(set) var successes: [Operation: Int] = [:]
    private(set) var refusals: [Operation: Int] = [:]
    /// Issues recorded so far; the run stops reporting after a few, so one bug does not bury the output.
    private(set) var issues = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Moves the clock on, runs one random operation and checks every invariant.
    mutating func step() {
        now += Int64.random(in: 0...(6 * Microseconds.perHour), using: &random)
        if Int.random(in: 0..<40, using: &random) == 0 { now += 3 * day }
        let operation = Self.draws.randomElement(using: &random)!
        let postingsBefore = ledger.postings.count
        switch run(operation) {
        case true?:
            successes[operation, default: 0] += 1
        case false?:
            refusals[operation, default: 0] += 1
            if ledger.postings.count != postingsBefore { report("a refused \(operation) posted to the ledger") }
        case nil:
            break
        }
        checkInvariants()
    }

    // MARK: Operations

    /// Runs `operation`: `true` when it succeeded, `false` when it was refused, `nil` when there was nothing to run
    /// it on.
    private mutating func run(_ operation: Operation) -> Bool? {
        switch operation {
        case .authorize:
            return authorize()
        case .capture:
            guard let index = pickIntent() else { return nil }
            let held = intents[index].held
            let amount = chance(40) ? held : amount(upTo: held.minorUnits, in: held.currency)
            return onIntent(index) { [now] in try $0.capture(amount, now: now) }
        case .chargeAboveHold:
            guard let index = pickIntent() else { return nil }
            let amount = amount(upTo: 2_000, in: intents[index].currency)
            let approved = chance(75)
            let id = intents[index].id
            let succeeded = onIntent(index, approving: approved ? amount : nil) { [now] in
                try $0.chargeAboveHold(amount, approvedByCustomer: approved, now: now)
            }
            if succeeded && !approved { report("a charge above the hold of \(id) without approval succeeded") }
            return succeeded
        case .release:
            guard let index = pickIntent() else { return nil }
            return onIntent(index) { [now] in try $0.release(now: now) }
        case .refund:
            guard let index = pickIntent() else { return nil }
            let refundable = intents[index].refundable
            let amount = chance(20) ? refundable : amount(upTo: refundable.minorUnits, in: refundable.currency)
            return onIntent(index) { [now] in try $0.refund(amount, now: now) }
        case .expire:
            guard let index = pickIntent() else { return nil }
            return onIntent(index) { [now] in try $0.expire(now: now) }
        case .creditEarnings:
            guard let index = pickIntent() else { return nil }
            let split = randomSplit(around: intents[index].uncredited)
            let worker = Self.workers.randomElement(using: &random)!
            return onIntent(index) { [now] in try $0.creditEarnings(split, to: worker, now: now) }
        case .payout:
            return payout()
        case .transfer:
            return transfer()
        case .openDispute:
            return openDispute()
        case .resolveDispute:
            return resolveDispute()
        case .closeExpiredDispute:
            guard let (intentID, dispute) = pickDispute() else { return nil }
            var attempt = dispute
            do {
                _ = try attempt.closeExpired(now: now)
                disputes[intentID] = attempt
                return true
            } catch {
                if attempt != dispute { report("a refused closeExpired changed the dispute") }
                return false
            }
        }
    }

    private mutating func authorize() -> Bool {
        nextID += 1
        let id = "pi_\(nextID)"
        let customer = Self.customers.randomElement(using: &random)!
        let currency = chance(75) ? "USD" : "EUR"
        let amount =
            switch Int.random(in: 0..<20, using: &random) {
            case 0: Money(minorUnits: 0, currency: currency)
            case 1: Money(minorUnits: 500, currency: currency.lowercased())
            default: Money(minorUnits: Int64.random(in: 1...10_000, using: &random), currency: currency)
            }
        do {
            let (intent, action) = try PaymentIntent.authorize(id: id, customer: customer, amount: amount, now: now)
            try ledger.post(action.postings)
            store(intent)
            return true
        } catch {
            return false
        }
    }

    private mutating func payout() -> Bool {
        nextID += 1
        let worker = Self.workers.randomElement(using: &random)!
        let currency = Self.currencies.randomElement(using: &random)!
        let available = ledger.availableBalance(ofUser: worker, in: currency)
        let amount = chance(20) ? available : amount(upTo: available.minorUnits, in: currency)
        let before = ledger
        do {
            let payout = try Payout(
                id: "po_\(nextID)",
                user: worker,
                amount: amount,
                bankToken: "btok_\(worker)",
                requestedAt: now
            )
            try ledger.payOut(payout)
            return true
        } catch {
            if ledger != before { report("a refused payout changed the ledger") }
            return false
        }
    }

    private mutating func transfer() -> Bool {
        nextID += 1
        let from = Self.workers.randomElement(using: &random)!
        let to = chance(90) ? Self.workers.filter { $0 != from }.randomElement(using: &random)! : from
        let currency = Self.currencies.randomElement(using: &random)!
        let amount = amount(upTo: ledger.availableBalance(ofUser: from, in: currency).minorUnits, in: currency)
        let before = ledger
        do {
            let transfer = try Transfer(
                id: "tr_\(nextID)",
                fromUser: from,
                toUser: to,
                amount: amount,
                requestedAt: now
            )
            try ledger.transfer(transfer)
            return true
        } catch {
            if ledger != before { report("a refused transfer changed the ledger") }
            return false
        }
    }

    private mutating func openDispute() -> Bool? {
        guard let index = pickIntent() else { return nil }
        let intent = intents[index]
        // One open dispute per payment is the jobs service's rule; the simulation keeps to it.
        if disputes[intent.id]?.status == .open { return nil }
        nextID += 1
        let description =
            switch Int.random(in: 0..<20, using: &random) {
            case 0: " "
            case 1: String(repeating: "x", count: 2_001)
            default: "The shirts came back torn."
            }
        let evidence = (0..<Int.random(in: 0...11, using: &random)).map { "doc_\(nextID)_\($0)" }
        do {
            disputes[intent.id] = try Dispute.open(
                id: "dp_\(nextID)",
                paymentIntent: intent,
                reason: Dispute.Reason.allCases.randomElement(using: &random)!,
                description: description,
                evidenceDocumentIDs: evidence,
                now: now
            )
            return true
        } catch {
            return false
        }
    }

    private mutating func resolveDispute() -> Bool? {
        guard let (intentID, dispute) = pickDispute(), var index = intentIndex[intentID] else { return nil }
        // Now and then, the wrong payment.
        if chance(5) { index = Int.random(in: 0..<intents.count, using: &random) }
        let refundable = intents[index].refundable
        let outcome: Dispute.Outcome =
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: .refundAll
            case 3..<7: .refundPart(amount(upTo: refundable.minorUnits, in: refundable.currency))
            default: .noRefund
            }
        var attempt = dispute
        var intent = intents[index]
        do {
            let action = try attempt.resolve(outcome, paymentIntent: &intent, now: now)
            if case .refund(let refund) = action { try ledger.post(refund.postings) }
            disputes[intentID] = attempt
            store(intent, at: index)
            return true
        } catch {
            if attempt != dispute || intent != intents[index] {
                report("a refused resolution changed the dispute or the intent")
            }
            return false
        }
    }

    /// Runs `operation` on a copy of intent `index`; on success posts its postings, records `approving` as a charge
    /// above the hold the customer approved, and keeps the copy; on refusal checks that the copy is unchanged.
    private mutating func onIntent(
        _ index: Int,
        approving: Money? = nil,
        _ operation: (inout PaymentIntent) throws -> PaymentIntent.Action
    ) -> Bool {
        let before = intents[index]
        var intent = before
        do {
            let action = try operation(&intent)
            if action.postings.contains(where: { $0.reference != intent.id }) {
                report("a posting of \(intent.id) names another reference")
            }
            try ledger.post(action.postings)
            if let approving { approvedAboveHold[intent.id, default: 0] += approving.minorUnits }
            store(intent, at: index)
            return true
        } catch {
            if intent != before { report("a refused operation changed \(before.id): \(error)") }
            return false
        }
    }

    // MARK: Random choices

    /// `true` with `percent` % probability.
    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    /// Mostly one of the latest intents (where the action is), sometimes any.
    private mutating func pickIntent() -> Int? {
        guard !intents.isEmpty else { return nil }
        let recent = max(0, intents.count - 6)
        return chance(75)
            ? Int.random(in: recent..<intents.count, using: &random)
            : Int.random(in: 0..<intents.count, using: &random)
    }

    /// Mostly an open dispute, sometimes a closed one.
    private mutating func pickDispute() -> (intentID: String, dispute: Dispute)? {
        let open = disputes.filter { $0.value.status == .open }.sorted { $0.key < $1.key }
        let closed = disputes.filter { $0.value.status != .open }.sorted { $0.key < $1.key }
        let pool = !open.isEmpty && (closed.isEmpty || chance(85)) ? open : closed
        guard let (intentID, dispute) = pool.randomElement(using: &random) else { return nil }
        return (intentID, dispute)
    }

    /// An amount up to a quarter above `limit`, or now and then zero, negative or in the other currency.
    private mutating func amount(upTo limit: Int64, in currency: String) -> Money {
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            return Money(minorUnits: 0, currency: currency)
        case 1:
            return Money(minorUnits: -Int64.random(in: 1...500, using: &random), currency: currency)
        case 2:
            return Money(
                minorUnits: Int64.random(in: 1...500, using: &random),
                currency: currency == "USD" ? "EUR" : "USD"
            )
        default:
            let ceiling = max(1, limit + limit / 4 + 10)
            return Money(minorUnits: Int64.random(in: 1...ceiling, using: &random), currency: currency)
        }
    }

    /// A laundry-style split of about `uncredited` (exactly it 40% of the time, zero now and then).
    private mutating func randomSplit(around uncredited: Money) -> EarningsSplit {
        let ceiling = max(0, uncredited.minorUnits + uncredited.minorUnits / 4 + 10)
        let total = chance(40) ? max(0, uncredited.minorUnits) : Int64.random(in: 0...ceiling, using: &random)
        let machines = Int64.random(in: 0...total, using: &random)
        let convenience = Int64.random(in: 0...(total - machines), using: &random)
        let currency = uncredited.currency
        // Cannot fail: every part is non-negative and in one currency.
        return try! EarningsSplit.laundry(
            machineCost: Money(minorUnits: machines, currency: currency),
            serviceFees: Money(minorUnits: total - machines - convenience, currency: currency),
            convenienceFee: Money(minorUnits: convenience, currency: currency),
            platformShareBasisPoints: Int.random(in: 0...10_000, using: &random)
        )
    }

    // MARK: Invariants

    /// What the intents say the ledger's balances must be, per currency; kept up to date by ``store(_:at:)``.
    private struct Expected {
        var holds: Int64 = 0
        var clearing: Int64 = 0
        var unallocated: Int64 = 0
        var refunds: Int64 = 0
        var credited: Int64 = 0

        /// Adds (`sign` 1) or takes away (`sign` -1) what `intent` contributes.
        mutating func add(_ intent: PaymentIntent, sign: Int64) {
            holds += sign * intent.pendingHold.minorUnits
            clearing += sign * (intent.totalCharged.minorUnits - intent.refunded.minorUnits)
            unallocated += sign * intent.uncredited.minorUnits
            refunds += sign * intent.refunded.minorUnits
            credited += sign * intent.earningsCredited.minorUnits
        }
    }

    private struct CustomerCurrency: Hashable {
        var customer: String
        var currency: String
    }

    /// Stores `intent` (new, or replacing the one at `index`) after checking it against its rules and the model of
    /// approved charges, and updates what the ledger must show. Intents change nowhere else, so every intent is
    /// checked each time it changes.
    private mutating func store(_ intent: PaymentIntent, at index: Int? = nil) {
        if let index {
            let old = intents[index]
            expected[old.currency, default: Expected()].add(old, sign: -1)
            expectedHolds[CustomerCurrency(customer: old.customer, currency: old.currency), default: 0] -=
                old.pendingHold.minorUnits
            intents[index] = intent
        } else {
            intentIndex[intent.id] = intents.count
            intents.append(intent)
        }
        expected[intent.currency, default: Expected()].add(intent, sign: 1)
        expectedHolds[CustomerCurrency(customer: intent.customer, currency: intent.currency), default: 0] +=
            intent.pendingHold.minorUnits

        let approved = approvedAboveHold[intent.id, default: 0]
        if intent.captured.minorUnits > intent.held.minorUnits || intent.chargedAboveHold.minorUnits != approved
            || intent.totalCharged.minorUnits > intent.held.minorUnits + approved
        {
            report(
                "\(intent.id) charged \(intent.totalCharged) on a \(intent.held) hold, \(approved) approved above it"
            )
        }
        if intent.refunded.isNegative || intent.refunded.minorUnits > intent.totalCharged.minorUnits {
            report("\(intent.id) refunded \(intent.refunded) of \(intent.totalCharged)")
        }
        if intent.earningsCredited.isNegative || intent.earningsCredited.minorUnits > intent.totalCharged.minorUnits {
            report("\(intent.id) credited \(intent.earningsCredited) of \(intent.totalCharged)")
        }
    }

    /// The books balance; the ledger's balances agree with the intents; no worker's available balance is negative.
    private mutating func checkInvariants() {
        if !ledger.isBalanced { report("the books do not balance: \(ledger.trialBalance().totals)") }
        let ledger = self.ledger
        for currency in Self.currencies {
            let expected = expected[currency, default: Expected()]
            let balance = { (account: AccountID) in ledger.balance(of: account, in: currency).minorUnits }
            var owedToWorkers: Int64 = 0
            var paidOut: Int64 = 0
            for worker in Self.workers {
                let available = ledger.availableBalance(ofUser: worker, in: currency)
                if available.isNegative { report("\(worker) has \(available) available") }
                owedToWorkers += available.minorUnits
                paidOut += ledger.paidOut(toUser: worker, in: currency).minorUnits
            }
            var comparisons: [(name: String, ledger: Int64, intents: Int64)] = [
                ("card authorizations", balance(.cardAuthorizations), expected.holds),
                ("card clearing", balance(.cardClearing), expected.clearing),
                ("unallocated receipts", balance(.unallocatedReceipts), expected.unallocated),
                ("refunds", balance(.refunds), expected.refunds),
                (
                    "users, platform and payouts",
                    owedToWorkers + balance(.platformRevenue)
                        + balance(.payoutsInTransit), expected.credited
                ),
                ("paid out", paidOut, balance(.payoutsInTransit)),
            ]
            for customer in Self.customers {
                let key = CustomerCurrency(customer: customer, currency: currency)
                comparisons.append(
                    (
                        "\(customer)'s holds", ledger.pendingHolds(ofCustomer: customer, in: currency).minorUnits,
                        expectedHolds[key, default: 0]
                    )
                )
            }
            for mismatch in comparisons where mismatch.ledger != mismatch.intents {
                report("\(currency) \(mismatch.name): \(mismatch.ledger) in the ledger, \(mismatch.intents) by intents")
            }
        }
    }

    private mutating func report(_ problem: String) {
        issues += 1
        if issues <= 5 { Issue.record("at \(Microseconds.iso8601(now)): \(problem)") }
    }
}
