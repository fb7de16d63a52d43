public import QuadContracts
public import QuadWire

/// Where a context checks the documents a request names (jobs: a dispute's evidence, L13; households: a chore's
/// photo, H6, an expense's receipt, H10): fleet-documents' `GetDocuments` in
/// the service (``FleetDocumentsDirectory``), a table in tests.
public protocol DocumentDirectory: Sendable {
    /// The documents of `ids` that exist.
    ///
    /// - Throws: `RPCError` when fleet-documents cannot answer (UNAVAILABLE when it is down).
    func documents(ids: [String]) async throws -> [Quad_Documents_V1_Document]
}

/// fleet-documents' `GetDocuments` (service-only).
public struct FleetDocumentsDirectory: DocumentDirectory {
    private let client: Quad_Documents_V1_Documents.Client
    private let timeout: Duration

    /// A directory that asks fleet-documents over `transport` (`environment.peers.transport("fleet-documents")`),
    /// each call waiting at most `timeout`.
    public init(transport: any ClientTransport, timeout: Duration = .seconds(5)) {
        client = Quad_Documents_V1_Documents.Client(transport: transport)
        self.timeout = timeout
    }

    public func documents(ids: [String]) async throws -> [Quad_Documents_V1_Document] {
        try await client.getDocuments(.with { $0.documentIds = ids }, options: CallOptions(timeout: timeout)).documents
    }
}

extension DocumentDirectory {
    /// Document `id` is in fleet-documents as `purpose` of the owner `kind` `owner`; else `refusal` (the caller's
    /// status and message, naming the field), and UNAVAILABLE saying `unavailable` when fleet-documents cannot be
    /// asked (with its reason). Either way nothing changed: the caller checks before it writes (a chore's photo, an expense's receipt,
    /// an errand's or a ride's receipt).
    public func require(
        _ id: String,
        of kind: Quad_Documents_V1_OwnerKind,
        _ owner: String,
        purpose: Quad_Documents_V1_DocumentPurpose,
        refusal: RPCError,
        unavailable: String
    ) async throws {
        let found: [Quad_Documents_V1_Document]
        do {
            found = try await documents(ids: [id])
        } catch {
            throw RPCError(code: .unavailable, message: "\(unavailable) (\(RPCError.from(error).message))")
        }
        guard
            found.contains(where: {
                $0.documentID == id && $0.ownerKind == kind && $0.ownerID == owner && $0.purpose == purpose
            })
        else { throw refusal }
    }
}
