public import QuadBuiltInContracts
public import QuadWire
import Foundation
import SwiftProtobuf

/// The built-in `quad.reflection.v1.Reflection` service: which services a server hosts,
/// and the descriptors of the file defining any symbol (with its dependencies), so
/// generic tools like `quad call` can encode requests without compiled-in types.
///
/// It knows only the files the server's services hand over (``QuadService/protoFiles``)
/// and its own: the transport compiles in no product's contracts.
public struct ReflectionService: Quad_Reflection_V1_Reflection.ServiceProtocol {
    private let services: [String]
    private let files: [String: [UInt8]]
    private let dependencies: [String: [String]]
    private let fileBySymbol: [String: String]

    /// Reflection over `services` and itself: lists their names and serves the files each
    /// hands over with its own, e.g. `ReflectionService(hosting: services + [health])`.
    public init(hosting services: [any QuadService]) {
        var files = Quad_Reflection_V1_Reflection.protoFiles
        // Two services importing one file hand over the same bytes: keep either.
        for service in services { files.merge(service.protoFiles) { kept, _ in kept } }
        self.init(
            services: Router(services: services).serviceNames + [Quad_Reflection_V1_Reflection.serviceName],
            files: files
        )
    }

    /// `services` are the names the server hosts; `files` the known descriptors by file name.
    public init(services: [String], files: [String: [UInt8]]) {
        self.services = services.sorted()
        self.files = files
        var dependencies: [String: [String]] = [:]
        var fileBySymbol: [String: String] = [:]
        for (name, bytes) in files {
            guard let file = try? Google_Protobuf_FileDescriptorProto(serializedBytes: bytes) else { continue }
            dependencies[name] = file.dependency
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for message in file.messageType { Self.index(message, prefix: prefix, file: name, into: &fileBySymbol) }
            for enumeration in file.enumType { fileBySymbol[prefix + enumeration.name] = name }
            for service in file.service {
                fileBySymbol[prefix + service.name] = name
                for method in service.method {
                    fileBySymbol[prefix + service.name + "." + method.name] = name
                    fileBySymbol[prefix + service.name + "/" + method.name] = name
                }
            }
        }
        self.dependencies = dependencies
        self.fileBySymbol = fileBySymbol
    }

    /// The names of the files it serves, sorted.
    public var fileNames: [String] { files.keys.sorted() }

    /// The names of the services it lists, sorted.
    public var serviceNames: [String] { services }

    private static func index(
        _ message: Google_Protobuf_DescriptorProto,
        prefix: String,
        file: String,
        into symbols: inout [String: String]
    ) {
        let name = prefix + message.name
        symbols[name] = file
        for nested in message.nestedType { index(nested, prefix: name + ".", file: file, into: &symbols) }
        for enumeration in message.enumType { symbols[name + "." + enumeration.name] = file }
    }

    public func listServices(
        request: Quad_Reflection_V1_ListServicesRequest,
        context: ServerContext
    ) async throws -> Quad_Reflection_V1_ListServicesResponse {
        .with { $0.services = services }
    }

    public func fileContainingSymbol(
        request: Quad_Reflection_V1_FileContainingSymbolRequest,
        context: ServerContext
    ) async throws -> Quad_Reflection_V1_FileContainingSymbolResponse {
        guard let file = fileBySymbol[request.symbol] else {
            throw RPCError(code: .notFound, message: "no known file defines the symbol '\(request.symbol)'")
        }
        // The file first, then its dependencies, each once, breadth first.
        var ordered: [String] = []
        var queue = [file]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard !ordered.contains(name), files[name] != nil else { continue }
            ordered.append(name)
            queue.append(contentsOf: dependencies[name] ?? [])
        }
        return .with { $0.fileDescriptorProto = ordered.compactMap { files[$0].map { Data($0) } } }
    }
}
