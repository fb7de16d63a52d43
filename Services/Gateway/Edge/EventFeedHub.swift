public import Foundation
public import GatewayDomain
public import QuadContracts
import Synchronization

/// The gateway's live event feeds (G3): the per-user ``EventFeedBuffer`` that resumes
/// reconnecting apps, and the open subscriptions that live events are pushed to.
///
/// One lock covers both, so an event is either in the history a subscription was resumed
/// from or pushed to it live, never both and never neither. Each subscription has a bounded
/// queue: an app that stops reading until it is `queueLimit` messages behind is ended
/// (``Subscription/fellBehind``) and resumes from the buffer with its last id, so a slow app
/// costs the gateway at most that queue.
public final class EventFeedHub: Sendable {
    /// One app's subscription; ``cancel()`` it when the call ends.
    public struct Subscription: Sendable {
        /// `subscribed`, then the missed events (if resumed), then live events and resyncs.
        public let messages: AsyncStream<Quad_Gateway_V1_FeedMessage>
        fileprivate let id: UInt64
        fileprivate let user: String
        fileprivate let hub: EventFeedHub
        fileprivate let state: SubscriberState

        /// True once the hub ended the subscription because its queue was full.
        public var fellBehind: Bool { state.fellBehind.load(ordering: .acquiring) }

        /// Stops delivery and forgets the subscription.
        public func cancel() { hub.remove(self) }
    }

    fileprivate final class SubscriberState: Sendable {
        let continuation: AsyncStream<Quad_Gateway_V1_FeedMessage>.Continuation
        let fellBehind = Atomic(false)

        init(continuation: AsyncStream<Quad_Gateway_V1_FeedMessage>.Continuation) {
            self.continuation = continuation
        }

        /// Queues `message`; false (and the subscription finished) when the queue was full.
        func deliver(_ message: Quad_Gateway_V1_FeedMessage) -> Bool {
            if case .dropped = continuation.yield(message) {
                fellBehind.store(true, ordering: .releasing)
                continuation.finish()
                return false
            }
            return true
        }
    }

    private struct State {
        var buffer: EventFeedBuffer<Quad_Gateway_V1_FeedEvent>
        var subscribers: [String: [UInt64: SubscriberState]] = [:]
        var nextSubscriberID: UInt64 = 0
        /// How many streams of each event source have started so far, and who waits for some.
        var starts: [String: Int] = [:]
        var startWaiters: [(ready: @Sendable ([String: Int]) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
            []
    }

    /// The most messages queued for one subscription.
    public let queueLimit: Int
    private let state: Mutex<State>

    /// - Parameters:
    ///   - origin: The id the first event follows: the wall-clock microseconds at start, so ids
    ///     from an earlier run are below it (see ``EventFeedBuffer``).
    ///   - configuration: How much history is kept for resuming.
    public init(origin: UInt64, configuration: EventFeedConfiguration = .defaults) {
        self.queueLimit = configuration.eventsPerUser + 1
        self.state = Mutex(State(buffer: EventFeedBuffer(origin: origin, configuration: configuration)))
    }

    /// A hub whose ids start after the current wall-clock time in microseconds.
    public convenience init(now: Date, configuration: EventFeedConfiguration = .defaults) {
        self.init(origin: UInt64(max(0, now.timeIntervalSince1970 * 1_000_000)), configuration: configuration)
    }

    /// Gives `event` the next id, keeps it in `user`'s history and pushes it to their open
    /// subscriptions. Returns the id.
    @discardableResult
    public func publish(user: String, event: Quad_Gateway_V1_FeedEvent) -> UInt64 {
        state.withLock { state in
            var event = event
            event.id = state.buffer.append(user: user, payload: event)
            let message = Quad_Gateway_V1_FeedMessage.with { $0.event = event }
            for (id, subscriber) in state.subscribers[user] ?? [:] where !subscriber.deliver(message) {
                state.subscribers[user]?[id] = nil
            }
            return event.id
        }
    }

    /// Some events were lost before they reached the hub: every history is forgotten, and
    /// every open subscription is told to reload (`resync_required`).
    public func requireResync() {
        state.withLock { state in
            let lossID = state.buffer.forgetAll()
            let message = Quad_Gateway_V1_FeedMessage.with { $0.resyncRequired.currentEventID = lossID }
            for (user, subscribers) in state.subscribers {
                for (id, subscriber) in subscribers where !subscriber.deliver(message) {
                    state.subscribers[user]?[id] = nil
                }
            }
        }
    }

    /// Opens a subscription for `user`: resumed after `lastEventID` when given (the missed
    /// events, or `resync_required` when they are not all known), else from now.
    public func subscribe(user: String, lastEventID: UInt64?) -> Subscription {
        let (messages, continuation) = AsyncStream.makeStream(
            of: Quad_Gateway_V1_FeedMessage.self,
            bufferingPolicy: .bufferingOldest(queueLimit)
        )
        let subscriber = SubscriberState(continuation: continuation)
        let id = state.withLock { state in
            let current = state.buffer.lastAssignedID
            var missed: [FeedEvent<Quad_Gateway_V1_FeedEvent>] = []
            var resync = false
            if let lastEventID {
                switch state.buffer.resume(user: user, after: lastEventID) {
                case .events(let events): missed = events
                case .resyncRequired: resync = true
                }
            }
            _ = subscriber.deliver(
                .with {
                    $0.subscribed.currentEventID = current
                    $0.subscribed.resyncRequired = resync
                }
            )
            // At most eventsPerUser missed events: they fit in the queue with `subscribed`.
            for event in missed {
                var payload = event.payload
                payload.id = event.id
                _ = subscriber.deliver(.with { $0.event = payload })
            }
            state.nextSubscriberID += 1
            state.subscribers[user, default: [:]][state.nextSubscriberID] = subscriber
            return state.nextSubscriberID
        }
        return Subscription(messages: messages, id: id, user: user, hub: self, state: subscriber)
    }

    /// The number of open subscriptions.
    public var subscriptionCount: Int { state.withLock { $0.subscribers.values.reduce(0) { $0 + $1.count } } }

    fileprivate func remove(_ subscription: Subscription) {
        state.withLock { state in
            state.subscribers[subscription.user]?[subscription.id] = nil
            if state.subscribers[subscription.user]?.isEmpty == true { state.subscribers[subscription.user] = nil }
        }
        subscription.state.continuation.finish()
    }

    // MARK: Following sources

    /// Records that a stream of `source` started (its `started` message arrived).
    func markStarted(_ source: String) {
        let ready = state.withLock { state in
            state.starts[source, default: 0] += 1
            let starts = state.starts
            let ready = state.startWaiters.filter { $0.ready(starts) }
            state.startWaiters.removeAll { $0.ready(starts) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once every one of `sources` has been followed (a stream of it started).
    public func waitUntilFollowing(_ sources: Set<String>) async {
        await waitForStarts { starts in sources.allSatisfy { starts[$0, default: 0] >= 1 } }
    }

    /// Returns once `count` streams of `source` have started in all (the first and reconnections).
    public func waitForStarts(of source: String, count: Int) async {
        await waitForStarts { $0[source, default: 0] >= count }
    }

    private func waitForStarts(_ ready: @escaping @Sendable ([String: Int]) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if ready(state.starts) { return true }
                state.startWaiters.append((ready, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
