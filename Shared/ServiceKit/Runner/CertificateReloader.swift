public import Logging
public import QuadWireNIO
import Synchronization

/// The TLS settings one process made from its certificate files (its server's and its clients'
/// towards peers), reloaded together on SIGHUP (``CertificateReloadService``): new connections
/// then use the new certificate and key, open ones carry on. `quad certs --rotate` re-issues the
/// files and sends the signal.
public final class CertificateReloader: Sendable {
    private let tracked = Mutex<[(role: String, settings: TLSSettings)]>([])
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// Reloads `settings` with the others from now on; `role` names it in logs (`server`,
    /// `client of identity`).
    @discardableResult
    public func track(_ settings: TLSSettings, as role: String) -> TLSSettings {
        tracked.withLock { $0.append((role, settings)) }
        return settings
    }

    /// What one reload did, by role: the serial now presented, or the error (the previous
    /// certificate stays).
    public struct Outcome: Sendable {
        public var role: String
        public var result: Result<String?, TLSReloadError>
    }

    /// Re-reads every tracked settings' files and swaps in the new contexts; logs each outcome.
    @discardableResult
    public func reloadAll() -> [Outcome] {
        let all = tracked.withLock { $0 }
        return all.map { role, settings in
            let previous = settings.certificateSerial ?? "none"
            do throws(TLSReloadError) {
                let serial = try settings.reload()
                logger.notice(
                    "certificate reloaded",
                    metadata: ["tls": "\(role)", "serial": "\(serial ?? "none")", "previous_serial": "\(previous)"]
                )
                return Outcome(role: role, result: .success(serial))
            } catch {
                logger.error(
                    "certificate reload failed; the previous certificate stays in use",
                    metadata: ["tls": "\(role)", "serial": "\(previous)", "error": "\(error)"]
                )
                return Outcome(role: role, result: .failure(error))
            }
        }
    }
}
