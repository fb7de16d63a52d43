import QuadWire

/// The name a call's outcome is counted under: `OK`, a status code's name (`UNAVAILABLE`), or
/// `CANCELLED` for a task cancelled at the end of the run.
enum StatusName {
    /// The status name of `error`.
    static func of(_ error: any Error) -> String {
        if let error = error as? RPCError { return error.code.name }
        if error is CancellationError { return "CANCELLED" }
        return "CLIENT_ERROR"
    }
}
