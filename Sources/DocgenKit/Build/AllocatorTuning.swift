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
}
