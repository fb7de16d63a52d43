public import Crypto
public import Foundation

/// What an upload says of itself in its first message (F7).
public struct UploadMetadata: Sendable, Hashable {
    public var owner: DocumentOwner
    public var purpose: DocumentPurpose
    public var fileName: String
    /// The type the uploader says the file has; the bytes must agree.
    public var declaredType: DocumentType

    public init(owner: DocumentOwner, purpose: DocumentPurpose, fileName: String, declaredType: DocumentType) {
        self.owner = owner
        self.purpose = purpose
        self.fileName = fileName
        self.declaredType = declaredType
    }
}

/// A document once all its bytes arrived: its type (from the bytes), size and SHA-256.
public struct UploadedDocument: Sendable, Hashable {
    public var metadata: UploadMetadata
    public var type: DocumentType
    public var size: Int
    /// The SHA-256 of the bytes, lowercase hex: the blob's address.
    public var sha256: String
}

/// One upload as its chunks arrive (F7): checks the metadata, keeps the size under the cap, tells the type from the
/// first bytes and checks it against the declared one, and hashes as it goes, so the caller can refuse at the first
/// chunk that breaks a rule and keep nothing.
///
/// Pure: the caller writes the chunks wherever it keeps them, and keeps them only when ``finish()`` answers.
public struct DocumentUpload: Sendable {
    public let metadata: UploadMetadata
    public let limits: UploadLimits
    /// Bytes received so far.
    public private(set) var size = 0
    /// The type the first bytes showed, once they did.
    public private(set) var detectedType: DocumentType?
    private var prefix: [UInt8] = []
    private var hasher = SHA256()

    /// Starts an upload from its metadata; refuses a missing or unsafe file name, a purpose that the owner's kind
    /// does not take, a type the purpose does not allow, or an owner without an id.
    public init(_ metadata: UploadMetadata, limits: UploadLimits = .defaults) throws(DocumentsError) {
        try Self.check(metadata, limits: limits)
        self.metadata = metadata
        self.limits = limits
    }

    /// Takes the next chunk. Refuses an empty or oversized chunk, the chunk that takes the file past the cap
    /// (RESOURCE_EXHAUSTED: stop at once), and the first bytes once they show another type than the declared one or
    /// none of the kept types.
    public mutating func append(_ chunk: some DataProtocol) throws(DocumentsError) {
        guard !chunk.isEmpty else {
            throw DocumentsError(code: .invalidArgument, message: "chunk: an empty chunk; send bytes", field: "chunk")
        }
        guard chunk.count <= limits.maximumChunk else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "chunk: \(chunk.count) bytes in one message; send at most \(limits.maximumChunk)",
                field: "chunk"
            )
        }
        guard size + chunk.count <= limits.maximumSize else {
            throw DocumentsError(
                code: .resourceExhausted,
                message: "the file passed \(Self.mebibytes(limits.maximumSize)), the most a document may have; "
                    + "nothing was kept"
            )
        }
        size += chunk.count
        hasher.update(data: chunk)
        if detectedType == nil {
            prefix += chunk.prefix(DocumentType.signatureLength - prefix.count)
            try detect(atEnd: false)
        }
    }

    /// Ends the upload: refuses an empty file and one too short to be any kept type; answers the document with its
    /// size, type and SHA-256.
    public mutating func finish() throws(DocumentsError) -> UploadedDocument {
        guard size > 0 else {
            throw DocumentsError(code: .invalidArgument, message: "the file is empty; upload a document with its bytes")
        }
        try detect(atEnd: true)
        guard let detectedType else { preconditionFailure("detect(atEnd: true) decides or throws") }
        return UploadedDocument(
            metadata: metadata,
            type: detectedType,
            size: size,
            sha256: hasher.finalize().lowercaseHex
        )
    }

    private mutating func detect(atEnd: Bool) throws(DocumentsError) {
        guard detectedType == nil else { return }
        switch DocumentType.detect(prefix) {
        case .type(let type):
            guard type == metadata.declaredType else {
                throw DocumentsError(
                    code: .invalidArgument,
                    message: "declared_type: the file is declared \(metadata.declaredType.displayName) but its bytes "
                        + "are \(type.displayName); declare \(type.displayName) or upload the intended file",
                    field: "declared_type"
                )
            }
            detectedType = type
        case .needMore where !atEnd:
            return
        case .needMore, .unknown:
            throw DocumentsError(
                code: .invalidArgument,
                message: "the file's bytes are not a "
                    + Self.list(metadata.purpose.allowedTypes.map(\.displayName))
                    + "; only those are kept (the type is told from the bytes, not the name)"
            )
        }
    }

    private static func check(_ metadata: UploadMetadata, limits: UploadLimits) throws(DocumentsError) {
        guard !metadata.owner.id.isEmpty else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "owner_id: name the \(metadata.owner.kind.rawValue) the document belongs to",
                field: "owner_id"
            )
        }
        guard metadata.purpose.accepts(metadata.owner.kind) else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "purpose: a \(metadata.purpose.rawValue) does not belong to a \(metadata.owner.kind.rawValue)",
                field: "purpose"
            )
        }
        guard metadata.purpose.allowedTypes.contains(metadata.declaredType) else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "declared_type: a \(metadata.purpose.rawValue) is a picture: "
                    + list(metadata.purpose.allowedTypes.map(\.displayName)) + ", not "
                    + metadata.declaredType.displayName,
                field: "declared_type"
            )
        }
        let name = metadata.fileName
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DocumentsError(code: .invalidArgument, message: "file_name: name the file", field: "file_name")
        }
        guard name.utf8.count <= limits.maximumFileName else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "file_name: \(name.utf8.count) bytes; at most \(limits.maximumFileName)",
                field: "file_name"
            )
        }
        guard !name.contains("/"), !name.contains("\\"), !name.unicodeScalars.contains(where: { $0.value < 0x20 })
        else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "file_name: a name without slashes or control characters (the name alone, not a path)",
                field: "file_name"
            )
        }
    }

    /// "PDF, JPEG, PNG or HEIC", in ``DocumentType``'s order.
    private static func list(_ names: [String]) -> String {
        let ordered = DocumentType.allCases.map(\.displayName).filter(names.contains)
        guard ordered.count > 1 else { return ordered.first ?? "" }
        return ordered.dropLast().joined(separator: ", ") + " or " + ordered.last!
    }

    private static func mebibytes(_ bytes: Int) -> String {
        bytes % (1_024 * 1_024) == 0 ? "\(bytes / (1_024 * 1_024)) MiB" : "\(bytes) bytes"
    }
}
