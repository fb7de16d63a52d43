import QuadDynamicMessages
import SwiftProtobuf

/// Descriptors built in the test for what Quad's own contracts lack: every scalar kind,
/// integer and bool map keys, and proto2 groups and unpacked repeated fields.
enum SyntheticDescriptors {
    typealias Field = Google_Protobuf_FieldDescriptorProto

    static let transcoder: JSONTranscoder = {
        do {
            let files = try [kindsFile, legacyFile].map { try $0.serializedBytes() as [UInt8] }
            return JSONTranscoder(pool: try DescriptorPool(files: files))
        } catch {
            fatalError("synthetic descriptors do not load: \(error)")
        }
    }()

    /// proto3 `test.Kinds`: one field of each scalar kind, packed repeated fields and maps.
    static var kindsFile: Google_Protobuf_FileDescriptorProto {
        var kinds = Google_Protobuf_DescriptorProto()
        kinds.name = "Kinds"
        let scalars: [(String, Int32, Field.TypeEnum)] = [
            ("d", 1, .double), ("f", 2, .float), ("i64", 3, .int64), ("u64", 4, .uint64), ("i32", 5, .int32),
            ("f64", 6, .fixed64), ("f32", 7, .fixed32), ("b", 8, .bool), ("s", 9, .string), ("by", 10, .bytes),
            ("u32", 13, .uint32), ("sf32", 15, .sfixed32), ("sf64", 16, .sfixed64), ("si32", 17, .sint32),
            ("si64", 18, .sint64),
        ]
        kinds.field = scalars.map { field($0.0, $0.1, $0.2) }
        kinds.field.append(field("rsi32", 20, .sint32, label: .repeated))
        kinds.field.append(field("rf", 21, .float, label: .repeated))
        kinds.field.append(field("by_id", 30, .message, label: .repeated, typeName: ".test.Kinds.ByIdEntry"))
        kinds.field.append(field("by_flag", 31, .message, label: .repeated, typeName: ".test.Kinds.ByFlagEntry"))
        kinds.nestedType = [
            mapEntry("ByIdEntry", key: .int32, value: field("value", 2, .string)),
            mapEntry("ByFlagEntry", key: .bool, value: field("value", 2, .message, typeName: ".test.Kinds")),
        ]
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "test/kinds.proto"
        file.package = "test"
        file.syntax = "proto3"
        file.messageType = [kinds]
        return file
    }

    /// proto2 `test.Legacy`: a group and an unpacked repeated field.
    static var legacyFile: Google_Protobuf_FileDescriptorProto {
        var item = Google_Protobuf_DescriptorProto()
        item.name = "Item"
        item.field = [field("id", 2, .int32)]
        var legacy = Google_Protobuf_DescriptorProto()
        legacy.name = "Legacy"
        legacy.nestedType = [item]
        legacy.field = [
            field("item", 1, .group, typeName: ".test.Legacy.Item"),
            field("unpacked", 3, .int32, label: .repeated),
            field("count", 4, .int32),
        ]
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "test/legacy.proto"
        file.package = "test"
        file.messageType = [legacy]
        return file
    }

    private static func field(
        _ name: String,
        _ number: Int32,
        _ type: Field.TypeEnum,
        label: Field.Label = .optional,
        typeName: String = ""
    ) -> Field {
        var field = Field()
        field.name = name
        field.number = number
        field.type = type
        field.label = label
        if !typeName.isEmpty { field.typeName = typeName }
        return field
    }

    private static func mapEntry(_ name: String, key: Field.TypeEnum, value: Field) -> Google_Protobuf_DescriptorProto {
        var entry = Google_Protobuf_DescriptorProto()
        entry.name = name
        entry.options.mapEntry = true
        entry.field = [field("key", 1, key), value]
        return entry
    }
}
