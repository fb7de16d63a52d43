// quad-households: shared flats (H1-H13): households, members and invites; chores, reminders and points; expenses,
// bills, balances and settling up. Configuration: the common service flags (`--help-config`). It asks identity for
// callers' emails, invitees' accounts and members' birthdays, and fleet-documents about the photos and receipts a
// request names, through `--peers` or `--peers-dir`; its outbox has nothing to send yet, and it receives
// account.deleted from identity. In the background it makes recurring bills' expenses (every minute) and, at start,
// asks payments again about in-app settlements left pending.
import HouseholdsService
import QuadServiceKit

try await QuadServiceMain.run(name: "households", migrator: HouseholdsMigrations.migrator) { environment in
    let households = HouseholdsService(
        database: environment.database,
        identity: PeerIdentityDirectory(identity: environment.peers.transport("identity")),
        clock: environment.clock
    )
    let chores = ChoresService(
        database: environment.database,
        documents: FleetDocumentsDirectory(transport: environment.peers.transport("fleet-documents")),
        clock: environment.clock
    )
    let expenses = ExpensesService(
        database: environment.database,
        documents: FleetDocumentsDirectory(transport: environment.peers.transport("fleet-documents")),
        payments: PeerSettlementPayments(payments: environment.peers.transport("payments")),
        clock: environment.clock,
        logger: environment.logger
    )
    return ServiceSetup(
        services: [households, chores, expenses],
        background: [
            BackgroundWork(name: "bills") { await expenses.runBills(every: .seconds(60), logger: environment.logger) },
            BackgroundWork(name: "pending-settlements") { _ = await expenses.resumePendingSettlements() },
        ]
    )
}
