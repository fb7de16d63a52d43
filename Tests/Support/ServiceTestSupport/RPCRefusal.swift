public import QuadWire
public import QuadWireCore
public import Testing

/// Expects `operation` to fail with an RPC status of `code`; returns the error for its message.
@discardableResult
public func expectRefusal(
    _ code: StatusCode,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () async throws -> Void
) async -> RPCError? {
    do {
        try await operation()
        Issue.record("expected \(code), but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as RPCError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected an RPCError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
