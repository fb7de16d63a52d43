/// The outcome of a call as it travels in `CallEnd.status`.
public struct Status: Hashable, Sendable, CustomStringConvertible {
    public var code: StatusCode
    public var message: String
    /// Opaque detail blobs (serialized protobuf messages), passed through untouched.
    public var details: [[UInt8]]

    public init(code: StatusCode, message: String = "", details: [[UInt8]] = []) {
        self.code = code
        self.message = message
        self.details = details
    }

    public static let ok = Status(code: .ok)

    public var isOK: Bool { code == .ok }

    public var description: String { message.isEmpty ? code.name : "\(code.name): \(message)" }
}
