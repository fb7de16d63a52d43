import Foundation
import QuadCertificates
import QuadTestSupport
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import Testing

@testable import quad

/// The built `quad` binary calling a live server over mutual TLS on 127.0.0.1:0: a server with the built-in
/// Health and Reflection services (and, for a product's method, a stub of `quad.gateway.v1.Gateway`), so any
/// method `quad call` makes is found through reflection alone, from the files the server's services hand over.
@Suite("quad call against a live server", .enabled(if: BuildProducts.exists("quad")))
struct QuadCallTests {
    /// Runs `quad call 127.0.0.1:PORT <arguments> --ca/--cert/--key` against a fresh server hosting `services`
    /// beside Health and Reflection.
    static func withServer(
        hosting services: [any QuadService] = [],
        _ body: @Sendable (_ call: @Sendable ([String]) async throws -> ProductRun) async throws -> Void
    )
        async throws
    {
        let directory = NSTemporaryDirectory() + "quad-call-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory + "/certs", services: ["probe"])
        let health = HealthService(services: [])
        health.setAll(.serving)
        let reflection = ReflectionService(hosting: services + [health])
        let server = QuadServer(
            configuration: ServerConfiguration(
                tls: try .mutualTLSServer(
                    certificateChainPEM: certificates.certificatePath(service: "probe"),
                    privateKeyPEM: certificates.keyPath(service: "probe"),
                    trustRootsPEM: certificates.caPath
                ),
                handshakeTimeout: LoadedMachine.patience
            ),
            services: services + [health, reflection]
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let port = try await server.listeningPort()
            defer { group.cancelAll() }
            try await body { arguments in
                try await ProductRun.run(
                    "quad",
                    ["call", "127.0.0.1:\(port)"] + arguments + [
                        "--ca", certificates.caPath, "--cert", certificates.clientCertificatePath,
                        "--key", certificates.clientKeyPath, "--server-name", "probe",
                    ],
                    in: directory
                )
            }
        }
    }

    @Test("lists the services with `list`")
    func list() async throws {
        try await Self.withServer { call in
            let run = try await call(["list"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.split(separator: "\n") == ["quad.health.v1.Health", "quad.reflection.v1.Reflection"])
        }
    }

    @Test("makes a unary call from JSON and prints the response as JSON")
    func unary() async throws {
        try await Self.withServer { call in
            let run = try await call(["quad.health.v1.Health/Check", #"{"service": ""}"#])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains(#""status": "SERVING""#), "\(run.output)")
        }
    }

    @Test("prints a non-OK status as ERROR: CODE: message and exits 1")
    func nonOK() async throws {
        try await Self.withServer { call in
            let run = try await call(["quad.health.v1.Health/Check", #"{"service": "nope"}"#])
            #expect(run.status == CallExitCode.rpcFailure)
            #expect(run.output.contains("ERROR: NOT_FOUND: no service named 'nope'"), "\(run.output)")
        }
    }

    @Test("calls a product's method: its request and response types come from the files its service handed over")
    func productMethod() async throws {
        try await Self.withServer(hosting: [StubGateway()]) { call in
            let list = try await call(["list"])
            #expect(
                list.output.split(separator: "\n")
                    == ["quad.gateway.v1.Gateway", "quad.health.v1.Health", "quad.reflection.v1.Reflection"],
                "\(list.output)"
            )
            // The response nests identity's messages: gateway.proto's imports came with it.
            let home = try await call(["quad.gateway.v1.Gateway/GetHome", "{}"])
            #expect(home.status == 0, "\(home.output)")
            #expect(home.output.contains(#""firstName": "Ada""#), "\(home.output)")
            #expect(home.output.contains(#""name": "North Campus""#), "\(home.output)")
            // A product's request encoded from JSON, answered on a stream.
            let feed = try await call(["quad.gateway.v1.Gateway/Subscribe", #"{"lastEventId": "41"}"#])
            #expect(feed.status == 0, "\(feed.output)")
            #expect(feed.output.contains(#""currentEventId": "42""#), "\(feed.output)")
        }
    }

    @Test("--upload streams a file after the request; --download writes a stream's bytes into a new file")
    func files() async throws {
        let documents = StubDocuments()
        try await Self.withServer(hosting: [documents]) { call in
            let directory = NSTemporaryDirectory() + "quad-call-files-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let bytes = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let source = directory + "/receipt.pdf"
            #expect(FileManager.default.createFile(atPath: source, contents: Data(bytes)))
            let upload = try await call([
                "quad.documents.v1.Documents/Upload",
                #"{"metadata": {"fileName": "receipt.pdf", "ownerKind": "OWNER_KIND_JOB", "ownerId": "job-1"}}"#,
                "--upload", source, "--chunk-size", "100000",
            ])
            #expect(upload.status == 0, "\(upload.output)")
            #expect(upload.output.contains(#""documentId": "doc-1""#), "\(upload.output)")
            #expect(upload.output.contains(#""sizeBytes": "600000""#), "\(upload.output)")
            // The metadata, then six chunks of 100 000 bytes.
            #expect(documents.kept.withLock { $0["doc-1"]?.messages } == 7)

            let target = directory + "/back.pdf"
            let download = try await call([
                "quad.documents.v1.Documents/Download", #"{"documentId": "doc-1"}"#, "--download", target,
            ])
            #expect(download.status == 0, "\(download.output)")
            #expect(download.output.contains(#""fileName": "receipt.pdf""#), "\(download.output)")
            #expect(!download.output.contains("chunk"), "the bytes go to the file, not the terminal")
            #expect(FileManager.default.contents(atPath: target) == Data(bytes))
            let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)

            let again = try await call([
                "quad.documents.v1.Documents/Download", #"{"documentId": "doc-1"}"#, "--download", target,
            ])
            #expect(again.status == 2)
            #expect(again.output.contains("exists; name a new file"), "\(again.output)")
            let wrongWay = try await call([
                "quad.documents.v1.Documents/Download", #"{"documentId": "doc-1"}"#, "--upload", source,
            ])
            #expect(wrongWay.status == 2)
            #expect(wrongWay.output.contains("--upload is for a method that takes a stream"), "\(wrongWay.output)")
            let missing = try await call([
                "quad.documents.v1.Documents/Upload", #"{"metadata": {}}"#, "--upload", directory + "/none.pdf",
            ])
            #expect(missing.status == 2)
            #expect(missing.output.contains("cannot read"), "\(missing.output)")
        }
    }

    @Test("prints each message of a server stream, then the status that ended it")
    func serverStreaming() async throws {
        try await Self.withServer { call in
            let run = try await call(["quad.health.v1.Health/Watch", "{}", "--timeout", "5s"])
            #expect(run.output.contains(#""status": "SERVING""#), "\(run.output)")
            #expect(run.output.contains("ERROR: DEADLINE_EXCEEDED"), "\(run.output)")
            #expect(run.status == CallExitCode.rpcFailure)
        }
    }

    @Test(
        "names local mistakes and exits 2 without calling",
        arguments: [
            (["quad.health.v1.Health/Nope", "{}"], "has no method Nope"),
            (["quad.nothing.v1.Nothing/Call", "{}"], "does not host the service quad.nothing.v1.Nothing"),
            (["quad.health.v1.Health/Check", #"{"servic": ""}"#], "servic"),
            (["Check", "{}"], "not a method name"),
        ]
    )
    func localMistakes(arguments: [String], message: String) async throws {
        try await Self.withServer { call in
            let run = try await call(arguments)
            #expect(run.status == CallExitCode.localFailure, "\(run.output)")
            #expect(run.output.contains(message), "\(run.output)")
        }
    }
}
