public import FleetDocumentsDomain
import Foundation
public import Logging
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage
public import QuadWire

/// The document store (F7, F8, A8): uploads streamed in, checked and hashed as they come and kept only whole;
/// downloads streamed out; an owner's documents listed and deleted as its context allows.
public final class DocumentsService: Quad_Documents_V1_Documents.ServiceProtocol, Sendable {
    let database: FleetDocumentsDatabase
    let owners: any DocumentOwners
    let configuration: DocumentsConfiguration
    let clock: QuadClock

    /// - Parameters:
    ///   - database: fleet-documents' database (``FleetDocumentsMigrations``).
    ///   - blobDirectory: where the documents' bytes live (created owner-only when missing).
    ///   - owners: who may see, add and delete an owner's documents (``PeerDocumentOwners``); loads' documents are
    ///     answered by fleet-documents itself, from freight's tables (``LoadDocumentOwners``), never by `owners`.
    public init(
        database: QuadDatabase,
        blobDirectory: String,
        owners: any DocumentOwners,
        configuration: DocumentsConfiguration = DocumentsConfiguration(),
        clock: QuadClock = .system()
    ) throws {
        let store = FleetDocumentsDatabase(storage: database, blobs: try BlobStore(directory: blobDirectory))
        self.database = store
        self.owners = LoadDocumentOwners(database: store, others: owners)
        self.configuration = configuration
        self.clock = clock
    }

    /// Removes what a crash left: uploads cut off and blobs no row names. Call before serving.
    public func sweepOrphans(logger: Logger) async throws {
        let report = try await database.sweepOrphans()
        if report != BlobStore.SweepReport() {
            logger.notice(
                "removed what an earlier run left unfinished",
                metadata: [
                    "orphan_blobs": "\(report.orphanBlobs.count)", "temporary_files": "\(report.temporaryFiles)",
                ]
            )
        }
    }

