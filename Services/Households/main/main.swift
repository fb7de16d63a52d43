// quad-households: shared flats (H1-H13): households, members and invites; chores, reminders and points; expenses,
// bills, balances and settling up. Configuration: the common service flags (`--help-config`). It asks identity for
// callers' emails, invitees' accounts and members' birthdays, and fleet-documents about the photos and receipts a
// request names, through `--peers` or `--peers-dir`; its outbox has nothing to send yet, and it receives
// account.deleted from identity. Its reminder scheduler (background work) fires due reminders into the users' feeds,
// at most a second late, and plans birthday reminders daily.
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
    let reminders = ReminderScheduler(
        database: environment.database,
        identity: PeerIdentityDirectory(identity: environment.peers.transport("identity")),
        clock: environment.clock
    )
    return ServiceSetup(
        services: [households, chores],
        background: [BackgroundWork(name: "reminders") { await reminders.run(logger: environment.logger) }]
    )
}
