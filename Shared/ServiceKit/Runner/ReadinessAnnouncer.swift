import Foundation
import Logging
import QuadWireNIO
import ServiceLifecycle

/// Waits until the RPC and admin listeners are bound, then marks the process ready: health
/// SERVING, `/readyz` 200, and the ready file (`--ready-file`) written atomically with the
/// bound addresses, which is how `quad up` learns the free ports each service picked. On
/// shutdown it reverses all three before the listeners drain.
struct ReadinessAnnouncer: Service {
    let name: String
    let host: String
    let server: QuadServer
    let admin: AdminServer
    let health: HealthService
    let gate: ReadinessGate
    let readyFile: String?
    let logger: Logger

    func run() async throws {
        let rpcPort = try await server.listeningPort()
        let adminPort = try await admin.boundPort()
        if let readyFile {
            let body: [String: Any] = [
                "service": name,
                "rpc": "\(host):\(rpcPort)",
                "admin": "\(host):\(adminPort)",
                "pid": Int(ProcessInfo.processInfo.processIdentifier),
            ]
            let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            let url = URL(fileURLWithPath: readyFile)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try data.write(to: url, options: .atomic)
        }
        health.setAll(.serving)
        gate.markReady()
        logger.info("ready", metadata: ["rpc": "\(host):\(rpcPort)", "admin": "\(host):\(adminPort)"])
        try? await gracefulShutdown()
        gate.markNotReady("shutting down")
        health.setAll(.notServing)
        if let readyFile { try? FileManager.default.removeItem(atPath: readyFile) }
    }
}
