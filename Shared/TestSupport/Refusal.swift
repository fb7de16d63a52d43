public import QuadKernel
public import Testing

/// Runs `operation` on a copy of `value` and expects it to be refused with a `Failure` of `code`, leaving
/// the copy as it was (the domains' rule: a refused operation changes nothing). Returns the error, for
/// its message. Each domain's tests wrap it with their error type pinned.
public func expectRefusal<Failure: CodedError, Value: Equatable, Result>(
    of value: Value,
    _ code: Failure.Code,
    sourceLocation: SourceLocation,
    _ operation: (inout Value) throws -> Result
) -> Failure? {
    var copy = value
    do {
        _ = try operation(&copy)
        Issue.record("expected a \(code.rawValue) refusal, but the operation succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(copy == value, "the refused operation changed the value", sourceLocation: sourceLocation)
        return check(error, is: code, sourceLocation: sourceLocation)
    }
}

/// Runs `operation` and expects it to be refused with a `Failure` of `code`; returns the error.
public func expectRefusal<Failure: CodedError, Result>(
    _ code: Failure.Code,
    sourceLocation: SourceLocation,
    _ operation: () throws -> Result
) -> Failure? {
    do {
        _ = try operation()
        Issue.record("expected a \(code.rawValue) refusal, but the operation succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        return check(error, is: code, sourceLocation: sourceLocation)
    }
}

/// `error` as a `Failure` with `code`, or an issue.
private func check<Failure: CodedError>(_ error: any Error, is code: Failure.Code, sourceLocation: SourceLocation)
    -> Failure?
{
    guard let error = error as? Failure else {
        Issue.record("expected a \(Failure.self), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    return error
}
