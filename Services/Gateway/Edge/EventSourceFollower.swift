import GatewayDomain
public import Logging
public import QuadKernel
public import QuadContracts
import Synchronization
public import QuadWire

/// Told what an ``EventSourceFollower`` sees, besides the feeds (the edge's session
/// revocations follow identity's source this way).
public protocol EventSourceObserver: Sendable {
    /// A stream started; `continuous` is false when events before it may have been missed
    /// (the first stream, or the context no longer had some).
    func started(continuous: Bool) async
    /// An event, after it was published to the user's feed.
    func received(_ event: Quad_Events_V1_UserEvent)
}

/// Follows one context's event source (`(quad.options.v1.event_source)`) for as long as the
/// gateway runs, and publishes each event into the user's feed in the ``EventFeedHub``.
///
/// The first connection starts from now; every reconnection resumes after the last sequence
/// number received, so an upstream restart or a dropped connection loses nothing. When the
/// context no longer has some of the events in between (`started.gap`), or on the first
/// connection (events logged before it were never seen), the hub tells every open
/// subscription to resync. Each stream is re-opened after `renewal` (its deadline), and one
/// that ends normally or at a deadline after it started (the renewal, or the server's cap on
/// call length) is resumed at once; failed attempts back off exponentially up to
/// `maximumBackoff`.
public struct EventSourceFollower: Sendable {
    public let context: String
    public let method: MethodDescriptor
    let transport: any ClientTransport
    let hub: EventFeedHub
    let clock: QuadClock
    let logger: Logger
    let initialBackoff: Duration
    let maximumBackoff: Duration
    let renewal: Duration
    let observer: (any EventSourceObserver)?

    public init(
        context: String,
        method: MethodDescriptor,
        transport: any ClientTransport,
        hub: EventFeedHub,
        clock: QuadClock,
        logger: Logger,
        renewal: Duration = .seconds(240),
        initialBackoff: Duration = .milliseconds(100),
        maximumBackoff: Duration = .seconds(5),
        observer: (any EventSourceObserver)? = nil
    ) {
        self.observer = observer
        self.renewal = renewal
        self.context = context
        self.method = method
        self.transport = transport
        self.hub = hub
        self.clock = clock
        self.logger = logger
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// Follows the source until the task is cancelled.
    public func run() async {
        let resumeAfter = Mutex<UInt64?>(nil)
        var failures = 0
        while !Task.isCancelled {
            do {
                let request = Quad_Events_V1_WatchEventsRequest.with { request in
                    if let after = resumeAfter.withLock({ $0 }) {
                        request.afterSequence = after
                    } else {
                        request.fromNow = true
                    }
                }
                try await transport.serverStreaming(
                    method,
                    request: request,
                    as: Quad_Events_V1_WatchEventsMessage.self,
                    options: CallOptions(timeout: renewal)
                ) { stream in
                    for try await message in stream {
                        switch message.kind {
                        case .started(let started):
                            let first = resumeAfter.withLock { $0 } == nil
                            if first || started.gap {
                                logger.notice(
                                    first
                                        ? "following events from now; open feeds resync"
                                        : "events were lost upstream; open feeds resync",
                                    metadata: ["context": "\(context)", "after_sequence": "\(started.afterSequence)"]
                                )
                                hub.requireResync()
                            }
                            resumeAfter.withLock { $0 = started.afterSequence }
                            await observer?.started(continuous: !(first || started.gap))
                            hub.markStarted(context)
                        case .event(let event):
                            hub.publish(
                                user: event.userID,
                                event: .with {
                                    $0.source = context
                                    $0.occurredAtMicros = event.occurredAtMicros
                                    $0.type = event.type
                                    $0.payload = event.payload
                                }
                            )
                            observer?.received(event)
                            resumeAfter.withLock { $0 = event.sequence }
                        case nil:
                            break
                        }
                    }
                }
                failures = 0
            } catch let error as RPCError where error.code == .deadlineExceeded && resumeAfter.withLock({ $0 }) != nil {
                // The renewal deadline, or the server's cap on call length, ended the stream: resume at once.
                failures = 0
            } catch {
                if Task.isCancelled { return }
                failures += 1
                let backoff = min(maximumBackoff, initialBackoff * (1 << min(failures - 1, 16)))
                logger.warning(
                    "event source failed; retrying",
                    metadata: ["context": "\(context)", "error": "\(error)", "retry_in": "\(backoff)"]
                )
                try? await clock.sleep(backoff)
            }
        }
    }
}
