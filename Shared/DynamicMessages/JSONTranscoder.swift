/// Turns JSON into protobuf binary and back using only the descriptors in a
/// ``DescriptorPool``, the way `quad call` (like grpcurl) talks to any service.
///
/// It follows the proto3 JSON mapping: fields are written under their JSON names in
/// field-number order, 64-bit integers as strings, enums by name, bytes as base64,
/// NaN and the infinities as strings; fields at their default value are left out unless
/// they have explicit presence and are set. Input accepts JSON or proto field names,
/// integers as numbers or strings, enums by name or number, and `null` for "unset".
/// Well-known types (`google.protobuf.Timestamp`, ...) get no special mapping: they are
/// written as the ordinary messages they are.
public struct JSONTranscoder: Sendable {
    /// How deeply messages may nest, in JSON or binary, before the input is refused
    /// (SwiftProtobuf's default recursion limit).
    static let maximumDepth = 100

    /// The types this transcoder knows.
    public let pool: DescriptorPool

    /// Creates a transcoder for the types in `pool`.
    public init(pool: DescriptorPool) {
        self.pool = pool
    }

    /// The protobuf binary encoding of the message of type `messageType` written as `json`.
    ///
    /// - Parameters:
    ///   - json: A JSON object in the proto3 JSON mapping.
    ///   - messageType: The message's full name, e.g. `quad.identity.v1.RegisterRequest`.
    /// - Throws: ``TranscodingError`` naming the field path of the first mistake.
    public func binary(fromJSON json: String, messageType: String) throws -> [UInt8] {
        let message = try pool.requireMessage(messageType, at: .root)
        let value = try JSONParser.parse(json)
        return try BinaryEncoder(pool: pool).encode(value, as: message)
    }

    /// The message of type `messageType` encoded as `bytes`, written as pretty-printed JSON.
    ///
    /// Fields the descriptors do not know (newer servers, extensions) are skipped.
    ///
    /// - Parameters:
    ///   - bytes: The protobuf binary encoding of the message.
    ///   - messageType: The message's full name, e.g. `quad.identity.v1.RegisterResponse`.
    /// - Throws: ``TranscodingError`` when the bytes are not a valid encoding of the message.
    public func json(fromBinary bytes: [UInt8], messageType: String) throws -> String {
        let message = try pool.requireMessage(messageType, at: .root)
        let decoded = try BinaryDecoder(pool: pool).decode(bytes, as: message)
        let value = try JSONRenderer(pool: pool).render(decoded, as: message, at: .root)
        return JSONWriter.prettyPrinted(value)
    }
}
