import CDocgenSystem

// MARK: - The C allocator, tuned for a build

/// Settings of the C allocator (glibc's malloc) for docgen's allocation pattern: many threads each allocating
/// hundreds of megabytes in small pieces.
///
/// By default glibc grows a thread's heap by about the size of each request and makes the new part usable with
/// one `mprotect` call each time: a rebuild of 500 documents after one change made 61,000 `mprotect` calls
/// (`strace -c`), a large share of its kernel time. Asking for 64 MB of slack per growth (`M_TOP_PAD`) brought
/// that to 40. Only address space is reserved; pages count as memory when they are first written.
public enum AllocatorTuning {
    /// Applies the settings; call once, first thing in `main`. False when the allocator refused them (or is not glibc's).
    @discardableResult
    public static func apply() -> Bool {
        docgen_set_allocator_top_pad(64 << 20) == 1
    }

    /// Gives the memory the allocator holds free back to the system. A build calls it after each step: a step's
    /// temporary values are freed in pieces between values that live on, and glibc keeps such pages resident. On
    /// 2,000 documents the build's resident memory stayed 100 to 150 MB above what was allocated; trimming after
    /// each step took the peak from 564 MB to 517 MB, at no measurable cost in time.
    public static func releaseFreeMemory() {
        docgen_release_free_memory()
    }

    /// Gives free memory back every `interval` units of work (`tick()`, from any thread), for the steps that make
    /// many pages or files on every core. Each page's values are freed when it is written, but glibc keeps the pages
    /// they freed resident, and the next pages' values do not all land there: on 2,000 documents resident memory
    /// grew by 30–40 MB over the per-document rules pages and by 10 MB over the search's term shards, while what was
    /// allocated grew by 2 MB. With memory given back every ten rules pages (and after each batch of search entries
    /// that parsed its documents, and every fourth batch of term shards), resident memory over the rules pages went
    /// from 313–323 to 292–296 MiB, for 1.3–2 s more system time in a 33 s build.
    public final class Pacer: Sendable {
        private let interval: Int
        private let count = Locked(0)
        private let release: @Sendable () -> Void

        /// A pacer that gives memory back on every `interval`th tick (`release` is for tests).
        public init(every interval: Int, release: @escaping @Sendable () -> Void = { AllocatorTuning.releaseFreeMemory() }) {
            self.interval = max(interval, 1)
            self.release = release
        }

        /// Counts one unit of work; every `interval`th gives the free memory back.
        public func tick() {
            let interval = self.interval
            if count.withLock({ count in
                count += 1
                return count % interval == 0
            }) {
                release()
            }
        }
    }
}
