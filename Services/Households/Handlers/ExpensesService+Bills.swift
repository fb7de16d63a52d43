import HouseholdsDomain
public import Logging
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H10: recurring bills, and the runner that makes each period's expense exactly once.
extension ExpensesService {
    /// What one run of the bills did.
    public struct BillRun: Sendable, Hashable {
        /// The periods whose expense this run made, as "<bill_id>:<YYYY-MM>", in the order made.
        public var made: [String] = []
        /// Bills this run could not move on, with why; tried again next run.
        public var failed: [String: String] = [:]

        public init() {}
    }

    /// The most due bills read at once.
    static let billBatch = 100

    public func createBill(
        request: Quad_Households_V1_CreateBillRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Bill {
        let caller = try context.requireCaller()
        let description = try Self.description(request.description_p)
        try HouseholdsInput.requireID(request.payerID, "payer_id", "member who pays the bill")
        let method = try Self.method(request.method)
        let schedule = try refusingAsRPC {
            try BillSchedule(
                dayOfMonth: Int(clamping: request.dayOfMonth),
                reminderDays: Int(clamping: request.reminderDays)
            )
        }
        let draft = HouseholdsDatabase.BillDraft(
            householdID: request.householdID,
            description: description,
            payerID: request.payerID,
            amount: request.amount.money,
            method: method,
            shares: ExpensesProtoMapping.shares(request.shares),
            schedule: schedule
        )
        let bill = try await refusingAsRPC {
            try await database.createBill(draft, id: newID(), by: caller.userID, at: clock.micros())
        }
        return ExpensesProtoMapping.bill(bill)
    }

    public func listBills(
        request: Quad_Households_V1_ListBillsRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListBillsResponse {
        let caller = try context.requireCaller()
        let bills = try await refusingAsRPC { try await database.bills(of: request.householdID, for: caller.userID) }
        return .with { $0.bills = bills.map(ExpensesProtoMapping.bill) }
    }

    public func stopBill(
        request: Quad_Households_V1_StopBillRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Bill {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.billID, "bill_id", "bill")
        let bill = try await refusingAsRPC {
            try await database.stopBill(request.billID, by: caller.userID, at: clock.micros())
        }
        return ExpensesProtoMapping.bill(bill)
    }

    /// Makes the expense of every bill period due at `now`, catching up every period missed while households was
    /// down, one transaction per bill period. Runners racing (two processes, or a restart mid-run) make each
    /// period's expense once: each transaction re-reads the bill and moves it on. Failures are reported, not thrown.
    public func runBills(now: Int64) async -> BillRun {
        var run = BillRun()
        while true {
            let due: [(id: String, period: String)]
            do {
                due = try await database.dueBills(at: now, limit: Self.billBatch).filter { run.failed[$0.id] == nil }
            } catch {
                run.failed["*"] = "\(error)"
                return run
            }
            guard !due.isEmpty else { return run }
            for (bill, period) in due {
                do {
                    if try await database.runBill(bill, period: period, at: now) != nil {
                        run.made.append("\(bill):\(period)")
                    }
                } catch {
                    run.failed[bill] = "\(error)"
                }
            }
        }
    }

    /// Runs the bills every `interval` on the injected clock until cancelled (a BackgroundWork in main.swift).
    public func runBills(every interval: Duration, logger: Logger) async {
        while !Task.isCancelled {
            let run = await runBills(now: clock.micros())
            if !run.made.isEmpty { logger.info("bills run", metadata: ["made": "\(run.made.count)"]) }
            for (bill, failure) in run.failed {
                logger.error("a bill could not be run", metadata: ["bill_id": "\(bill)", "error": "\(failure)"])
            }
            do {
                try await clock.sleep(interval)
            } catch {
                return
            }
        }
    }
}
