import FleetDocumentsDomain
import FleetDocumentsService
import Crypto
import Foundation
import GRDB
import QuadBuiltInContracts
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadTestSupport
import QuadWire
import ServiceTestSupport
import Synchronization
import Testing

/// The owners' contexts as fleet-documents sees them, with identity's and jobs' rules (their own tests check that
/// the real ones answer so): anyone sees a profile's documents and only its owner adds or deletes them; a job's
/// customer and worker see and add its documents, each deleting only their own.
final class OwnersDouble: DocumentOwners {
    let profiles: Set<String>
    let jobs: [String: (customer: String, worker: String?)]

    init(profiles: Set<String>, jobs: [String: (customer: String, worker: String?)]) {
        self.profiles = profiles
        self.jobs = jobs
    }

    func access(to owner: DocumentOwner, for user: String) async throws -> DocumentAccess {
        switch owner.kind {
        case .profile:
            guard profiles.contains(owner.id) else { return .none }
            let own = owner.id == user
            return DocumentAccess(exists: true, mayView: true, mayAdd: own, mayDeleteAny: own)
        case .job:
            guard let job = jobs[owner.id] else { return .none }
            let party = job.customer == user || job.worker == user
            return DocumentAccess(exists: true, mayView: party, mayAdd: party, mayDeleteAny: false)
        case .load, .chore, .expense:
            throw RPCError(code: .failedPrecondition, message: "owner_kind: not served")
        }
    }
}

/// fleet-documents' document store in-process, with ``OwnersDouble`` and a blob directory of its own, and the
/// runner's Admin service with fleet-documents' backup hook (backups in `<directory>/backups`, on a clock that stands
/// still, so every backup is of the same second).
struct DocumentsHarness: Sendable {
    let server: InProcessServer
    let database: QuadDatabase
    let blobDirectory: String
    let owners: OwnersDouble
    let documents: DocumentsService

    static let owners = OwnersDouble(
        profiles: ["ada", "ben"],
        jobs: ["job-1": (customer: "cora", worker: "dan"), "job-2": (customer: "ada", worker: nil)]
    )

    static func run(
        configuration: DocumentsConfiguration = DocumentsConfiguration(),
        _ body: @Sendable (DocumentsHarness) async throws -> Void
    ) async throws {
        let owners = Self.owners
        let made = Mutex<DocumentsService?>(nil)
        try await InProcessServer.run(
            context: "fleet-documents",
            peers: ["jobs", "identity"],
            migrator: FleetDocumentsMigrations.migrator,
            makeServices: { database, certificates in
                let directory = (certificates.directory as NSString).deletingLastPathComponent
                let documents = try DocumentsService(
                    database: database,
                    blobDirectory: directory + "/blobs",
                    owners: owners,
                    configuration: configuration,
                    clock: TestClock().clock
                )
                made.withLock { $0 = documents }
                let admin = AdminService(
                    name: "fleet-documents",
                    database: database,
                    directory: directory + "/backups",
                    clock: TestClock().clock,
                    hook: BackupHook { try await documents.backUp(copyDatabase: $0) }
                )
                return [documents, admin]
            }
        ) { server, database in
            try await body(
                DocumentsHarness(
                    server: server,
                    database: database,
                    blobDirectory: server.directory + "/blobs",
                    owners: owners,
                    documents: try #require(made.withLock { $0 })
                )
            )
        }
    }

    /// `quad backup`'s call: Admin's Backup, as an operator.
    func backUp() async throws -> Quad_Admin_V1_BackupResponse {
        try await server.withTransport(as: .operator) { transport in
            try await Quad_Admin_V1_Admin.Client(transport: transport).backup(.init())
        }
    }

    static func user(_ id: String) -> Caller {
        Caller(userID: id, roles: ["customer"], campusID: "campus-northfield", dormID: "dorm-maple-hall")
    }

    /// Runs `body` with documents' client as `user`.
    func `as`<T: Sendable>(_ user: String, _ body: (Quad_Documents_V1_Documents.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(Self.user(user))) { transport in
            try await body(Quad_Documents_V1_Documents.Client(transport: transport))
        }
    }

