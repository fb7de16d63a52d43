import Foundation
import QuadContracts
import QuadServiceKit
import QuadWire

/// The checks of free text and named documents that the three households services share.
enum HouseholdsInput {
    /// `value` is set, or INVALID_ARGUMENT naming `field`.
    static func requireID(_ value: String, _ field: String, _ what: String) throws {
        guard !value.isEmpty else { throw RPCError(code: .invalidArgument, message: "\(field): name the \(what)") }
    }

    /// `raw` trimmed, when it has 1 to `limit` characters and no control characters; else INVALID_ARGUMENT saying
    /// `refusal` (which names the field).
    static func line(_ raw: String, limit: Int, refusal: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= limit,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw RPCError(code: .invalidArgument, message: refusal) }
        return text
    }

    /// Document `id` is in fleet-documents as `purpose` of the owner `kind` `owner`; else INVALID_ARGUMENT saying
    /// `refusal`, and UNAVAILABLE saying `unavailable` when fleet-documents cannot be asked. Either way nothing changed.
    static func requireDocument(
        _ id: String,
        of kind: Quad_Documents_V1_OwnerKind,
        _ owner: String,
        purpose: Quad_Documents_V1_DocumentPurpose,
        in documents: any DocumentDirectory,
        refusal: String,
        unavailable: String
    ) async throws {
        let found: [Quad_Documents_V1_Document]
        do {
            found = try await documents.documents(ids: [id])
        } catch {
            throw RPCError(code: .unavailable, message: unavailable)
        }
        guard
            found.contains(where: {
                $0.documentID == id && $0.ownerKind == kind && $0.ownerID == owner && $0.purpose == purpose
            })
        else { throw RPCError(code: .invalidArgument, message: refusal) }
    }
}
