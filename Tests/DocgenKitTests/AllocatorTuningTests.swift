import Foundation
import Testing
@testable import DocgenKit

/// glibc's malloc takes docgen's setting. Under the address sanitizer the allocator is ASan's, which refuses
/// `mallopt`: then `apply()` must say so instead of pretending. (The thread sanitizer passes `mallopt` on to glibc.)
@Suite struct AllocatorTuningTests {
    /// Whether the address sanitizer's runtime, which replaces malloc, is loaded.
    static var underAddressSanitizer: Bool {
        dlsym(nil, "__asan_init") != nil
    }

    @Test func glibcTakesTheTopPadAndTheAddressSanitizersAllocatorRefusesIt() {
        #expect(AllocatorTuning.apply() == !Self.underAddressSanitizer)
    }

    @Test func aPacerGivesMemoryBackOnEveryTenthTickFromAnyThread() {
        let released = Locked(0)
        let pacer = AllocatorTuning.Pacer(every: 10, release: { released.withLock { $0 += 1 } })
        DispatchQueue.concurrentPerform(iterations: 25) { _ in pacer.tick() }
        #expect(released.withLock { $0 } == 2)
        for _ in 0..<5 { pacer.tick() }
        #expect(released.withLock { $0 } == 3)
    }
}
