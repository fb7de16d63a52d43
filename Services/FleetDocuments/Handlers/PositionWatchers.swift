import FreightDomain
import Synchronization

/// The dispatchers watching their organisations' drivers live (F5), and what waits for each.
///
/// A kept position is offered to every watcher of each organisation its driver drives for. What waits for one
/// watcher is the newest position of each driver (``LatestPerDriver``), so a watcher that reads slowly costs at most
/// one position per driver, never a backlog, and no reporting driver ever waits for a watcher.
final class PositionWatchers<Position: Sendable>: Sendable {
    private struct Watcher {
        var organisation: String
        var waiting = LatestPerDriver<Position>()
        var reader: CheckedContinuation<[Position]?, Never>?
        var ended = false
    }

    private struct State {
        var watchers: [Int: Watcher] = [:]
        var byOrganisation: [String: Set<Int>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    init() {}

    /// How many watchers there are, for tests and metrics.
    var count: Int { state.withLock { $0.watchers.count } }

    /// How many watchers wait for their next position, for tests.
    var waitingReaders: Int { state.withLock { $0.watchers.values.count { $0.reader != nil } } }

    /// Offers `position` of `driver`, taken at `recordedAt`, to the watchers of `organisations`.
    func publish(_ position: Position, driver: String, recordedAt: Int64, organisations: [String]) {
        let wake: [(CheckedContinuation<[Position]?, Never>, [Position])] = state.withLock { state in
            var wake: [(CheckedContinuation<[Position]?, Never>, [Position])] = []
            for organisation in organisations {
                for id in state.byOrganisation[organisation] ?? [] {
                    guard var watcher = state.watchers[id] else { continue }
                    watcher.waiting.offer(position, driver: driver, recordedAt: recordedAt)
                    if let reader = watcher.reader {
                        watcher.reader = nil
                        wake.append((reader, watcher.waiting.take()))
                    }
                    state.watchers[id] = watcher
                }
            }
            return wake
        }
        for (reader, positions) in wake { reader.resume(returning: positions) }
    }

    /// Watches `organisation` for the life of `body`, which reads batches with the ``Subscription`` it is given.
    func watch<T>(
        _ organisation: String,
        _ body: (Subscription) async throws -> T
    ) async rethrows -> T {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.watchers[state.nextID] = Watcher(organisation: organisation)
            state.byOrganisation[organisation, default: []].insert(state.nextID)
            return state.nextID
        }
        defer {
            let reader = state.withLock { state in
                let watcher = state.watchers.removeValue(forKey: id)
                state.byOrganisation[organisation]?.remove(id)
                if state.byOrganisation[organisation]?.isEmpty == true {
                    state.byOrganisation[organisation] = nil
                }
                return watcher?.reader
            }
            reader?.resume(returning: nil)
        }
        return try await body(Subscription(watchers: self, id: id))
    }

    /// One watcher's reads.
    struct Subscription: Sendable {
        fileprivate let watchers: PositionWatchers
        fileprivate let id: Int

        /// The positions that waited, or, when none did, the next ones as they come; nil once the calling task is
        /// cancelled.
        func next() async -> [Position]? {
            await watchers.next(id)
        }
    }

    private func next(_ id: Int) async -> [Position]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Position]?, Never>) in
                let ready: [Position]?? = state.withLock { state in
                    guard var watcher = state.watchers[id], !watcher.ended else { return .some(nil) }
                    if !watcher.waiting.isEmpty {
                        let positions = watcher.waiting.take()
                        state.watchers[id] = watcher
                        return .some(positions)
                    }
                    watcher.reader = continuation
                    state.watchers[id] = watcher
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let reader = state.withLock { state in
                state.watchers[id]?.ended = true
                let reader = state.watchers[id]?.reader
                state.watchers[id]?.reader = nil
                return reader
            }
            reader?.resume(returning: nil)
        }
    }
}
