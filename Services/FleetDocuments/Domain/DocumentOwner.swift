/// What a document belongs to (F8): the owning context answers who may see it and who may delete it besides its
/// uploader.
public struct DocumentOwner: Sendable, Hashable {
    /// The kinds of owner, each kept by one context.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A freight load (fleet-documents): bills of lading, receipts, proofs of delivery (F7).
        case load
        /// A person's profile (identity): their picture (A8).
        case profile
        /// A job (jobs): an errand's receipts (E5), a dispute's evidence (L13).
        case job
        /// A household chore (households): its photos (H6).
        case chore
        /// A household expense (households): its receipts (H10).
        case expense

        /// The context that answers for owners of this kind.
        public var context: String {
            switch self {
            case .load: "fleet-documents"
            case .profile: "identity"
            case .job: "jobs"
            case .chore, .expense: "households"
            }
        }
    }

    /// The kind of owner.
    public var kind: Kind
    /// The owner's id in its context (a load id, a user id, a job id, a chore id, an expense id).
    public var id: String

    public init(kind: Kind, id: String) {
        self.kind = kind
        self.id = id
    }
}

/// What a document is for, which says what it may belong to and which types it may have.
public enum DocumentPurpose: String, Sendable, Hashable, CaseIterable {
    case billOfLading = "bill_of_lading"
    case receipt
    case proofOfDelivery = "proof_of_delivery"
    case profilePicture = "profile_picture"
    case disputeEvidence = "dispute_evidence"
    case chorePhoto = "chore_photo"

    /// Whether a document for this purpose may belong to owners of `kind` (a receipt belongs to a load, to an
    /// errand's job or to a household's expense).
    public func accepts(_ kind: DocumentOwner.Kind) -> Bool {
        switch self {
        case .billOfLading, .proofOfDelivery: kind == .load
        case .receipt: kind == .load || kind == .job || kind == .expense
        case .profilePicture: kind == .profile
        case .disputeEvidence: kind == .job
        case .chorePhoto: kind == .chore
        }
    }

    /// The types a document for this purpose may have: pictures only for a profile picture or a chore photo.
    public var allowedTypes: Set<DocumentType> {
        switch self {
        case .profilePicture, .chorePhoto: [.jpeg, .png, .heic]
        default: Set(DocumentType.allCases)
        }
    }
}
