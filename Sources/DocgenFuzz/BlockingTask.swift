import DocgenKit
import Foundation

// MARK: - Waiting for async work from synchronous code

/// Runs async work to completion from a synchronous caller (libFuzzer calls its entry point on a
/// plain thread and expects the work done when the call returns).
enum BlockingTask {
    /// Runs `work` on the concurrency runtime and blocks the calling thread until it finishes.
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = box.withLock({ $0 }) else {
            preconditionFailure("the task signalled completion without a result")
        }
        return value
    }
}
