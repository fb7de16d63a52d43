import Foundation
import QuadToolKit
import ServiceTestSupport
import Testing

/// protoc-gen-quad run by protoc over small proto fixtures (issue 12 item 2): an event sent to a context that does
/// not declare it stops the generator, which writes nothing; a consistent pair generates the typed send and the
/// `Deliver` protocol.
@Suite(
    "protoc-gen-quad events",
    .enabled(
        if: BuildProducts.exists("protoc-gen-quad") && FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc")
    )
)
struct EventGenerationTests {
    /// The repository's Proto/ (for options.proto and types.proto).
    static let protoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Proto").path

    static let producer = """
        syntax = "proto3";
        package quad.alpha.v1;
        import "quad/options/v1/options.proto";
        import "quad/types/v1/types.proto";
        // `thing.happened`, to beta.
        message ThingHappened {
          option (quad.options.v1.event_topic) = "thing.happened";
          option (quad.options.v1.event_consumers) = "beta";
          string id = 1;
        }
        service Alpha {
          option (quad.options.v1.context) = "alpha";
          rpc Deliver(quad.types.v1.OutboxDelivery) returns (quad.types.v1.DeliveryReceipt);
        }
        """

    static func consumer(receives: Bool) -> String {
        """
        syntax = "proto3";
        package quad.beta.v1;
        import "quad/options/v1/options.proto";
        import "quad/types/v1/types.proto";
        service Beta {
          option (quad.options.v1.context) = "beta";
          \(receives ? #"option (quad.options.v1.receives) = "quad.alpha.v1.ThingHappened";"# : "")
          rpc Deliver(quad.types.v1.OutboxDelivery) returns (quad.types.v1.DeliveryReceipt);
        }
        """
    }

    /// Runs protoc with the built plugin over the two fixtures; returns its exit status, stderr and what it wrote.
    static func generate(consumerReceives: Bool) async throws -> (status: Int32, stderr: String, events: String?) {
        let directory = NSTemporaryDirectory() + "protoc-gen-quad-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixtures = directory + "/proto"
        let output = directory + "/out"
        for path in [fixtures + "/quad/alpha/v1", fixtures + "/quad/beta/v1", output] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try producer.write(toFile: fixtures + "/quad/alpha/v1/alpha.proto", atomically: true, encoding: .utf8)
        try consumer(receives: consumerReceives).write(
            toFile: fixtures + "/quad/beta/v1/beta.proto",
            atomically: true,
            encoding: .utf8
        )
        let run = try await ChildProcess.run(
            "/usr/bin/protoc",
            [
                "-I", fixtures, "-I", protoRoot,
                "--plugin=protoc-gen-quad=\(BuildProducts.path("protoc-gen-quad"))",
                "--quad_out=\(output)",
                "quad/alpha/v1/alpha.proto", "quad/beta/v1/beta.proto",
            ],
            capturing: .error
        )
        let said = run.output
        let events = try? String(contentsOfFile: output + "/Events.quad.swift", encoding: .utf8)
        return (run.termination.code, said, events)
    }

    @Test("an event sent to a context that does not declare it fails the generator, which writes nothing")
    func refusesUndeclaredConsumer() async throws {
        let run = try await Self.generate(consumerReceives: false)
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("quad.alpha.v1.ThingHappened is sent to beta, which does not declare it"),
            "\(run.stderr)"
        )
        #expect(run.events == nil)
    }

    @Test("a declared pair generates the producer's typed send and the consumer's Deliver protocol and dispatch")
    func generatesSendAndDeliver() async throws {
        let run = try await Self.generate(consumerReceives: true)
        #expect(run.status == 0, "\(run.stderr)")
        let events = try #require(run.events)
        #expect(events.contains("extension Quad_Alpha_V1_ThingHappened: QuadEvent {"))
        #expect(events.contains(#"public static let topic = "thing.happened""#))
        #expect(events.contains(#"public static let consumers: [String] = ["beta"]"#))
        #expect(
            events.contains(
                "public static func send(_ event: Quad_Alpha_V1_ThingHappened, key: String, into outbox: some EventOutbox) throws"
            )
        )
        #expect(events.contains("extension Quad_Beta_V1_Beta {"))
        #expect(events.contains("public protocol Deliver: ServiceProtocol {"))
        #expect(events.contains("func thingHappened("))
        #expect(events.contains("case Quad_Alpha_V1_ThingHappened.topic:"))
        #expect(events.contains("topic: beta receives thing.happened; not"))
        // And tools can decode a stored payload by its topic
        #expect(
            events.contains(
                "case Quad_Alpha_V1_ThingHappened.topic: return try Quad_Alpha_V1_ThingHappened(serializedBytes: payload)"
            )
        )
    }
}
