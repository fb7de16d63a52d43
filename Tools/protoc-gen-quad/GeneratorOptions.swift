import SwiftProtobufPluginLibrary

/// What `--quad_opt` asks of one run (protoc joins several `--quad_opt` with commas). Each run
/// generates one module: Tools/generate-contracts.sh runs protoc once for the built-in contracts
/// (QuadBuiltInContracts) and once for the products' (QuadContracts).
///
/// - `ProtoFiles=<Name>`: the enum that holds the module's descriptors (default `QuadProtoFiles`).
///   A target may import both modules, so each needs a name of its own.
/// - `Catalogs=false`: no `ServiceCatalog.quad.swift` and no `Events.quad.swift` (default `true`).
///   The built-in services are routed by no gateway and send no events.
struct GeneratorOptions {
    var protoFilesEnum = "QuadProtoFiles"
    var catalogs = true

    init(_ parameter: any CodeGeneratorParameter) throws {
        for (key, value) in parameter.parsedPairs {
            switch key {
            case "ProtoFiles":
                guard Self.isIdentifier(value) else {
                    throw GeneratorOptionError(
                        option: key,
                        value: value,
                        expected: "a Swift type name such as QuadProtoFiles"
                    )
                }
                protoFilesEnum = value
            case "Catalogs":
                guard let flag = Bool(value) else {
                    throw GeneratorOptionError(option: key, value: value, expected: "true or false")
                }
                catalogs = flag
            default:
                throw GeneratorOptionError(
                    option: key,
                    value: value,
                    expected: "one of ProtoFiles=<Name>, Catalogs=true|false"
                )
            }
        }
    }

    /// An ASCII Swift identifier: a letter or `_`, then letters, digits or `_`.
    private static func isIdentifier(_ text: String) -> Bool {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let digits = Set("0123456789")
        guard let first = text.first, letters.contains(first) else { return false }
        return text.allSatisfy { letters.contains($0) || digits.contains($0) }
    }
}

/// A `--quad_opt` the generator does not understand; protoc prints it and writes nothing.
struct GeneratorOptionError: Error, CustomStringConvertible {
    var option: String
    var value: String
    var expected: String

    var description: String {
        "protoc-gen-quad: the option \(option)=\(value) is not understood: expected \(expected) (Tools/generate-contracts.sh passes them)"
    }
}
