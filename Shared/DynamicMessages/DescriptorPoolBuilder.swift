internal import SwiftProtobuf

/// Builds a ``DescriptorPool`` in two passes: `declare` records every type name (so fields
/// may refer to types defined later or in other files), then `define` resolves each field.
struct DescriptorPoolBuilder {
    private(set) var messages: [String: MessageInfo] = [:]
    private(set) var enums: [String: EnumInfo] = [:]
    private(set) var methods: [String: MethodInfo] = [:]

    private enum Declared { case message(mapEntry: Bool), enumeration }
    private var declared: [String: Declared] = [:]
    private var definingFile: [String: String] = [:]

    mutating func declare(_ file: Google_Protobuf_FileDescriptorProto) throws {
        let scope = file.package
        for message in file.messageType { try declare(message, in: scope, file: file.name) }
        for value in file.enumType { try declare(qualified(value.name, in: scope), as: .enumeration, file: file.name) }
    }

    private mutating func declare(_ message: Google_Protobuf_DescriptorProto, in scope: String, file: String) throws {
        let fullName = qualified(message.name, in: scope)
        try declare(fullName, as: .message(mapEntry: message.options.mapEntry), file: file)
        for nested in message.nestedType { try declare(nested, in: fullName, file: file) }
        for value in message.enumType { try declare(qualified(value.name, in: fullName), as: .enumeration, file: file) }
    }

    private mutating func declare(_ fullName: String, as kind: Declared, file: String) throws {
        if let other = definingFile[fullName] {
            throw TranscodingError(
                code: .invalidDescriptor,
                message: "\(fullName) is defined in both \(other) and \(file)"
            )
        }
        definingFile[fullName] = file
        declared[fullName] = kind
    }

    mutating func define(_ file: Google_Protobuf_FileDescriptorProto) throws {
        let syntax = FileSyntax(file)
        for message in file.messageType { try define(message, in: file.package, syntax: syntax) }
        for value in file.enumType { define(value, in: file.package) }
        for service in file.service {
            let serviceName = qualified(service.name, in: file.package)
            for method in service.method {
                let fullName = "\(serviceName)/\(method.name)"
                methods[fullName] = MethodInfo(
                    fullName: fullName,
                    inputType: resolve(method.inputType, from: file.package),
                    outputType: resolve(method.outputType, from: file.package),
                    clientStreaming: method.clientStreaming,
                    serverStreaming: method.serverStreaming
                )
            }
        }
    }

    private mutating func define(_ value: Google_Protobuf_EnumDescriptorProto, in scope: String) {
        let fullName = qualified(value.name, in: scope)
        enums[fullName] = EnumInfo(fullName: fullName, values: value.value.map { (name: $0.name, number: $0.number) })
    }

    private mutating func define(
        _ message: Google_Protobuf_DescriptorProto,
        in scope: String,
        syntax: FileSyntax
    ) throws {
        let fullName = qualified(message.name, in: scope)
        for nested in message.nestedType { try define(nested, in: fullName, syntax: syntax) }
        for value in message.enumType { define(value, in: fullName) }
        let fields = try message.field.map { try fieldInfo($0, in: message, named: fullName, syntax: syntax) }
        messages[fullName] = MessageInfo(fullName: fullName, fields: fields, isMapEntry: message.options.mapEntry)
    }

    private func fieldInfo(
        _ field: Google_Protobuf_FieldDescriptorProto,
        in message: Google_Protobuf_DescriptorProto,
        named messageName: String,
        syntax: FileSyntax
    ) throws -> FieldInfo {
        let kind = try self.kind(of: field, in: messageName)
        let isRepeated = field.label == .repeated
        var isMap = false
        if isRepeated, case .message(let entryName) = kind, case .message(mapEntry: true) = declared[entryName] {
            isMap = true
        }
        var oneofName: String?
        if field.hasOneofIndex, message.oneofDecl.indices.contains(Int(field.oneofIndex)) {
            oneofName = message.oneofDecl[Int(field.oneofIndex)].name
        }
        let hasPresence: Bool
        switch kind {
        case _ where isRepeated: hasPresence = false
        case .message, .group: hasPresence = true
        default: hasPresence = oneofName != nil || syntax.hasExplicitPresence(field)
        }
        return FieldInfo(
            name: field.name,
            jsonName: field.hasJsonName ? field.jsonName : Self.jsonName(of: field.name),
            number: field.number,
            kind: kind,
            isRepeated: isRepeated,
            isMap: isMap,
            hasPresence: hasPresence,
            oneofName: oneofName,
            isPacked: isRepeated && kind.isPackable && syntax.isPacked(field)
        )
    }

    private func kind(of field: Google_Protobuf_FieldDescriptorProto, in scope: String) throws -> FieldInfo.Kind {
        switch field.type {
        case .double: return .double
        case .float: return .float
        case .int64: return .int64
        case .uint64: return .uint64
        case .int32: return .int32
        case .fixed64: return .fixed64
        case .fixed32: return .fixed32
        case .bool: return .bool
        case .string: return .string
        case .bytes: return .bytes
        case .uint32: return .uint32
        case .sfixed32: return .sfixed32
        case .sfixed64: return .sfixed64
        case .sint32: return .sint32
        case .sint64: return .sint64
        case .group: return .group(resolve(field.typeName, from: scope))
        case .message, .enum:
            // protoc may leave `type` unset with only `type_name`; the declared names tell which it is.
            let name = resolve(field.typeName, from: scope)
            switch declared[name] {
            case .enumeration: return .enumeration(name)
            case .message: return field.options.features.messageEncoding == .delimited ? .group(name) : .message(name)
            case nil: return field.type == .enum ? .enumeration(name) : .message(name)
            }
        }
    }

    /// The full name a type reference means: `.pkg.Type` as is, a relative name by looking
    /// outward from `scope` as protoc does.
    private func resolve(_ reference: String, from scope: String) -> String {
        if reference.hasPrefix(".") { return String(reference.dropFirst()) }
        var scope = scope
        while true {
            let candidate = qualified(reference, in: scope)
            if declared[candidate] != nil || scope.isEmpty { return candidate }
            scope = scope.lastIndex(of: ".").map { String(scope[..<$0]) } ?? ""
        }
    }

    private func qualified(_ name: String, in scope: String) -> String {
        scope.isEmpty ? name : "\(scope).\(name)"
    }

    /// protoc's default JSON name: underscores dropped and the letter after each capitalised.
    static func jsonName(of name: String) -> String {
        var result = ""
        var capitalizeNext = false
        for character in name {
            if character == "_" {
                capitalizeNext = true
            } else if capitalizeNext {
                result += character.uppercased()
                capitalizeNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
