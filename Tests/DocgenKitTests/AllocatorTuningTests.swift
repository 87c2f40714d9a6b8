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
}