    /// F7: the metadata, then chunks. Every rule is checked as the bytes come (the cap, the type from the first
    /// bytes, the chunk size), so a refusal comes at the chunk that broke it; the bytes go to a temporary file and
    /// are kept, with their row, only once the upload ended whole.
    public func upload(
        requests: RequestStream<Quad_Documents_V1_UploadRequest>,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_Document {
        let caller = try context.requireCaller()
        var messages = requests.makeAsyncIterator()
        guard let first = try await messages.next() else {
            throw RPCError(code: .invalidArgument, message: "metadata: an upload starts with its metadata; none came")
        }
        guard case .metadata(let sent) = first.part else {
            throw RPCError(
                code: .failedPrecondition,
                message: "metadata: an upload's first message is its metadata (owner, purpose, file name, type), "
                    + "then the chunks"
            )
        }
        let metadata = try DocumentsProtoMapping.metadata(sent)
        var upload = try refusingAsRPC { try DocumentUpload(metadata, limits: configuration.limits) }
        try await requireAccess(to: metadata.owner, for: caller.userID, \.mayAdd, "upload to")
        let writer = try database.blobs.makeWriter()
        defer { writer.abandon() }
        while let message = try await messages.next() {
            guard case .chunk(let chunk) = message.part else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "metadata: sent again after the upload started; send it once, first"
                )
            }
            try refusingAsRPC { try upload.append(chunk) }
            try writer.write(chunk)
        }
        let uploaded = try refusingAsRPC { try upload.finish() }
        let now = clock.micros()
        let record = DocumentRecord(
            id: EntityID.generate(now: clock.date),
            owner: metadata.owner,
            purpose: metadata.purpose,
            fileName: metadata.fileName,
            type: uploaded.type,
            size: uploaded.size,
            sha256: uploaded.sha256,
            uploadedBy: caller.userID,
            uploadedAt: now
        )
        try await database.keep(record, bytes: writer)
        context.logger.info(
            "document kept",
            metadata: ["document_id": "\(record.id)", "bytes": "\(record.size)", "owner_kind": "\(record.owner.kind)"]
        )
        return DocumentsProtoMapping.document(record)
    }

    /// F7: the document with its SHA-256, then its bytes in chunks; NOT_FOUND for one the caller may not see.
    public func download(
        request: Quad_Documents_V1_DownloadRequest,
        response: MessageWriter<Quad_Documents_V1_DownloadResponse>,
        context: ServerContext
    ) async throws {
        let caller = try context.requireCaller()
        let (record, _) = try await visibleDocument(request.documentID, to: caller.userID)
        let reader = try database.blobs.reader(for: record.sha256)
        defer { reader.close() }
        try await response.send(.with { $0.document = DocumentsProtoMapping.document(record) })
        while true {
            let chunk = try reader.read(upTo: configuration.downloadChunk)
            if chunk.isEmpty { break }
            try await response.send(.with { $0.chunk = chunk })
        }
    }

    /// F7: an owner's documents, newest first, a page at a time.
    public func listDocuments(
        request: Quad_Documents_V1_ListDocumentsRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_ListDocumentsResponse {
        let caller = try context.requireCaller()
        let owner = try DocumentsProtoMapping.owner(request.ownerKind, request.ownerID)
        let limit = try PageLimit.resolve(
            request.limit,
            default: configuration.defaultListLimit,
            maximum: configuration.maximumListLimit
        )
        let token = request.pageToken
        let cursor = try token.isEmpty ? nil : refusingAsRPC { try DocumentCursor(token: token) }
        try await requireAccess(to: owner, for: caller.userID, \.mayView, "see the documents of")
        let page = try await database.documents(of: owner, limit: limit, after: cursor)
        return .with {
            $0.documents = page.documents.map(DocumentsProtoMapping.document)
            $0.nextPageToken = page.next?.token ?? ""
        }
    }

    /// F7: by its uploader, or by whom the owner's context allows; its bytes go once no other document has them.
    public func deleteDocument(
        request: Quad_Documents_V1_DeleteDocumentRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_DeleteDocumentResponse {
        let caller = try context.requireCaller()
        let (record, access) = try await visibleDocument(request.documentID, to: caller.userID)
        if record.uploadedBy != caller.userID {
            guard access.mayDeleteAny else {
                throw RPCError(
                    code: .permissionDenied,
                    message: "document_id: \(record.id) was uploaded by someone else; only they, or whom its "
                        + "\(record.owner.kind.rawValue) allows, may delete it"
                )
            }
        }
        try await database.delete(record, at: clock.micros())
        context.logger.info("document deleted", metadata: ["document_id": "\(record.id)"])
        return .init()
    }

    /// The most documents one GetDocuments answers.
    static let getDocumentsLimit = 50

    /// For other services (service_only): documents by id, those that exist, in the order asked; a context that
    /// names documents (a dispute's evidence) checks what they are and whose.
    public func getDocuments(
        request: Quad_Documents_V1_GetDocumentsRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_GetDocumentsResponse {
        guard request.documentIds.count <= Self.getDocumentsLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "document_ids: at most \(Self.getDocumentsLimit) at once, not \(request.documentIds.count)"
            )
        }
        let records = try await database.documents(ids: request.documentIds)
        return .with { $0.documents = records.map(DocumentsProtoMapping.document) }
    }

    /// Document `id` and what `user` may do with it, if they may see it (one question to its owner's context);
    /// NOT_FOUND otherwise, the same for a document that does not exist.
    private func visibleDocument(_ id: String, to user: String) async throws -> (DocumentRecord, DocumentAccess) {
        guard !id.isEmpty else { throw RPCError(code: .invalidArgument, message: "document_id: name the document") }
        let notFound = RPCError(code: .notFound, message: "document_id: no document \(id) that you may see")
        guard let record = try await database.document(id: id) else { throw notFound }
        let access = try await owners.access(to: record.owner, for: user)
        guard access.mayView else { throw notFound }
        return (record, access)
    }

    /// Asks the owner's context; NOT_FOUND for an owner it does not have and, with the same message, for one the
    /// user may not see (a stranger learns nothing of another's job); PERMISSION_DENIED when they see it but `right`
    /// is not granted (someone else's profile).
    private func requireAccess(
        to owner: DocumentOwner,
        for user: String,
        _ right: KeyPath<DocumentAccess, Bool>,
        _ action: String
    ) async throws {
        let access = try await owners.access(to: owner, for: user)
        guard access.exists, access.mayView else {
            throw RPCError(
                code: .notFound,
                message: "owner_id: no \(owner.kind.rawValue) \(owner.id) whose documents you may see"
            )
        }
        guard access[keyPath: right] else {
            throw RPCError(
                code: .permissionDenied,
                message: "owner_id: you may not \(action) \(owner.kind.rawValue) \(owner.id)"
            )
        }
    }
}

/// Outbox deliveries (the events documents.proto says fleet-documents receives) arrive through the generated dispatch.
extension DocumentsService: Quad_Documents_V1_Documents.Deliver {
    /// `account.deleted` from identity, applied once: the person's profile pictures are deleted, bytes and all. Their
    /// uploads to jobs (a dispute's evidence) stay with the jobs, which keep them as they keep the jobs' records.
    public func accountDeleted(
        _ deleted: Quad_Identity_V1_AccountDeleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        guard !deleted.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "account.deleted: user_id is required")
        }
        return try await database.forgetProfile(of: deleted.userID, delivery: delivery)
    }
}
