import Foundation
import QuadContracts
import QuadLoadCore
import QuadWire
import Synchronization

/// A user's feed (`Gateway/Subscribe`) as a journey holds it, as the app does: opened before the journey acts,
/// followed until the event the journey waits for, and resumed after a drop with the last event id it saw (the
/// gateway then sends the events missed since, or says `resync_required`). Every connection, event and resync goes
/// to the call log as one ``FeedRecord`` when the journey lets go of the feed, for `quad-load check`.
///
/// Each connection is timed as a `gateway.Subscribe` call (until its `subscribed` message). A drop (UNAVAILABLE,
/// INTERNAL, UNKNOWN, RESOURCE_EXHAUSTED for a reader that fell behind, a stream that ended) is resumed after a pause
/// (0.1 s doubling up to 1 s), at most ``maximumResumptions`` tries and within the journey's ``timeout``; a failure of
/// the journey's own steps is never retried here.
struct FeedFollower: Sendable {
    let session: JourneySession
    let gateway: Quad_Gateway_V1_Gateway.Client
    let bearer: [String: String]
    /// The user whose feed it is (their id, for the call log).
    let subscriber: String
    /// How long the whole hold may last.
    let timeout: Duration
    /// How many reconnections are tried (each after a drop or a failed attempt) before the journey fails.
    var maximumResumptions = 100

    /// The statuses of a dropped feed that an app reconnects after.
    static let resumable: Set<String> = ["UNAVAILABLE", "INTERNAL", "UNKNOWN", "RESOURCE_EXHAUSTED", "CLIENT_ERROR"]

    /// Opens the feed, runs `start` once the first connection is open, then hands each event to `until` (with what
    /// `start` returned) until it returns a value, which this returns.
    ///
    /// - Throws: What `start` or `until` threw; the feed's last error when it cannot be resumed (too many drops, the
    ///   timeout, a status an app would not retry); ``JourneyError`` when the first message is not `subscribed`.
    func follow<Started: Sendable, Result: Sendable>(
        start: @Sendable () async throws -> Started,
        until: @Sendable (Started, Quad_Gateway_V1_FeedEvent) async throws -> Result?
    ) async throws -> Result {
        let hold = FeedHold<Started>(FeedRecord(journey: session.journeyName, subscriber: subscriber))
        let deadline = ContinuousClock.now + timeout
        defer { session.held(hold.log.withLock { $0 }) }
        var resumptions = 0
        while true {
            let watch = session.begin("gateway.Subscribe")
            var options = CallOptions(timeout: max(deadline - .now, .milliseconds(1)), metadata: bearer)
            options.metadata["traceparent"] = watch.traceparent
            let after = hold.lastID.withLock { $0 }
            let request = Quad_Gateway_V1_SubscribeRequest.with { if let after { $0.lastEventID = after } }
            var ended = "ENDED"
            do {
                let result: Result? = try await gateway.subscribe(request, options: options) { stream in
                    var feed = stream.makeAsyncIterator()
                    guard case .subscribed(let subscribed)? = try await feed.next()?.kind else {
                        throw JourneyError("the feed's first message was not Subscribed")
                    }
                    session.end(watch, status: CallSample.okStatus)
                    let connection = hold.log.withLock { log in
                        log.connections.append(
                            .init(
                                openedMicros: Self.nowMicros(),
                                resumedAfter: after,
                                currentEventID: subscribed.currentEventID,
                                resync: subscribed.resyncRequired,
                                ended: "OPEN"
                            )
                        )
                        return log.connections.count - 1
                    }
                    if subscribed.resyncRequired { hold.lastID.withLock { $0 = subscribed.currentEventID } }
                    let context: Started
                    if let earlier = hold.started.withLock({ $0 }) {
                        context = earlier
                    } else {
                        context = try await StepFailure.wrapping { try await start() }
                        hold.started.withLock { $0 = context }
                    }
                    while let message = try await feed.next() {
                        switch message.kind {
                        case .event(let event):
                            hold.lastID.withLock { $0 = event.id }
                            hold.log.withLock {
                                $0.events.append(
                                    .init(
                                        connection: connection,
                                        id: event.id,
                                        source: event.source,
                                        type: event.type,
                                        occurredAtMicros: event.occurredAtMicros,
                                        digest: FeedDigest.of(event.payload)
                                    )
                                )
                            }
                            if let result = try await StepFailure.wrapping({ try await until(context, event) }) {
                                return result
                            }
                        case .resyncRequired(let resync):
                            hold.lastID.withLock { $0 = resync.currentEventID }
                            hold.log.withLock {
                                $0.resyncs.append(.init(atMicros: Self.nowMicros(), after: resync.currentEventID))
                            }
                        default:
                            break
                        }
                    }
                    return nil
                }
                if let result {
                    close(hold, status: CallSample.okStatus)
                    return result
                }
                // A cancelled journey's stream ends quietly: say so rather than resume.
                if Task.isCancelled {
                    close(hold, status: "CANCELLED")
                    throw CancellationError()
                }
            } catch let failure as StepFailure {
                close(hold, status: "JOURNEY_STEP")
                throw failure.error
            } catch {
                session.end(watch, status: StatusName.of(error))
                ended = StatusName.of(error)
                close(hold, status: ended)
                let resumable = !(error is JourneyError) && Self.resumable.contains(ended)
                guard resumable, resumptions < maximumResumptions, ContinuousClock.now < deadline else { throw error }
            }
            close(hold, status: ended)
            // The journey's steps run once: a feed that dropped before `start` ran starts again from now and runs it.
            resumptions += 1
            // Back off as an app does, 0.1 s doubling up to 1 s: a gateway restarting takes seconds.
            let pause = min(1, 0.1 * Double(1 << min(resumptions - 1, 4)))
            try await session.wait(until: Date().addingTimeInterval(pause))
        }
    }

    /// Stamps the open connection (the last) with how it ended.
    private func close<Started>(_ hold: FeedHold<Started>, status: String) {
        hold.log.withLock { log in
            guard let last = log.connections.indices.last, log.connections[last].ended == "OPEN" else { return }
            log.connections[last].ended = status
        }
    }

    static func nowMicros() -> Int64 { Int64(Date().timeIntervalSince1970 * 1_000_000) }
}

/// What a feed's connections share: the record so far, what the journey's start returned, the last event id.
private final class FeedHold<Started: Sendable>: Sendable {
    let log: Mutex<FeedRecord>
    let started = Mutex<Started?>(nil)
    let lastID = Mutex<UInt64?>(nil)

    init(_ record: FeedRecord) { log = Mutex(record) }
}

/// An error of the journey's own steps, carried out of the feed's stream so that it is not taken for a drop.
private struct StepFailure: Error {
    let error: any Error

    static func wrapping<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw StepFailure(error: error)
        }
    }
}
