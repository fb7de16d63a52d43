/// An error turning JSON into protobuf binary or back, or reading descriptors.
///
/// The message names the field path from the top-level message, with proto field names,
/// array indices and map keys (`date_of_birth.year`, `campuses[2].dorms[0].name`), so a
/// person can find the mistake in what they typed.
public struct TranscodingError: Error, Sendable, CustomStringConvertible {
    /// What kind of mistake it was.
    public enum Code: String, Hashable, Sendable {
        /// The text is not JSON at all (unbalanced braces, a bad escape, trailing text).
        case malformedJSON
        /// A JSON key names no field of the message.
        case unknownField
        /// A JSON value has the wrong shape for its field (a string for an integer, an array for a message).
        case typeMismatch
        /// A JSON value has the right shape but not an acceptable value (out of range,
        /// an unknown enum name, bad base64, two members of one oneof).
        case invalidValue
        /// The bytes are not a valid serialization of the message.
        case malformedBinary
        /// No descriptor in the pool defines the message or enum.
        case unknownType
        /// No descriptor in the pool defines the service or method.
        case unknownMethod
        /// A serialized file descriptor could not be read or is inconsistent.
        case invalidDescriptor
    }

    /// What kind of mistake it was.
    public var code: Code
    /// What happened, naming the field path where there is one.
    public var message: String
    /// The path of the offending field from the top-level message (`""` for the message itself).
    public var fieldPath: String
    /// The underlying error, e.g. SwiftProtobuf's when a file descriptor does not decode.
    public var cause: (any Error)?

    /// Creates an error; `fieldPath` is informational, `message` should already name it.
    public init(code: Code, message: String, fieldPath: String = "", cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.fieldPath = fieldPath
        self.cause = cause
    }

    /// `code: message`, e.g. `typeMismatch: date_of_birth.year: expected an integer, got a string`.
    public var description: String { "\(code.rawValue): \(message)" }
}
