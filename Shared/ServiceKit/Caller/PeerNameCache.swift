import QuadCertificates
import Synchronization

/// The peer names of the certificates seen, so that a certificate is parsed once, not on every call (issue 12
/// item 5: parsing the peer's X.509 certificate was a fixed cost of every call to a service). A deployment has a
/// handful of certificates (its services, the gateway, operators); the cache holds at most ``capacity`` and starts
/// over when full, so a peer with many certificates costs parsing, never memory.
final class PeerNameCache: Sendable {
    static let capacity = 256

    private let names = Mutex<[[UInt8]: PeerName]>([:])

    /// The peer name in the certificate `der`, parsed on first sight.
    func name(of der: [UInt8]) -> PeerName {
        if let name = names.withLock({ $0[der] }) { return name }
        let name = Self.parse(der)
        names.withLock { names in
            if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
            names[der] = name
        }
        return name
    }

    /// How many certificates are held (for tests).
    var count: Int { names.withLock { $0.count } }

    static func parse(_ der: [UInt8]) -> PeerName {
        switch PeerIdentity.from(der: der) {
        case .service(let name): .service(name)
        case .client(let name): .client(name)
        case .unknown, nil: .unknown
        }
    }
}
