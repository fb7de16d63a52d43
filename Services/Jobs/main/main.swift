// quad-jobs: the jobs service executable (laundry jobs, L1 and L6-L15; errands, E1-E9; rides, R1-R5). Configuration: the common service flags
// (`--help-config`) plus `--payments-timeout`. It calls payments (holds, final prices) through `--peers` or
// `--peers-dir`, identity (GetPickupPlaces at submission; rides' shared prompt categories and birthdays) likewise, and its outbox delivers to matching, payments and
// identity.
import JobsService
import QuadServiceKit

try await QuadServiceMain.run(
    name: "jobs",
    migrator: JobsMigrations.migrator,
    settings: {
        try $0.duration("payments-timeout", default: .seconds(10), help: "how long a call to payments may take")
    }
) { environment, paymentsTimeout in
    let jobs = JobsService(
        database: environment.database,
        payments: environment.peers.transport("payments"),
        pickupPlaces: IdentityPickupPlaces(transport: environment.peers.transport("identity")),
        documents: FleetDocumentsDirectory(transport: environment.peers.transport("fleet-documents")),
        configuration: JobsConfiguration(paymentsTimeout: paymentsTimeout),
        clock: environment.clock
    )
    let errands = ErrandsService(
        database: environment.database,
        payments: environment.peers.transport("payments"),
        documents: FleetDocumentsDirectory(transport: environment.peers.transport("fleet-documents")),
        configuration: JobsConfiguration(paymentsTimeout: paymentsTimeout),
        clock: environment.clock
    )
    let rides = RidesService(
        database: environment.database,
        payments: environment.peers.transport("payments"),
        members: IdentityRideMembers(transport: environment.peers.transport("identity")),
        documents: FleetDocumentsDirectory(transport: environment.peers.transport("fleet-documents")),
        configuration: JobsConfiguration(paymentsTimeout: paymentsTimeout),
        clock: environment.clock
    )
    return ServiceSetup(
        services: [jobs, errands, rides],
        background: [
            BackgroundWork(name: "errand-expiry") {
                await errands.runExpiry(every: .seconds(60), logger: environment.logger)
            }
        ]
    )
}
