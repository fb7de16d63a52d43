/// A point in time for every type in GatewayDomain: the time elapsed since an origin the caller picks once.
///
/// This is the one time convention of the module (STYLE 8: time is a dependency). No type here reads a clock;
/// each event or question takes `now: GatewayInstant` and answers with instants and `Duration`s in the same
/// terms. The gateway takes `let origin = ContinuousClock.now` at start and passes `origin.duration(to: .now)`
/// (a `ContinuousClock.Instant` deadline `d` becomes `origin.duration(to: d)`); tests start at `.zero` and add
/// seconds. A plain `Duration` keeps the state machines non-generic and their tests free of clock types,
/// as Storage's `ElapsedClock` does for the outbox relay.
///
/// The origin must be monotonic (`ContinuousClock`, never wall time) and the same for every call into one
/// state machine. Values may arrive slightly out of order from concurrent callers; every type tolerates an
/// instant earlier than one it has already seen.
public typealias GatewayInstant = Duration