    static func metadata(
        _ kind: Quad_Documents_V1_OwnerKind = .job,
        _ owner: String = "job-1",
        purpose: Quad_Documents_V1_DocumentPurpose = .disputeEvidence,
        name: String = "evidence.pdf",
        type: Quad_Documents_V1_DocumentType = .pdf
    ) -> Quad_Documents_V1_UploadMetadata {
        .with {
            $0.ownerKind = kind
            $0.ownerID = owner
            $0.purpose = purpose
            $0.fileName = name
            $0.declaredType = type
        }
    }

    /// Uploads `bytes` as `user` in chunks of `chunk` bytes after `metadata`.
    func upload(
        _ bytes: [UInt8],
        as user: String,
        metadata: Quad_Documents_V1_UploadMetadata = DocumentsHarness.metadata(),
        chunk: Int = 256 * 1_024
    ) async throws -> Quad_Documents_V1_Document {
        try await self.as(user) { documents in
            try await documents.upload { writer in
                try await writer.send(.with { $0.metadata = metadata })
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + chunk, bytes.count)
                    try await writer.send(.with { $0.chunk = Data(bytes[offset..<end]) })
                    offset = end
                }
            }
        }
    }

    /// Downloads document `id` as `user`: the first message's document and the bytes that followed.
    func download(_ id: String, as user: String) async throws -> (Quad_Documents_V1_Document, [UInt8]) {
        try await self.as(user) { documents in
            try await documents.download(.with { $0.documentID = id }) { stream in
                var document: Quad_Documents_V1_Document?
                var bytes: [UInt8] = []
                for try await message in stream {
                    switch message.part {
                    case .document(let first): document = first
                    case .chunk(let chunk): bytes += chunk
                    case nil: break
                    }
                }
                return (document ?? .init(), bytes)
            }
        }
    }

    /// The rows of the document table.
    func rowCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document") ?? 0 }
    }

    /// The blobs on disk, and the temporary files.
    func files() throws -> (blobs: Int, temporary: Int) {
        let manager = FileManager.default
        let temporary = try manager.contentsOfDirectory(atPath: blobDirectory + "/tmp").count
        let blobs = try manager.contentsOfDirectory(atPath: blobDirectory).filter { $0.count == 2 }
            .reduce(0) { $0 + ((try? manager.contentsOfDirectory(atPath: blobDirectory + "/" + $1).count) ?? 0) }
        return (blobs, temporary)
    }
}

/// The blobs a backup's database copy names, checked: each is in `<copy>.blobs/<aa>/<sha256>` and reads as its
/// SHA-256. Returns the rows of the copy and the blobs it names, by address with their bytes.
func backedUp(_ copy: String) throws -> (rows: [(id: String, sha256: String)], blobs: [String: [UInt8]]) {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: copy, configuration: configuration)
    defer { try? queue.close() }
    let rows = try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT id, sha256 FROM document").map {
            (id: $0["id"] as String, sha256: $0["sha256"] as String)
        }
    }
    var blobs: [String: [UInt8]] = [:]
    for row in rows where blobs[row.sha256] == nil {
        let path = copy + ".blobs/" + row.sha256.prefix(2) + "/" + row.sha256
        let bytes = try #require(FileManager.default.contents(atPath: path), "\(row.id)'s blob \(path) is missing")
        #expect(hex(Array(bytes)) == row.sha256, "\(path) does not read as its SHA-256")
        blobs[row.sha256] = Array(bytes)
    }
    return (rows, blobs)
}

/// The SHA-256 of `bytes`, in lowercase hex.
func hex(_ bytes: [UInt8]) -> String {
    SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
}

/// `size` bytes of a PDF (its signature, then a pattern).
func pdf(size: Int, seed: UInt8 = 0) -> [UInt8] {
    var bytes = Array("%PDF-1.7\n".utf8.prefix(size))
    bytes.reserveCapacity(size)
    while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: bytes.count &* 31) &+ seed) }
    return bytes
}
