// quad-payments: the payments service executable (P1-P7). Configuration: the common service flags
// (`--help-config`) plus
//   --sandbox-state PATH      the sandbox processor's journal (string; default <data-dir>/payments-sandbox.jsonl):
//                             the processor's holds and answers outlive a restart of payments, as a real one's do
//   --sweep-interval DURATION how often holds are swept and payouts settled (duration; default 1m): lapsed holds
//                             expire, holds no job.posted confirmed within 15 minutes are released when jobs has no
//                             such job, payouts the bank settled are recorded PAID or FAILED
//   --directory-refresh DURATION  how long identity's dorm prices are cached (duration; default 5m)
// It calls identity (ListCampuses; GetPublicProfiles for a transfer's recipient) and jobs (GetJobStatus) through
// `--peers` or `--peers-dir`; its outbox delivers
// payment.captured and dispute.resolved to jobs.
import PaymentsProviders
import PaymentsService
import PaymentsStore
import QuadKernel
import QuadServiceKit

/// The service's own settings.
struct PaymentsSettings: Sendable {
    var sandboxState: String
    var sweepInterval: Duration
    var directoryRefresh: Duration
}

/// The default journal path's data directory placeholder.
let dataDirectoryPlaceholder = "<data-dir>"

try await QuadServiceMain.run(
    name: "payments",
    migrator: PaymentsMigrations.migrator,
    settings: { source in
        PaymentsSettings(
            sandboxState: try source.string(
                "sandbox-state",
                default: "\(dataDirectoryPlaceholder)/payments-sandbox.jsonl",
                help: "the sandbox payment processor's journal (JSON lines); it outlives a restart of payments"
            ),
            sweepInterval: try source.duration(
                "sweep-interval",
                default: .seconds(60),
                help: "how often lapsed and unconfirmed holds are swept and payouts settled"
            ),
            directoryRefresh: try source.duration(
                "directory-refresh",
                default: .seconds(300),
                help: "how long identity's dorm machine prices are cached"
            )
        )
    }
) { environment, settings in
    let journal = settings.sandboxState.replacingOccurrences(
        of: dataDirectoryPlaceholder,
        with: environment.options.dataDirectory
    )
    let clock = environment.clock
    let provider = try SandboxPaymentProvider(clock: clock, journalPath: journal)
    let refresh = settings.directoryRefresh
    let payments = PaymentsService(
        database: environment.database,
        provider: provider,
        directory: IdentityDormDirectory(
            transport: environment.peers.transport("identity"),
            refreshInterval: refresh.microseconds,
            clock: clock
        ),
        jobs: JobsStatusClient(transport: environment.peers.transport("jobs")),
        users: IdentityUserDirectory(transport: environment.peers.transport("identity")),
        logger: environment.logger,
        clock: clock
    )
    let interval = settings.sweepInterval
    return ServiceSetup(
        services: [payments],
        background: [
            BackgroundWork(name: "hold-sweep") { await payments.runSweeps(every: interval) }
        ]
    )
}
