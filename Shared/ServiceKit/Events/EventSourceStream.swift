public import QuadContracts
public import QuadStorage
public import QuadWire
import ServiceLifecycle
import Synchronization

/// Serves a context's event source (`(quad.options.v1.event_source)`, `quad.events.v1`) from its
/// ``QuadStorage/EventLog``: the `started` message, then every logged event after the
/// requested sequence as it commits, until the caller ends the call or its deadline passes, or
/// the service begins a graceful shutdown: then the stream ends at once, UNAVAILABLE naming the
/// last sequence sent, so the watcher resumes after it (from the restarted service) instead of
/// holding the shutdown for its whole drain grace (10 s by default; nemesis runs found every
/// graceful restart took that long). Credit is the wire's: a watcher that stops reading stops the
/// reads from the log.
///
/// Only the gateway and other services may follow it: the events name users, and clients get
/// theirs, filtered, from `Gateway/Subscribe`. A call from any other peer, or one made on a
/// user's behalf (`x-quad-caller`), is PERMISSION_DENIED.
public enum EventSourceStream {
    /// Events read from the log per batch.
    static let batchSize = 256

    public static func serve(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        database: QuadDatabase,
        context: ServerContext
    ) async throws {
        guard case .service = context.peerName else {
            throw RPCError(
                code: .permissionDenied,
                message: "\(context.method) is for the gateway and Quad services (peer is \(context.peerName)); "
                    + "apps follow their events with quad.gateway.v1.Gateway/Subscribe"
            )
        }
        guard context.caller == nil else {
            throw RPCError(
                code: .permissionDenied,
                message:
                    "\(context.method) is not callable on a user's behalf; apps follow their events with quad.gateway.v1.Gateway/Subscribe"
            )
        }
        let start = try await database.eventLogStart(after: request.fromNow ? nil : request.afterSequence)
        if start.gap {
            context.logger.notice(
                "watcher asked for events no longer kept",
                metadata: ["after_sequence": "\(request.afterSequence)", "resumes_after": "\(start.afterSequence)"]
            )
        }
        try await response.send(
            .with {
                $0.started = .with {
                    $0.afterSequence = start.afterSequence
                    $0.gap = start.gap
                }
            }
        )
        let sent = Sent(start.afterSequence)
        do {
            try await cancelWhenGracefulShutdown {
                var after = start.afterSequence
                while true {
                    let events = try await database.loggedEvents(after: after, limit: batchSize)
                    for event in events {
                        try await response.send(
                            .with {
                                $0.event = .with {
                                    $0.sequence = event.sequence
                                    $0.userID = event.userID
                                    $0.occurredAtMicros = event.occurredAtMicros
                                    $0.type = event.type
                                    $0.payload = event.payload
                                }
                            }
                        )
                        sent.sequence.withLock { $0 = event.sequence }
                    }
                    after = events.last?.sequence ?? after
                }
            }
        } catch  where Task.isShuttingDownGracefully {
            throw RPCError(
                code: .unavailable,
                message: "the service is shutting down; watch again after sequence \(sent.sequence.withLock { $0 })"
            )
        }
    }

    /// The last sequence sent, read when the stream ends.
    private final class Sent: Sendable {
        let sequence: Mutex<UInt64>
        init(_ sequence: UInt64) { self.sequence = Mutex(sequence) }
    }
}
