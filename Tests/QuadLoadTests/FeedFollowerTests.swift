import Foundation
import NIOCore
import QuadContracts
import QuadLoadCheck
import QuadLoadCore
import QuadWire
import SwiftProtobuf
import Synchronization
import Testing

@testable import QuadLoad

/// A journey's feed resumes after a drop with the last event id it saw, runs the journey's steps once, and writes
/// every connection and event to the call log (issue 17 item 2).
@Suite("FeedFollower: a journey's feed across drops")
struct FeedFollowerTests {
    /// A gateway whose `Subscribe` answers each connection with the scripted messages, then ends as scripted.
    final class ScriptedFeed: ClientTransport {
        struct Connection {
            var messages: [Quad_Gateway_V1_FeedMessage]
            var end: RPCError?
        }

        let script: [Connection]
        /// The `last_event_id` each connection asked with (`nil`: from now).
        let asked = Mutex<[UInt64?]>([])

        init(_ script: [Connection]) { self.script = script }

        func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
            throw RPCError(code: .unimplemented, message: "only Subscribe")
        }

        func streamingCall<Result: Sendable>(
            _ method: MethodDescriptor,
            firstRequest: ByteBuffer?,
            halfClose: Bool,
            options: CallOptions,
            _ body: @Sendable (RawClientCall) async throws -> Result
        ) async throws -> Result {
            let request = try Quad_Gateway_V1_SubscribeRequest(
                serializedBytes: firstRequest.map { Array($0.readableBytesView) } ?? []
            )
            let number = asked.withLock { asked in
                asked.append(request.hasLastEventID ? request.lastEventID : nil)
                return asked.count - 1
            }
            let connection = script[min(number, script.count - 1)]
            let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
            for message in connection.messages {
                continuation.yield(ByteBuffer(bytes: try message.serializedBytes() as [UInt8]))
            }
            continuation.finish(throwing: connection.end)
            return try await body(
                RawClientCall(send: { _ in }, finish: {}, responses: RawRequestStream(stream: stream, consumed: {}))
            )
        }
    }

    static func subscribed(_ current: UInt64, resync: Bool = false) -> Quad_Gateway_V1_FeedMessage {
        .with {
            $0.subscribed = .with {
                $0.currentEventID = current
                $0.resyncRequired = resync
            }
        }
    }

    static func event(_ id: UInt64, _ type: String) -> Quad_Gateway_V1_FeedMessage {
        .with {
            $0.event = .with {
                $0.id = id
                $0.source = "jobs"
                $0.type = type
                $0.occurredAtMicros = Int64(id)
                $0.payload = Data([UInt8(id % 256)])
            }
        }
    }

    @Test("a dropped feed resumes after the last event it saw; the steps run once; the call log has both connections")
    func resumesAfterADrop() async throws {
        // Given a gateway that drops the first connection after one event, and delivers the awaited one on the next
        let gateway = ScriptedFeed([
            .init(
                messages: [Self.subscribed(10), Self.event(11, "first")],
                end: RPCError(code: .unavailable, message: "cut")
            ),
            .init(messages: [Self.subscribed(12), Self.event(12, "second"), Self.event(13, "awaited")], end: nil),
        ])
        let path = NSTemporaryDirectory() + "feed-follower-" + UUID().uuidString + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try CallLog(path: path)
        let session = JourneySession(
            journeyName: "test",
            transport: gateway,
            population: .empty,
            clock: RunClock(),
            intended: 0,
            seed: 1,
            callTimeout: .seconds(5),
            thinkScale: 0,
            callLog: log
        ) { _, _ in }
        let starts = Mutex(0)

        // When a journey follows the feed until the awaited event
        let follower = FeedFollower(
            session: session,
            gateway: Quad_Gateway_V1_Gateway.Client(transport: gateway),
            bearer: [:],
            subscriber: "u-1",
            timeout: .seconds(5)
        )
        let found = try await follower.follow {
            starts.withLock { $0 += 1 }
            return "started"
        } until: { started, event in
            event.type == "awaited" ? "\(started) \(event.id)" : nil
        }
        log.close()

        // Then it resumed after event 11, ran the steps once and found the awaited event
        #expect(found == "started 13")
        #expect(gateway.asked.withLock { $0 } == [nil, 11])
        #expect(starts.withLock { $0 } == 1)
        // And the call log has the feed with both connections and every event
        let contents = try CallLogContents(path: path)
        let feed = try #require(contents.feeds.first)
        #expect(feed.subscriber == "u-1" && feed.journey == "test")
        #expect(feed.connections.map(\.ended) == ["UNAVAILABLE", "OK"])
        #expect(feed.connections.map(\.resumedAfter) == [nil, 11])
        #expect(feed.events.map(\.id) == [11, 12, 13] && feed.events.map(\.connection) == [0, 1, 1])
        #expect(feed.events[0].digest == FeedDigest.of([11]))
    }

    @Test("a feed the gateway cannot resume records the resync; a refusal an app would not retry ends the journey")
    func resyncAndRefusal() async throws {
        let resyncing = ScriptedFeed([
            .init(
                messages: [Self.subscribed(10), Self.event(11, "first")],
                end: RPCError(code: .unavailable, message: "cut")
            ),
            .init(messages: [Self.subscribed(40, resync: true), Self.event(41, "awaited")], end: nil),
        ])
        let refusing = ScriptedFeed([
            .init(messages: [], end: RPCError(code: .permissionDenied, message: "no"))
        ])
        let path = NSTemporaryDirectory() + "feed-follower-" + UUID().uuidString + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try CallLog(path: path)
        for gateway in [resyncing, refusing] {
            let session = JourneySession(
                journeyName: "test",
                transport: gateway,
                population: .empty,
                clock: RunClock(),
                intended: 0,
                seed: 1,
                callTimeout: .seconds(5),
                thinkScale: 0,
                callLog: log
            ) { _, _ in }
            let follower = FeedFollower(
                session: session,
                gateway: Quad_Gateway_V1_Gateway.Client(transport: gateway),
                bearer: [:],
                subscriber: "u-1",
                timeout: .seconds(5)
            )
            _ = try? await follower.follow {
                ()
            } until: { _, event in
                event.type == "awaited" ? event.id : nil
            }
        }
        log.close()
        let feeds = try CallLogContents(path: path).feeds
        #expect(feeds.count == 2)
        #expect(feeds[0].connections.map(\.resync) == [false, true])
        #expect(refusing.asked.withLock { $0.count } == 1)
        #expect(feeds[1].connections.isEmpty)
    }
}
