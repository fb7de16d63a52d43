internal import SwiftProtobuf

/// The message, enum and service types of a set of `.proto` files, read at run time from
/// serialized `google.protobuf.FileDescriptorProto`s (what the Reflection service returns).
///
/// Files may come in any order and may repeat (the first copy of a file name wins); a type
/// referred to but defined in no file is reported when it is first needed, not here, so a
/// pool missing an unrelated dependency still serves the types it has.
public struct DescriptorPool: Sendable, CustomStringConvertible {
    private var messages: [String: MessageInfo] = [:]
    private var enums: [String: EnumInfo] = [:]
    private var methods: [String: MethodInfo] = [:]

    /// The names of the files read, in the order first seen.
    public private(set) var fileNames: [String] = []

    /// Reads serialized `google.protobuf.FileDescriptorProto`s.
    ///
    /// - Throws: ``TranscodingError`` with code `invalidDescriptor` when bytes do not decode
    ///   or two files define the same symbol.
    public init(files: [[UInt8]]) throws {
        var protos: [Google_Protobuf_FileDescriptorProto] = []
        for (index, bytes) in files.enumerated() {
            let file: Google_Protobuf_FileDescriptorProto
            do {
                file = try Google_Protobuf_FileDescriptorProto(serializedBytes: bytes)
            } catch {
                throw TranscodingError(
                    code: .invalidDescriptor,
                    message: "file descriptor \(index) is not a serialized google.protobuf.FileDescriptorProto",
                    cause: error
                )
            }
            guard !fileNames.contains(file.name) else { continue }
            fileNames.append(file.name)
            protos.append(file)
        }
        var builder = DescriptorPoolBuilder()
        for file in protos { try builder.declare(file) }
        for file in protos { try builder.define(file) }
        self.messages = builder.messages
        self.enums = builder.enums
        self.methods = builder.methods
    }

    /// The files read and how many types they define, short enough for a test failure.
    public var description: String {
        let counts = "messages: \(messages.count), enums: \(enums.count), methods: \(methods.count)"
        return "DescriptorPool(files: \(fileNames), \(counts))"
    }

    /// The full names of the services defined, sorted.
    public var serviceNames: [String] {
        Set(methods.keys.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
    }

    /// The method called `fullName`: `package.Service/Method`, with or without a leading `/`.
    ///
    /// - Throws: ``TranscodingError`` with code `unknownMethod`.
    public func method(named fullName: String) throws -> MethodInfo {
        let name = fullName.hasPrefix("/") ? String(fullName.dropFirst()) : fullName
        if let method = methods[name] { return method }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let message: String
        if parts.count != 2 {
            message = "\(fullName) is not a method name: expected package.Service/Method"
        } else if serviceNames.contains(parts[0]) {
            let methodNames = methods.keys.filter { $0.hasPrefix(parts[0] + "/") }.map {
                $0.dropFirst(parts[0].count + 1)
            }
            message =
                "service \(parts[0]) has no method \(parts[1]); it has \(methodNames.sorted().joined(separator: ", "))"
        } else {
            message = "unknown service \(parts[0]); the descriptors define \(serviceNames.joined(separator: ", "))"
        }
        throw TranscodingError(code: .unknownMethod, message: message)
    }

    /// The message type called `name` (full name, e.g. `quad.identity.v1.RegisterRequest`; a
    /// leading `.` is ignored), or nil.
    public func message(named name: String) -> MessageInfo? {
        messages[name.hasPrefix(".") ? String(name.dropFirst()) : name]
    }

    /// The enum type called `name` (full name), or nil.
    public func enumType(named name: String) -> EnumInfo? {
        enums[name.hasPrefix(".") ? String(name.dropFirst()) : name]
    }

    /// The message type called `name`, or an `unknownType` error naming `path`.
    func requireMessage(_ name: String, at path: FieldPath) throws -> MessageInfo {
        guard let message = message(named: name) else {
            throw TranscodingError(
                code: .unknownType,
                message: path.isEmpty
                    ? "unknown message type \(name): no file descriptor in the pool defines it"
                    : "\(path): unknown message type \(name): no file descriptor in the pool defines it",
                fieldPath: path.description
            )
        }
        return message
    }

    /// The enum type called `name`, or an `unknownType` error naming `path`.
    func requireEnum(_ name: String, at path: FieldPath) throws -> EnumInfo {
        guard let value = enumType(named: name) else {
            throw TranscodingError(
                code: .unknownType,
                message: "\(path): unknown enum type \(name): no file descriptor in the pool defines it",
                fieldPath: path.description
            )
        }
        return value
    }
}
