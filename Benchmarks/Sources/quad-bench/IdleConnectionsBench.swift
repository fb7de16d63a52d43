import Foundation
import Logging
import QuadBuiltInContracts
import QuadWire
import QuadWireNIO

/// Opens `count` client connections to a server (TLS, ALPN quad/1, one Health/Check each so
/// every connection is established and used), holds them idle, and reports the server
/// process's resident memory before and after, per connection.
///
///   quad-bench idle-connections --rpc 127.0.0.1:P --certs-dir DIR --server-name gateway
///                               --server-pid PID [--count 10000] [--batch 200]
enum IdleConnectionsBench {
    struct Result: Codable {
        var connections: Int
        var failed: Int
        var serverRSSBeforeKiB: Int
        var serverRSSAfterKiB: Int
        var serverKiBPerConnection: Double
        var secondsToOpen: Double
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments)
        let serverPID = Int32(try arguments.int("server-pid"))
        let count = try arguments.int("count", default: 10_000)
        let batch = try arguments.int("batch", default: 200)
        var logger = Logger(label: "quad-bench.idle")
        logger.logLevel = .critical
        let tls = try endpoint.tls()
        let before = residentKiB(pid: serverPID)
        let started = monotonicNanos()
        var clients: [QuadClient] = []
        clients.reserveCapacity(count)
        var failed = 0
        var opened = 0
        while opened < count {
            let size = min(batch, count - opened)
            let fresh = (0..<size).map { _ in endpoint.client(tls: tls, logger: logger) }
            failed += await withTaskGroup(of: Int.self) { group in
                for client in fresh {
                    group.addTask {
                        do {
                            _ = try await Quad_Health_V1_Health.Client(transport: client).check(.init())
                            return 0
                        } catch {
                            return 1
                        }
                    }
                }
                return await group.reduce(0, +)
            }
            clients += fresh
            opened += size
        }
        let seconds = Double(monotonicNanos() - started) / 1e9
        let after = residentKiB(pid: serverPID)
        let result = Result(
            connections: count - failed,
            failed: failed,
            serverRSSBeforeKiB: before,
            serverRSSAfterKiB: after,
            serverKiBPerConnection: Double(after - before) / Double(max(1, count - failed)),
            secondsToOpen: seconds
        )
        try printJSON(result)
        for client in clients { client.close() }
    }

    /// VmRSS of a process, in KiB, from /proc/<pid>/status.
    static func residentKiB(pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
