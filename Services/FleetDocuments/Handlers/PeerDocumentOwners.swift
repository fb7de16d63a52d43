public import FleetDocumentsDomain
import QuadContracts
public import QuadWire

/// The owners' contexts asked over the wire, each through its `DocumentAccess` method (service-only): identity for
/// profiles, jobs for jobs, households for chores and expenses. Loads are fleet-documents' own, answered before
/// asking here (``LoadDocumentOwners``).
public struct PeerDocumentOwners: DocumentOwners {
    private let identity: Quad_Identity_V1_Identity.Client
    private let jobs: Quad_Jobs_V1_Jobs.Client
    private let households: Quad_Households_V1_Households.Client
    private let timeout: Duration

    /// - Parameters:
    ///   - identity, jobs, households: the contexts' services (`environment.peers.transport(...)`).
    ///   - timeout: how long one question may take.
    public init(
        identity: any ClientTransport,
        jobs: any ClientTransport,
        households: any ClientTransport,
        timeout: Duration = .seconds(5)
    ) {
        self.identity = Quad_Identity_V1_Identity.Client(transport: identity)
        self.jobs = Quad_Jobs_V1_Jobs.Client(transport: jobs)
        self.households = Quad_Households_V1_Households.Client(transport: households)
        self.timeout = timeout
    }

    public func access(to owner: DocumentOwner, for user: String) async throws -> DocumentAccess {
        let request = Quad_Documents_V1_DocumentAccessRequest.with {
            $0.ownerKind = DocumentsProtoMapping.ownerKind(owner.kind)
            $0.ownerID = owner.id
            $0.userID = user
        }
        let options = CallOptions(timeout: timeout)
        let answer: Quad_Documents_V1_DocumentAccessResponse
        switch owner.kind {
        case .profile: answer = try await identity.documentAccess(request, options: options)
        case .job: answer = try await jobs.documentAccess(request, options: options)
        case .chore, .expense: answer = try await households.documentAccess(request, options: options)
        case .load:
            throw RPCError(
                code: .failedPrecondition,
                message: "owner_kind: a load's documents are answered by fleet-documents' freight, not its peers"
            )
        }
        return DocumentAccess(
            exists: answer.exists,
            mayView: answer.mayView,
            mayAdd: answer.mayAdd,
            mayDeleteAny: answer.mayDeleteAny
        )
    }
}
