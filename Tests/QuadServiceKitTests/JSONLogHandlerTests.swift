import Foundation
import Logging
import QuadServiceKit
import Synchronization
import Testing

/// Collects lines instead of writing them to standard error.
final class CollectingLogSink: LogSink {
    private let collected = Mutex<[[UInt8]]>([])

    func write(line: [UInt8]) {
        self.collected.withLock { $0.append(line) }
    }

    var lines: [String] {
        self.collected.withLock { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}

@Suite("JSONLogHandler")
struct JSONLogHandlerTests {
    private func makeLogger(
        sink: CollectingLogSink,
        level: Logger.Level = .info,
        provider: Logger.MetadataProvider? = nil
    ) -> Logger {
        Logger(label: "quad-test") { label in
            JSONLogHandler(label: label, level: level, metadataProvider: provider, sink: sink)
        }
    }

    private func parse(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("writes one JSON object per line with the merged metadata")
    func writesMergedMetadata() throws {
        // Given a logger with handler metadata and a metadata provider
        let sink = CollectingLogSink()
        let provider = Logger.MetadataProvider { ["trace-id": "4bf92f35", "shared": "provider"] }
        var logger = self.makeLogger(sink: sink, provider: provider)
        logger[metadataKey: "service"] = "jobs"
        logger[metadataKey: "shared"] = "handler"

        // When a message with call metadata (nested values, a quote and a newline) is logged
        logger.info(
            "submitted \"job\"\nnext line",
            metadata: [
                "request-id": "abc123",
                "shared": "call",
                "job": ["id": "j1", "stages": ["picked-up", "washing"]],
            ]
        )

        // Then there is exactly one line, which parses back with every field
        let lines = sink.lines
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasSuffix("}\n"))
        #expect(line.dropLast().contains("\n") == false)
        let object = try self.parse(line)
        #expect(object["level"] as? String == "info")
        #expect(object["label"] as? String == "quad-test")
        #expect(object["msg"] as? String == "submitted \"job\"\nnext line")
        #expect(object["service"] as? String == "jobs")
        #expect(object["trace-id"] as? String == "4bf92f35")
        #expect(object["request-id"] as? String == "abc123")
        #expect(object["shared"] as? String == "call")
        let job = try #require(object["job"] as? [String: Any])
        #expect(job["id"] as? String == "j1")
        #expect(job["stages"] as? [String] == ["picked-up", "washing"])
        let timestamp = try #require(object["ts"] as? String)
        #expect(timestamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z/) != nil)
        #expect(object.count == 9)
    }

    @Test("keys are in a stable order: ts, level, label, msg, then metadata sorted")
    func sortsKeys() throws {
        // Given a logger
        let sink = CollectingLogSink()
        let logger = self.makeLogger(sink: sink)
        // When metadata is given in no particular order
        logger.warning("x", metadata: ["zeta": "1", "alpha": "2", "mid": ["b": "1", "a": "2"], "msg": "clash"])
        // Then the keys appear in the fixed order and sorted, and a clashing key is prefixed rather than lost
        let line = try #require(sink.lines.first)
        let keys = ["\"ts\"", "\"level\"", "\"label\"", "\"msg\"", "\"alpha\"", "\"meta.msg\"", "\"mid\"", "\"zeta\""]
        let positions = try keys.map { key in try #require(line.range(of: key)?.lowerBound) }
        #expect(positions == positions.sorted())
        #expect(line.contains(#""mid":{"a":"2","b":"1"}"#))
        #expect(try self.parse(line)["meta.msg"] as? String == "clash")
    }

    @Test("messages below the level are not written, and nothing is added that was not given")
    func respectsLevel() throws {
        // Given an info logger
        let sink = CollectingLogSink()
        let logger = self.makeLogger(sink: sink, level: .info)
        // When a debug and an error message are logged without metadata
        logger.debug("hidden")
        logger.error("shown")
        // Then only the error is written, with just the four fixed fields
        #expect(sink.lines.count == 1)
        let object = try self.parse(try #require(sink.lines.first))
        #expect(Set(object.keys) == ["ts", "level", "label", "msg"])
        #expect(object["level"] as? String == "error")
    }

    @Test("escapes control characters so the line stays valid JSON")
    func escapesControlCharacters() throws {
        let sink = CollectingLogSink()
        self.makeLogger(sink: sink).info("tab\there \u{01} bell\u{07} back\\slash é")
        let object = try self.parse(try #require(sink.lines.first))
        #expect(object["msg"] as? String == "tab\there \u{01} bell\u{07} back\\slash é")
    }
}
