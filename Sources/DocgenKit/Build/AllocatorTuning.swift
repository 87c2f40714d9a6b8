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
}
