import Foundation
import QuadCertificates
import QuadLoadCore
import QuadToolKit
import ServiceTestSupport
import Testing

/// The `quad-load` executable as an operator runs it, against the fake target: the report files it
/// writes, and what it says when the target cannot be reached or its certificate does not verify.
@Suite("quad-load, the command", .enabled(if: BuildProducts.exists("quad-load")))
struct QuadLoadCommandTests {
    @Test("a short ping run writes a valid JSON report and a self-contained HTML page, and exits 0")
    func writesReports() async throws {
        try await FakeTarget.run(answer: { _ in .now }) { fake in
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let report = directory + "/run"
            let result = try await Self.quadLoad([
                "--gateway", "127.0.0.1:\(fake.port)", "--ca", fake.certificates.caPath,
                "--journey", "ping", "--rate", "50", "--arrivals", "constant", "--duration", "1s", "--warmup", "0s",
                "--cooldown", "0s", "--report", report, "--calls-jsonl", directory + "/calls.jsonl",
                // Latency is not what this test is about: a loaded machine must not make it miss a bound.
                "--max-p99", "60s",
            ])
            #expect(result.status == 0, "\(result.output)")
            let decoded = try LoadReport.decode(try Data(contentsOf: URL(fileURLWithPath: report + ".json")))
            #expect(decoded.valid)
            #expect(decoded.configuration.mix == ["ping": 1])
            let run = try #require(decoded.runs.first)
            #expect(run.offered == 50)
            #expect(run.methods.first?.name == "health.Check")
            #expect(run.methods.first?.ok == 50)
            let html = try String(contentsOfFile: report + ".html", encoding: .utf8)
            #expect(html.lowercased().hasPrefix("<!doctype html>"))
            #expect(html.contains("<svg"))
            #expect(html.contains("health.Check"))
            let lines = try String(contentsOfFile: directory + "/calls.jsonl", encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 50)
            let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
            #expect((first?["trace_id"] as? String)?.count == 32)
            #expect(first?["method"] as? String == "health.Check")
            #expect(result.output.contains("report: \(report).json"))
        }
    }

    @Test("a run where a tenth of the calls fail misses its bounds: the verdict says so first, exit 4")
    func missedBounds() async throws {
        // Given a target that refuses every tenth call
        try await FakeTarget.run(answer: { $0 % 10 == 9 ? .refuse(.unavailable) : .now }) { fake in
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let report = directory + "/run"
            // When quad-load runs against it with its output a pipe, not a terminal
            let result = try await Self.quadLoad([
                "--gateway", "127.0.0.1:\(fake.port)", "--ca", fake.certificates.caPath,
                "--journey", "ping", "--rate", "50", "--arrivals", "constant", "--duration", "1s", "--warmup", "0s",
                "--cooldown", "0s", "--report", report, "--max-error-rate", "0.05", "--max-p99", "60s",
            ])
            // Then it exits 4, and says the verdict before the harness's validity
            #expect(result.status == 4, "\(result.output)")
            let verdict = try #require(result.output.range(of: "verdict: MISSED ITS BOUNDS"), "\(result.output)")
            let harness = try #require(result.output.range(of: "harness: valid"), "\(result.output)")
            #expect(verdict.lowerBound < harness.lowerBound)
            #expect(result.output.contains("  missed: health.Check: "), "\(result.output)")
            #expect(result.output.contains("of calls failed (bound 5%)"), "\(result.output)")
            // And its phases were printed though stderr is not a terminal
            #expect(
                result.output.contains("running ping at 50/s: warm-up 0s, measured 1s, cool-down 0s"),
                "\(result.output)"
            )
            #expect(result.output.contains("run ended; writing the report"), "\(result.output)")
            // And the JSON carries the verdict with the bounds given
            let decoded = try LoadReport.decode(try Data(contentsOf: URL(fileURLWithPath: report + ".json")))
            #expect(decoded.configuration.bounds?.maxErrorRatio == 0.05)
            #expect(decoded.verdict?.metBounds == false)
            let judged = try #require(decoded.verdict)
            let ping = try #require(decoded.runs.first?.methods.first { $0.name == "health.Check" })
            // (A tenth of the calls the fake target saw; on a loaded machine the run's window may hold a few fewer.)
            #expect(judged.journeysSucceeded < judged.journeys && ping.errors["UNAVAILABLE", default: 0] >= 4)
            #expect(
                judged.breaches.contains { $0.subject == "health.Check" && $0.measure == .errors && $0.value > 0.05 }
            )
        }
    }

    @Test("an unreachable target is said plainly, nothing is written, exit 1")
    func unreachable() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory + "/certs", services: ["gateway"])
        // A port nothing listens on: bind one, note it, close it.
        let port = try Self.closedPort()
        let result = try await Self.quadLoad([
            "--gateway", "127.0.0.1:\(port)", "--ca", certificates.caPath, "--journey", "ping", "--rate", "5",
            "--duration", "1s", "--report", directory + "/run",
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("cannot reach gateway 127.0.0.1:\(port)"), "\(result.output)")
        #expect(result.output.contains("Is `quad up` running?"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/run.json"))
    }

    @Test("a gateway whose certificate another CA signed is refused with what to check, exit 1")
    func wrongCertificate() async throws {
        try await FakeTarget.run(answer: { _ in .now }) { fake in
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let other = try DevCertificateSet.ensure(directory: directory + "/other", services: ["gateway"])
            let result = try await Self.quadLoad([
                "--gateway", "127.0.0.1:\(fake.port)", "--ca", other.caPath, "--journey", "ping", "--rate", "5",
                "--duration", "1s", "--report", directory + "/run",
            ])
            #expect(result.status == 1)
            #expect(result.output.contains("TLS handshake"), "\(result.output)")
            #expect(result.output.contains(other.caPath))
        }
    }

    @Test(
        "bad flags are refused naming the flag, exit 64",
        arguments: [
            (["--rate", "0"], "--rate"),
            (["--duration", "ten"], "--duration"),
            (["--journey", "laundy"], "unknown journey 'laundy'"),
            (["--mix", "browsing=-1"], "weight of browsing"),
            (["--fault", "explode:jobs@1s"], "explode"),
            (["--gateway", "127.0.0.1:1"], "--ca"),
            (["--max-error-rate", "5"], "--max-error-rate"),
            (["--max-p99", "fast"], "--max-p99"),
        ]
    )
    func badFlags(arguments: [String], named: String) async throws {
        let result = try await Self.quadLoad(arguments)
        #expect(result.status == 64, "\(result.output)")
        #expect(result.output.contains(named), "\(result.output)")
    }

    // MARK: Helpers

    static func quadLoad(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcess.run(BuildProducts.path("quad-load"), arguments)
        return (run.termination.code, run.output)
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "quad-load-command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func closedPort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw CancellationError() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
