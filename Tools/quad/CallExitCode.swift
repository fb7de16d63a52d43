import QuadWireCore

/// The exit codes of `quad call`, so scripts can tell a refused call from a mistake on this side.
///
/// | code | meaning |
/// |---|---|
/// | 0 | the call ended OK (a server stream: every message printed, then OK) |
/// | 1 | the call ended with a non-OK status, printed as `ERROR: CODE_NAME: message` on stderr; this includes UNAVAILABLE when the server cannot be reached |
/// | 2 | nothing was called: a bad address, endpoints file, certificate, JSON or method name |
/// | 64 | the command line itself is wrong (swift-argument-parser's usage error) |
///
/// grpcurl also exits 1 for a failed RPC by default; the status code itself is on stderr.
enum CallExitCode {
    /// The call ended OK.
    static let success: Int32 = 0
    /// The call ended with a non-OK status.
    static let rpcFailure: Int32 = 1
    /// Nothing was called because of a mistake found locally.
    static let localFailure: Int32 = 2

    /// The exit code for a call that ended with `status`.
    static func forStatus(_ status: StatusCode) -> Int32 {
        status == .ok ? success : rpcFailure
    }
}
