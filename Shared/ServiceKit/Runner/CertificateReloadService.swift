public import ServiceLifecycle
import UnixSignals

/// Reloads a process's certificates (``CertificateReloader/reloadAll()``) on every SIGHUP until
/// graceful shutdown; a ServiceGroup service of ``QuadProcess``.
public struct CertificateReloadService: Service {
    private let reloader: CertificateReloader

    public init(reloader: CertificateReloader) {
        self.reloader = reloader
    }

    public func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangups.cancelOnGracefulShutdown() {
            reloader.reloadAll()
        }
    }
}
