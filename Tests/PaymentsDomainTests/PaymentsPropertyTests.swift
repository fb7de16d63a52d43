import PaymentsDomain
import Testing
import QuadTestSupport

@Suite("Payments: random operations")
struct PaymentsPropertyTests {
    @Test(
        "thousands of random operations keep the books balanced and never charge, refund or pay out too much",
        arguments: randomSeeds
    )
    func randomOperations(seed: UInt64) {
        // Given
        var simulation = PaymentsSimulation(seed: seed)

        // When
        for _ in 0..<5_000 { simulation.step() }

        // Then: no invariant broke (each step checked them), and the run was not vacuous: every operation both
        // succeeded and was refused, and money moved
        #expect(simulation.issues == 0)
        for operation in PaymentsSimulation.Operation.allCases {
            #expect(simulation.successes[operation, default: 0] > 0, "\(operation) never succeeded")
            #expect(simulation.refusals[operation, default: 0] > 0, "\(operation) was never refused")
        }
        #expect(simulation.intents.count > 200)
        #expect(simulation.ledger.postings.count > 1_000)
        #expect(simulation.intents.contains { $0.chargedAboveHold.isPositive })
        #expect(simulation.intents.contains { $0.refunded.isPositive })
        #expect(simulation.intents.contains { $0.status == .expired })
        #expect(PaymentsSimulation.workers.contains { !simulation.ledger.paidOut(toUser: $0, in: "USD").isZero })
        #expect(simulation.ledger.postings.contains { $0.kind == .transfer })
    }

    @Test("the ledger's running totals agree with the postings summed from scratch", arguments: randomSeeds)
    func totalsMatchPostings(seed: UInt64) throws {
        // Given
        var simulation = PaymentsSimulation(seed: seed)
        for _ in 0..<2_000 { simulation.step() }

        // When: every entry re-added by hand, and the ledger rebuilt from its postings
        var debits: [String: Int64] = [:]
        var credits: [String: Int64] = [:]
        var perAccount: [String: Int64] = [:]
        for entry in simulation.ledger.postings.flatMap(\.entries) {
            let sign: Int64 = entry.side == entry.account.normalSide ? 1 : -1
            perAccount["\(entry.account.code) \(entry.amount.currency)", default: 0] += sign * entry.amount.minorUnits
            switch entry.side {
            case .debit: debits[entry.amount.currency, default: 0] += entry.amount.minorUnits
            case .credit: credits[entry.amount.currency, default: 0] += entry.amount.minorUnits
            }
        }

        // Then
        #expect(debits == credits)
        let trial = simulation.ledger.trialBalance()
        #expect(trial.totals.map(\.currency) == debits.keys.sorted())
        #expect(trial.totals.allSatisfy { debits[$0.currency] == $0.debits && credits[$0.currency] == $0.credits })
        for row in trial.rows {
            #expect(perAccount["\(row.account.code) \(row.currency)"] == row.balance.minorUnits)
        }
        #expect(try Ledger(postings: simulation.ledger.postings) == simulation.ledger)
    }
}
