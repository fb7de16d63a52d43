import NIOSSL
import Synchronization

/// The `NIOSSLContext` a ``TLSSettings`` and all its copies hand to new connections, and how to
/// make it again from its files. Reading it is one lock; a reload builds the new context outside
/// the lock and swaps it in only when every file loaded and the key matches the certificate.
final class ReloadableTLSContext: Sendable {
    private struct Current {
        var context: NIOSSLContext
        var serial: String?
    }

    private let load: @Sendable () throws -> TLSSettings.Mode
    private let current: Mutex<Current>

    init(load: @escaping @Sendable () throws -> TLSSettings.Mode) throws {
        self.load = load
        self.current = Mutex(try Self.make(load()))
    }

    var context: NIOSSLContext { current.withLock { $0.context } }
    var serial: String? { current.withLock { $0.serial } }

    func reload() throws(TLSReloadError) -> String? {
        let next: Current
        do {
            next = try Self.make(load())
        } catch {
            throw TLSReloadError(
                message: "could not load the new certificate, key or trust roots (\(error)); "
                    + "the previous certificate (serial \(serial ?? "none")) stays in use",
                cause: error
            )
        }
        current.withLock { $0 = next }
        return next.serial
    }

    private static func make(_ mode: TLSSettings.Mode) throws -> Current {
        let chain: [NIOSSLCertificateSource] =
            switch mode {
            case .serverTLS(let chain, _), .serverMutualTLS(let chain, _, _), .client(_, let chain, _, _): chain
            }
        let serial: String? =
            switch chain.first {
            case .certificate(let certificate): TLSSettings.serial(of: certificate)
            default: nil
            }
        return Current(context: try TLSSettings.makeContext(mode), serial: serial)
    }
}

/// A TLS reload that did not happen: a file was missing or unreadable, or the key and
/// certificate did not match. The previous certificate stays in use.
public struct TLSReloadError: Error, CustomStringConvertible, Sendable {
    public var code: String { "tls_reload_failed" }
    public var message: String
    public var cause: any Error

    public var description: String { message }
}
