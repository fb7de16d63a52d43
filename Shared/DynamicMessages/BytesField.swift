/// A message's one singular `bytes` field, for tools that stream a file through messages of a type they learn at
/// run time (`quad call --upload` and `--download`): an upload's chunks, a download's chunks.
public struct BytesField: Sendable, Hashable {
    /// The field, e.g. `chunk` (number 2) of `quad.documents.v1.UploadRequest`.
    public let field: FieldInfo
    /// The message type it belongs to.
    public let messageType: String

    /// The one singular `bytes` field of `messageType` in `pool`.
    ///
    /// - Throws: ``TranscodingError`` when the type is unknown or has none, or several (the tool cannot tell which
    ///   carries the file).
    public init(of messageType: String, in pool: DescriptorPool) throws {
        guard let message = pool.message(named: messageType) else {
            throw TranscodingError(code: .unknownType, message: "no descriptor defines \(messageType)")
        }
        let candidates = message.fields.filter { $0.kind == .bytes && !$0.isRepeated }
        guard candidates.count == 1, let field = candidates.first else {
            let names = candidates.map(\.name).joined(separator: ", ")
            throw TranscodingError(
                code: .typeMismatch,
                message: candidates.isEmpty
                    ? "\(messageType) has no bytes field to carry a file"
                    : "\(messageType) has several bytes fields (\(names)); a file goes in one"
            )
        }
        self.field = field
        self.messageType = messageType
    }

    /// A message of the type with only this field set to `chunk`, in protobuf binary.
    public func message(carrying chunk: some Collection<UInt8>) -> [UInt8] {
        var writer = WireWriter()
        writer.writeTag(field.number, .lengthDelimited)
        writer.writeLengthDelimited(Array(chunk))
        return writer.bytes
    }

    /// This field's bytes in `message` (protobuf binary), the last occurrence as protobuf reads it; nil when the
    /// message does not set it.
    public func bytes(in message: [UInt8]) throws -> [UInt8]? {
        var reader = WireReader(message)
        var found: [UInt8]?
        while !reader.isAtEnd {
            let (number, wireType) = try reader.readTag(at: .root)
            if number == field.number, wireType == .lengthDelimited {
                found = Array(try reader.readLengthDelimited(at: .root))
            } else {
                try reader.skip(wireType, number: number, at: .root)
            }
        }
        return found
    }
}
