import FleetDocumentsDomain
import QuadContracts
import QuadWire

/// fleet-documents' values to and from documents.proto's.
enum DocumentsProtoMapping {
    static func ownerKind(_ kind: DocumentOwner.Kind) -> Quad_Documents_V1_OwnerKind {
        switch kind {
        case .load: .load
        case .profile: .profile
        case .job: .job
        case .chore: .chore
        case .expense: .expense
        }
    }

    static func ownerKind(_ kind: Quad_Documents_V1_OwnerKind) throws -> DocumentOwner.Kind {
        switch kind {
        case .load: return .load
        case .profile: return .profile
        case .job: return .job
        case .chore: return .chore
        case .expense: return .expense
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message:
                    "owner_kind: say what the document belongs to: OWNER_KIND_LOAD, _PROFILE, _JOB, _CHORE or _EXPENSE"
            )
        }
    }

    static func owner(_ kind: Quad_Documents_V1_OwnerKind, _ id: String) throws -> DocumentOwner {
        let owner = DocumentOwner(kind: try ownerKind(kind), id: id)
        guard !id.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "owner_id: name the \(owner.kind.rawValue)")
        }
        return owner
    }

    static func type(_ type: DocumentType) -> Quad_Documents_V1_DocumentType {
        switch type {
        case .pdf: .pdf
        case .jpeg: .jpeg
        case .png: .png
        case .heic: .heic
        }
    }

    static func type(_ type: Quad_Documents_V1_DocumentType) throws -> DocumentType {
        switch type {
        case .pdf: return .pdf
        case .jpeg: return .jpeg
        case .png: return .png
        case .heic: return .heic
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "declared_type: say the file's type: DOCUMENT_TYPE_PDF, _JPEG, _PNG or _HEIC"
            )
        }
    }

    static func purpose(_ purpose: DocumentPurpose) -> Quad_Documents_V1_DocumentPurpose {
        switch purpose {
        case .billOfLading: .billOfLading
        case .receipt: .receipt
        case .proofOfDelivery: .proofOfDelivery
        case .profilePicture: .profilePicture
        case .disputeEvidence: .disputeEvidence
        case .chorePhoto: .chorePhoto
        }
    }

    static func purpose(_ purpose: Quad_Documents_V1_DocumentPurpose) throws -> DocumentPurpose {
        switch purpose {
        case .billOfLading: return .billOfLading
        case .receipt: return .receipt
        case .proofOfDelivery: return .proofOfDelivery
        case .profilePicture: return .profilePicture
        case .disputeEvidence: return .disputeEvidence
        case .chorePhoto: return .chorePhoto
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "purpose: say what the document is for: DOCUMENT_PURPOSE_BILL_OF_LADING, _RECEIPT, "
                    + "_PROOF_OF_DELIVERY, _PROFILE_PICTURE, _DISPUTE_EVIDENCE or _CHORE_PHOTO"
            )
        }
    }

    static func metadata(_ metadata: Quad_Documents_V1_UploadMetadata) throws -> UploadMetadata {
        UploadMetadata(
            owner: try owner(metadata.ownerKind, metadata.ownerID),
            purpose: try purpose(metadata.purpose),
            fileName: metadata.fileName,
            declaredType: try type(metadata.declaredType)
        )
    }

    static func document(_ record: DocumentRecord) -> Quad_Documents_V1_Document {
        .with {
            $0.documentID = record.id
            $0.ownerKind = ownerKind(record.owner.kind)
            $0.ownerID = record.owner.id
            $0.purpose = purpose(record.purpose)
            $0.fileName = record.fileName
            $0.type = type(record.type)
            $0.mediaType = record.type.mediaType
            $0.sizeBytes = Int64(record.size)
            $0.sha256 = record.sha256
            $0.uploadedBy = record.uploadedBy
            $0.uploadedAtMicros = record.uploadedAt
        }
    }
}
