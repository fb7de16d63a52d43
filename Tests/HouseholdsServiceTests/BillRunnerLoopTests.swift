import Foundation
@testable import HouseholdsService
import QuadContracts
import Testing

@Suite("Bills' background loop: runs on the injected clock every interval until cancelled (H10)")
struct BillRunnerLoopTests {
    @Test("the loop makes a period's expense once the clock reaches its day, then waits for the next interval")
    func loop() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("hana", flat, 2_000, day: 28, among: ["hana", "ivo"])
            let expenses = h.expensesService
            try await withThrowingTaskGroup(of: Void.self) { group throws in
                group.addTask { await expenses.runBills(every: .seconds(3_600), logger: expenses.logger) }
                // Given the first run found nothing due and the loop waits
                await h.clock.waitForSleepers(1)
                #expect(try await h.billExpenses(bill.billID).isEmpty)
                // When the clock passes the bill's day (the wait ends), then the next run makes September's
                h.clock.advance(by: .seconds(7 * 86_400))
                await h.clock.waitForSleepers(1)
                #expect(try await h.billExpenses(bill.billID).map(\.period) == ["2026-09"])
                group.cancelAll()
            }
            try await h.expectBalanced(flat)
        }
    }
}
