import Crypto
public import Foundation
public import GRDB
public import QuadStorage
public import QuadWire
public import SwiftProtobuf

extension ServerContext {
    /// The `idempotency-key` metadata every money-moving command carries (P7): 1 to 200
    /// printable ASCII characters. INVALID_ARGUMENT naming the metadata when it is missing or bad.
    public func requireIdempotencyKey() throws -> String {
        guard let key = metadata["idempotency-key"], !key.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(method) moves money or creates something once: send the 'idempotency-key' metadata "
                    + "(a unique string, reused only to repeat the same request)"
            )
        }
        guard key.utf8.count <= 200, key.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw RPCError(
                code: .invalidArgument,
                message: "idempotency-key must be 1 to 200 printable ASCII characters without spaces"
            )
        }
        return key
    }
}

/// A request's parameters as a hash, to tell a repeat from a different request under the same
/// idempotency key: SHA-256 of its deterministic encoding.
public enum RequestFingerprint {
    public static func of(_ message: some SwiftProtobuf.Message) throws -> Data {
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        let bytes: Data = try message.serializedBytes(options: options)
        return Data(SHA256.hash(data: bytes))
    }
}

extension QuadDatabase {
    /// Runs `body` at most once per `key` in `scope` and answers a repeat with the stored
    /// response (P7), inside one transaction with the change `body` makes. The same key with a
    /// different request is FAILED_PRECONDITION.
    public func idempotent<Response: SwiftProtobuf.Message & Sendable>(
        scope: String,
        key: String,
        request: some SwiftProtobuf.Message,
        _ body: @escaping @Sendable (Database) throws -> Response
    ) async throws -> Response {
        let hash = try RequestFingerprint.of(request)
        do {
            let data = try await idempotent(scope: scope, key: key, requestHash: hash) { db in
                try body(db).serializedData()
            }
            return try Response(serializedBytes: data)
        } catch let conflict as IdempotencyConflictError {
            throw RPCError(code: .failedPrecondition, message: conflict.message)
        }
    }

    /// The stored answer for `key` in `scope`, if this request ran before; for commands that
    /// call an external system (a payment provider) between reading and writing. FAILED_PRECONDITION
    /// for the same key with a different request.
    public func storedAnswer<Response: SwiftProtobuf.Message & Sendable>(
        scope: String,
        key: String,
        request: some SwiftProtobuf.Message,
        as: Response.Type = Response.self
    ) async throws -> Response? {
        let hash = try RequestFingerprint.of(request)
        do {
            let data = try await read { db in
                try IdempotencyStore.lookup(db, scope: scope, key: key, requestHash: hash)
            }
            return try data.map { try Response(serializedBytes: $0) }
        } catch let conflict as IdempotencyConflictError {
            throw RPCError(code: .failedPrecondition, message: conflict.message)
        }
    }
}
