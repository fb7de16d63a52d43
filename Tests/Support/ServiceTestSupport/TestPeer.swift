public import QuadServiceKit

/// Who a test client is, as the server's interceptor sees it.
public enum TestPeer: Sendable {
    /// The gateway forwarding a signed-in user's call (`x-quad-caller`).
    case user(Caller)
    /// The gateway itself, with no user (follows event sources).
    case gateway
    /// Another Quad service (outbox deliveries, holds), with its certificate (minted at start:
    /// name it in `peers`).
    case service(String)
    /// An operator with the CLI's client certificate.
    case `operator`
    /// No certificate at all. Over loopback TLS a mutual-TLS server refuses it at the
    /// handshake (UNAVAILABLE); in-process it reaches the interceptor with no certificate.
    case anonymous
}
