import Foundation
import Testing

/// Issue 12 item 2, "done when": the services send events only through the typed sends generated from Proto/ and
/// receive them only through the generated `Deliver` dispatch. A source scan, so that a hand-written enqueue or a
/// `switch` over topic strings coming back fails a test rather than a delivery at run time.
@Suite("Typed events in Services/")
struct TypedEventsInServicesTests {
    /// The repository's Services/ folder.
    static let services = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Services")

    /// Every Swift file under Services/, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(at: services, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    @Test("no service enqueues into the outbox by hand or switches over a topic string")
    func noHandTypedTopics() throws {
        let files = try Self.sources()
        #expect(files.count > 20, "found no sources under \(Self.services.path)")
        for (path, text) in files {
            #expect(
                !text.contains("Outbox.enqueue("),
                "\(path) enqueues by hand: use the generated <Service>.Events.send"
            )
            #expect(
                !text.contains("switch request.topic"),
                "\(path) switches over topics: conform to <Service>.Deliver"
            )
            #expect(
                !text.contains("switch delivery.topic"),
                "\(path) switches over topics: conform to <Service>.Deliver"
            )
            #expect(!text.contains("topic: \""), "\(path) types a topic by hand: use <Event>.topic")
            #expect(!text.contains("destination: \""), "\(path) types a destination by hand")
        }
    }
}
