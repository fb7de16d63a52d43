public import Foundation
public import GRDB

extension QuadDatabase {
    /// Runs a command at most once per idempotency key: a repeat gets the stored response.
    ///
    /// Lookup, `body` and recording happen in one write, so two concurrent repeats cannot both
    /// run `body`.
    ///
    /// - Parameters:
    ///   - scope: Where the key is unique, e.g. `quad.payments.v1.Payments/Capture`.
    ///   - key: The request's `idempotency-key`.
    ///   - requestHash: A hash of the request's parameters (e.g. SHA-256 of its encoding).
    ///   - body: The command; returns the encoded response to store.
    /// - Throws: ``IdempotencyConflictError`` when the key was used with other parameters, or what `body` threw.
    public func idempotent(
        scope: String,
        key: String,
        requestHash: Data,
        _ body: @escaping @Sendable (Database) throws -> Data
    ) async throws -> Data {
        try await write { db in
            if let stored = try IdempotencyStore.lookup(db, scope: scope, key: key, requestHash: requestHash) {
                return stored
            }
            let response = try body(db)
            try IdempotencyStore.record(db, scope: scope, key: key, requestHash: requestHash, response: response)
            return response
        }
    }
}
