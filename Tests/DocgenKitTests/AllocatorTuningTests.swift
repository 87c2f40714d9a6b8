import Testing
@testable import DocgenKit

/// glibc's malloc takes docgen's setting (the only allocator on the machines docgen targets).
@Suite struct AllocatorTuningTests {
    @Test func glibcTakesTheTopPad() {
        #expect(AllocatorTuning.apply())
    }
}
