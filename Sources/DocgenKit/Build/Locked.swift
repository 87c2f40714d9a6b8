import Foundation

// MARK: - A value behind a lock ThreadSanitizer can see

/// A value shared between threads, reached only through `withLock`.
///
/// Used instead of `Synchronization.Mutex`, deliberately. On Linux, `Mutex` takes and releases its lock
/// inline only when nobody else holds it; under contention it spins in `_MutexHandle._lockSlow` and hands
/// over through `FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`, both in `libswiftSynchronization.so`, which is not built
/// with ThreadSanitizer, and in the kernel. TSan never sees that acquire and release, so two critical
/// sections of the same `Mutex` look unordered and it reports a "Swift access race" or "data race" on the
/// guarded value: a false report, but `swift test --sanitize=thread` (and a `docgen serve` child process
/// started by the tests) stopped on it now and then. `NSLock` is a `pthread_mutex_t`, whose lock and unlock
/// TSan intercepts, so the same code is checked without false reports.
///
/// To guard no Swift value (only C state, say), use an `NSLock` directly, not `Locked<Void>`: an empty value
/// gets offset 0, so TSan's record of the access to it under the lock has the address of the object's header,
/// which `withLock` reads before locking, and it reports a race.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the lock held and exclusive access to the value; returns what `body` returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
