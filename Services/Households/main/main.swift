// quad-households: shared flats (H1-H13): households, members and invites; chores, reminders and points; expenses,
// bills, balances and settling up. Configuration: the common service flags (`--help-config`) plus `--bill-interval`.
// It asks identity for callers' emails, invitees' accounts and members' birthdays, fleet-documents about the photos
// and receipts a request names, and payments for settle-ups in the app, through `--peers` or `--peers-dir`; its
// outbox has nothing to send yet, and it receives account.deleted from identity. In the background its reminder
// scheduler fires due reminders into the users' feeds, at most a second late, and plans birthday reminders daily;
// recurring bills make their periods' expenses; and, at start, payments is asked again about in-app settlements
// left pending.
import HouseholdsService
import QuadServiceKit

try await QuadServiceMain.run(
    name: "households",
    migrator: HouseholdsMigrations.migrator,
    settings: {
        try $0.duration(
            "bill-interval",
            default: .seconds(60),
            help: "how often recurring bills are checked for a period that is due"
        )
    }
) { environment, billInterval in
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
    let reminders = ReminderScheduler(
        database: environment.database,
        identity: PeerIdentityDirectory(identity: environment.peers.transport("identity")),
        clock: environment.clock
    )
    return ServiceSetup(
        services: [households, chores, expenses],
        background: [
            BackgroundWork(name: "reminders") { await reminders.run(logger: environment.logger) },
            BackgroundWork(name: "bills") { await expenses.runBills(every: billInterval, logger: environment.logger) },
            BackgroundWork(name: "pending-settlements") { _ = await expenses.resumePendingSettlements() },
        ]
    )
}
