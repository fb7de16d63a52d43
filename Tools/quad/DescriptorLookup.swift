import QuadToolKit
import Foundation
import QuadBuiltInContracts
import QuadDynamicMessages
import QuadWire

/// Asks a server's built-in Reflection service for what `quad call` needs to encode a request it has no compiled
/// types for.
struct DescriptorLookup: Sendable {
    /// The server's Reflection client.
    let reflection: Quad_Reflection_V1_Reflection.Client
    /// The server's address, for messages.
    let address: String
    /// Deadline and metadata for the reflection calls.
    let options: CallOptions

    /// The services the server hosts (Reflection `ListServices`).
    func services() async throws -> [String] {
        try await reflection.listServices(.init(), options: options).services
    }

    /// The descriptors of the file defining `service` and of the files it depends on.
    ///
    /// - Throws: ``CLIError`` naming the services the server does host when it does not know `service`;
    ///   ``RPCError`` when the server cannot be asked.
    func pool(forService service: String) async throws -> DescriptorPool {
        let response: Quad_Reflection_V1_FileContainingSymbolResponse
        do {
            response = try await reflection.fileContainingSymbol(.with { $0.symbol = service }, options: options)
        } catch let error as RPCError where error.code == .notFound {
            let hosted = (try? await services()) ?? []
            throw CLIError(
                "the server at \(address) does not host the service \(service)"
                    + (hosted.isEmpty ? "" : "; it hosts \(hosted.joined(separator: ", "))")
                    + " (`quad call \(address) list` lists them)"
            )
        }
        do {
            return try DescriptorPool(files: response.fileDescriptorProto.map { [UInt8]($0) })
        } catch {
            throw CLIError("the server at \(address) sent descriptors for \(service) that do not load: \(error)")
        }
    }
}
