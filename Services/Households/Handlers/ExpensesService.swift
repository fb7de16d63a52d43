import Foundation
public import Logging
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
public import QuadWire

/// H10-H12: shared expenses with their history, recurring bills, running balances and simplified debts, payment
/// requests and settling up (cash, or in the app through payments), served by quad-households beside
/// ``HouseholdsService`` on the same database.
public final class ExpensesService: Quad_Households_V1_Expenses.ServiceProtocol, Sendable {
    let database: HouseholdsDatabase
    let documents: any DocumentDirectory
    let payments: any SettlementPayments
    let clock: QuadClock
    let logger: Logger

    /// - Parameters:
    ///   - database: households' database (`environment.database`), shared with the other two services.
    ///   - documents: fleet-documents, asked about the receipts an edit names (``FleetDocumentsDirectory``).
    ///   - payments: moves in-app settlements' money, idempotent on the settlement id.
    public init(
        database: QuadDatabase,
        documents: any DocumentDirectory,
        payments: any SettlementPayments,
        clock: QuadClock = .system(),
        logger: Logger = Logger(label: "quad.households.expenses")
    ) {
        self.database = HouseholdsDatabase(storage: database)
        self.documents = documents
        self.payments = payments
        self.clock = clock
        self.logger = logger
    }

    /// A new id.
    func newID() -> String { EntityID.generate(now: clock.date) }
}
