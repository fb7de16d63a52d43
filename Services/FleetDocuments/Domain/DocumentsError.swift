public import QuadKernel

/// Why a document operation was refused, thrown before anything was kept: an upload that throws keeps no blob and
/// no row. ``Code`` names the wire status it becomes; ``message`` goes to the client as it is, naming the field or the
/// rule and how to fix it.
public struct DocumentsError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    /// The kind of refusal; each case becomes the wire status its raw value names.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request or the bytes are wrong whatever the state: no file name, a type the bytes do not have, an
        /// empty file, a chunk above 256 KiB.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The upload passed the size cap: refused as soon as it did, nothing kept.
        case resourceExhausted = "RESOURCE_EXHAUSTED"
        /// The stream broke the upload's order: chunks before the metadata, a second metadata message.
        case failedPrecondition = "FAILED_PRECONDITION"
    }

    /// The kind of refusal.
    public var code: Code
    /// What was wrong and how to fix it.
    public var message: String
    /// The request field at fault, as the proto names it, when one is.
    public var field: String?

    /// Creates an error.
    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// The message.
    public var description: String { message }
}
