internal import SwiftProtobuf

/// The rules a file's syntax sets for presence and packing: proto2, proto3 or editions.
struct FileSyntax {
    private enum Kind { case proto2, proto3, editions }
    private let kind: Kind
    private let fileFeatures: Google_Protobuf_FeatureSet

    init(_ file: Google_Protobuf_FileDescriptorProto) {
        switch file.syntax {
        case "proto3": kind = .proto3
        case "editions": kind = .editions
        default: kind = .proto2
        }
        fileFeatures = file.options.features
    }

    /// Whether a singular, non-message field outside any oneof has explicit presence.
    func hasExplicitPresence(_ field: Google_Protobuf_FieldDescriptorProto) -> Bool {
        switch kind {
        case .proto2: return true
        case .proto3: return field.proto3Optional
        case .editions:
            let features = field.options.features.hasFieldPresence ? field.options.features : fileFeatures
            return features.fieldPresence != .implicit
        }
    }

    /// Whether a repeated scalar field is written packed.
    func isPacked(_ field: Google_Protobuf_FieldDescriptorProto) -> Bool {
        if field.options.hasPacked { return field.options.packed }
        switch kind {
        case .proto2: return false
        case .proto3: return true
        case .editions:
            let features = field.options.features.hasRepeatedFieldEncoding ? field.options.features : fileFeatures
            return features.repeatedFieldEncoding != .expanded
        }
    }
}
