/// Who is on the other end of a connection, as the transport established it.
public struct PeerInfo: Sendable, Hashable {
    /// The remote address, e.g. `127.0.0.1:52144`.
    public var address: String
    /// The peer's leaf certificate (DER) when it presented one (mutual TLS).
    public var certificateDER: [UInt8]?

    public init(address: String, certificateDER: [UInt8]? = nil) {
        self.address = address
        self.certificateDER = certificateDER
    }
}
