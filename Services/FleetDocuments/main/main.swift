// quad-fleet-documents: the document store (F7, F8, A8) and freight's organisations, invites and loads (F1-F4, F6,
// F9; locations come next, issue 13). Configuration: the common service flags (`--help-config`) plus `--blob-dir`. It
// asks identity (profiles) and jobs (jobs) who may see a document, and identity the callers' emails for their
// invites, through `--peers` or `--peers-dir`; loads' documents it answers itself.
import FleetDocumentsService
import QuadServiceKit

let dataDirectoryPlaceholder = "<data-dir>"

try await QuadServiceMain.run(
    name: "fleet-documents",
    migrator: FleetDocumentsMigrations.migrator,
    settings: { source in
        try source.string(
            "blob-dir",
            default: "\(dataDirectoryPlaceholder)/fleet-documents-blobs",
            help: "where the documents' bytes are kept (content-addressed, owner-only)"
        )
    }
) { environment, blobDirectory in
    let documents = try DocumentsService(
        database: environment.database,
        blobDirectory: blobDirectory.replacingOccurrences(
            of: dataDirectoryPlaceholder,
            with: environment.options.dataDirectory
        ),
        owners: PeerDocumentOwners(
            identity: environment.peers.transport("identity"),
            jobs: environment.peers.transport("jobs")
        ),
        clock: environment.clock
    )
    let freight = FreightService(
        documents: documents,
        emails: PeerAccountEmails(identity: environment.peers.transport("identity")),
        clock: environment.clock
    )
    try await documents.sweepOrphans(logger: environment.logger)
    // quad backup copies the blobs the database copy names beside it (<copy>.blobs/).
    return ServiceSetup(
        services: [documents, freight],
        backup: BackupHook { try await documents.backUp(copyDatabase: $0) }
    )
}
