import Dispatch
import Synchronization

/// Runs async work from a thread that must wait for it: libFuzzer calls `LLVMFuzzerTestOneInput` on its own thread
/// (never one of the cooperative pool's), which blocks until the call is done.
public enum BlockingCall {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            semaphore.signal()
        }
        semaphore.wait()
        return result.withLock { $0! }
    }
}
