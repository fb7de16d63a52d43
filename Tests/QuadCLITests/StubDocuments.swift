import Foundation
import QuadContracts
import QuadWire
import Synchronization

/// `quad.documents.v1.Documents` kept in memory, for `quad call --upload` and `--download`: an upload's chunks are
/// joined and kept under `doc-<n>` (its answer says the size and the messages it took), a download streams the
/// document first, then its bytes in chunks of 1000. The real store is tested in FleetDocumentsServiceTests.
final class StubDocuments: Quad_Documents_V1_Documents.ServiceProtocol {
    let kept = Mutex<[String: (metadata: Quad_Documents_V1_UploadMetadata, bytes: [UInt8], messages: Int)]>([:])

    func upload(
        requests: RequestStream<Quad_Documents_V1_UploadRequest>,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_Document {
        var metadata: Quad_Documents_V1_UploadMetadata?
        var bytes: [UInt8] = []
        var messages = 0
        for try await request in requests {
            messages += 1
            switch request.part {
            case .metadata(let first): metadata = first
            case .chunk(let chunk): bytes += chunk
            case nil: break
            }
        }
        guard let metadata else { throw RPCError(code: .invalidArgument, message: "metadata: none came") }
        let id = kept.withLock { kept in
            let id = "doc-\(kept.count + 1)"
            kept[id] = (metadata, bytes, messages)
            return id
        }
        return .with {
            $0.documentID = id
            $0.fileName = metadata.fileName
            $0.sizeBytes = Int64(bytes.count)
        }
    }

    func download(
        request: Quad_Documents_V1_DownloadRequest,
        response: MessageWriter<Quad_Documents_V1_DownloadResponse>,
        context: ServerContext
    ) async throws {
        guard let document = kept.withLock({ $0[request.documentID] }) else {
            throw RPCError(code: .notFound, message: "document_id: no document \(request.documentID)")
        }
        try await response.send(
            .with {
                $0.document = .with {
                    $0.documentID = request.documentID
                    $0.fileName = document.metadata.fileName
                    $0.sizeBytes = Int64(document.bytes.count)
                }
            }
        )
        var offset = 0
        while offset < document.bytes.count {
            let end = min(offset + 1_000, document.bytes.count)
            try await response.send(.with { $0.chunk = Data(document.bytes[offset..<end]) })
            offset = end
        }
    }

    func listDocuments(request: Quad_Documents_V1_ListDocumentsRequest, context: ServerContext) async throws
        -> Quad_Documents_V1_ListDocumentsResponse
    { .init() }

    func deleteDocument(request: Quad_Documents_V1_DeleteDocumentRequest, context: ServerContext) async throws
        -> Quad_Documents_V1_DeleteDocumentResponse
    { .init() }

    func getDocuments(request: Quad_Documents_V1_GetDocumentsRequest, context: ServerContext) async throws
        -> Quad_Documents_V1_GetDocumentsResponse
    { .init() }

    func deliver(request: Quad_Types_V1_OutboxDelivery, context: ServerContext) async throws
        -> Quad_Types_V1_DeliveryReceipt
    { .init() }
}
