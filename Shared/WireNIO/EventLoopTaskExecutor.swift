public import NIOCore

/// A task executor that runs jobs on one event loop. The server gives it to each
/// connection's calls (``ServerConfiguration/HandlerExecution/connectionEventLoop``), so a call's task starts, runs and
/// writes its answer on its connection's thread with no hop to the global concurrent pool
/// and back (the hop, its futex wake-ups and cache misses were the largest per-call cost:
/// docs/performance.md).
///
/// Code running here must not block: a handler that does CPU-heavy or blocking work hands it
/// to a bounded executor of its own (identity's password hashing runs on an `NIOThreadPool`).
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop jobs run on.
    public let eventLoop: any EventLoop

    /// An executor for `eventLoop`'s thread.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
