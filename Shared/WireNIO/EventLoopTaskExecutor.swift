public import NIOCore
import Synchronization

/// A task executor that runs jobs on one event loop. The server gives it to each
/// connection's calls (``ServerConfiguration/HandlerExecution/connectionEventLoop``), so a call's task starts, runs and
/// writes its answer on its connection's thread with no hop to the global concurrent pool
/// and back (the hop, its futex wake-ups and cache misses were the largest per-call cost:
/// docs/performance.md).
///
/// Jobs wait in the executor's own queue, and the loop runs them in batches: one
/// `eventLoop.execute` (of a closure made once) per batch instead of a closure allocated per
/// job. A batch runs the jobs queued when it starts; jobs they enqueue run in the next batch,
/// after the tasks queued on the loop meanwhile. That is no shield for I/O: NIO runs queued
/// tasks until none is left before it reads again, so a task that keeps re-enqueueing itself
/// (a `Task.yield()` loop) holds the loop, as it would with a closure per job.
///
/// Code running here must not block: a handler that does CPU-heavy or blocking work hands it
/// to a bounded executor of its own (identity's password hashing runs on an `NIOThreadPool`).
public final class EventLoopTaskExecutor: TaskExecutor {
    private struct Queue {
        var jobs = CircularBuffer<UnownedJob>(initialCapacity: 16)
        /// A batch is scheduled on the loop (and will look at the queue again when it ends).
        var scheduled = false
    }

    /// The loop jobs run on.
    public let eventLoop: any EventLoop
    private let queue = Mutex(Queue())
    /// Runs one batch; made once (it holds the executor weakly: no cycle).
    private nonisolated(unsafe) var runBatch: (@Sendable () -> Void)?

    /// An executor for `eventLoop`'s thread.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        self.runBatch = { [weak self] in self?.runQueuedJobs() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let schedule = queue.withLock { queue in
            queue.jobs.append(job)
            guard !queue.scheduled else { return false }
            queue.scheduled = true
            return true
        }
        if schedule { eventLoop.execute(runBatch!) }
    }

    private func runQueuedJobs() {
        var left = queue.withLock { $0.jobs.count }
        let executor = asUnownedTaskExecutor()
        while left > 0 {
            left -= 1
            guard let job = queue.withLock({ $0.jobs.popFirst() }) else { break }
            job.runSynchronously(on: executor)
        }
        let more = queue.withLock { queue in
            if queue.jobs.isEmpty {
                queue.scheduled = false
                return false
            }
            return true
        }
        if more { eventLoop.execute(runBatch!) }
    }
}
