// quad-fleet-documents: the document store (F7, F8, A8) and freight's organisations, invites, loads and drivers'
// positions (F1-F6, F9). Configuration: the common service flags (`--help-config`) plus `--blob-dir`,
// `--position-retention` and `--position-prune-interval`. It
// asks identity (profiles), jobs (jobs) and households (chores, expenses) who may see a document, and identity the callers' emails for their
// invites, through `--peers` or `--peers-dir`; loads' documents it answers itself.
import FleetDocumentsService
import QuadServiceKit

let dataDirectoryPlaceholder = "<data-dir>"

struct FleetDocumentsSettings {
    var blobDirectory: String
    var positionRetention: Duration
    var pruneInterval: Duration
}

try await QuadServiceMain.run(
    name: "fleet-documents",
    migrator: FleetDocumentsMigrations.migrator,
    settings: { source in
        FleetDocumentsSettings(
            blobDirectory: try source.string(
                "blob-dir",
                default: "\(dataDirectoryPlaceholder)/fleet-documents-blobs",
                help: "where the documents' bytes are kept (content-addressed, owner-only)"
            ),
            positionRetention: try source.duration(
                "position-retention",
                default: PositionsService.defaultRetention,
                help: "how long drivers' positions are kept (F5); older ones are pruned"
            ),
            pruneInterval: try source.duration(
                "position-prune-interval",
                default: .seconds(3_600),
                help: "how often positions past their retention are pruned"
            )
        )
    }
) { environment, settings in
    let documents = try DocumentsService(
        database: environment.database,
        blobDirectory: settings.blobDirectory.replacingOccurrences(
            of: dataDirectoryPlaceholder,
            with: environment.options.dataDirectory
        ),
        owners: PeerDocumentOwners(
            identity: environment.peers.transport("identity"),
            jobs: environment.peers.transport("jobs"),
            households: environment.peers.transport("households")
        ),
        clock: environment.clock
    )
    let freight = FreightService(
        documents: documents,
        emails: PeerAccountEmails(identity: environment.peers.transport("identity")),
        clock: environment.clock
    )
    let positions = PositionsService(
        documents: documents,
        retention: settings.positionRetention,
        clock: environment.clock
    )
    try await documents.sweepOrphans(logger: environment.logger)
    // quad backup copies the blobs the database copy names beside it (<copy>.blobs/).
    return ServiceSetup(
        services: [documents, freight, positions],
        background: [
            BackgroundWork(name: "position-retention") {
                await positions.pruneEvery(settings.pruneInterval, logger: environment.logger)
            }
        ],
        backup: BackupHook { try await documents.backUp(copyDatabase: $0) }
    )
}
