import Foundation

// MARK: - Bounded parallelism

extension Sequence where Element: Sendable {
    /// Maps the elements concurrently, at most `limit` at a time (default: the number of cores),
    /// keeping the input order in the result.
    public func concurrentMap<T: Sendable>(
        limit: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @escaping @Sendable (Element) async throws -> T
    ) async rethrows -> [T] {
        let items = Array(self)
        guard items.count > 1, limit > 1 else {
            var results: [T] = []
            results.reserveCapacity(items.count)
            for item in items { results.append(try await transform(item)) }
            return results
        }
        return try await withThrowingTaskGroup(of: (Int, T).self) { group in
            var results = [T?](repeating: nil, count: items.count)
            var next = 0
            for _ in 0..<Swift.min(limit, items.count) {
                let index = next
                group.addTask { (index, try await transform(items[index])) }
                next += 1
            }
            while let (index, value) = try await group.next() {
                results[index] = value
                if next < items.count {
                    let index = next
                    group.addTask { (index, try await transform(items[index])) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }
}

extension Array where Element: Sendable {
    /// Maps the elements on every core at once (`DispatchQueue.concurrentPerform`), keeping their order: the
    /// form of `concurrentMap` for synchronous code.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let results = Locked([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let value = transform(self[index])
            results.withLock { $0[index] = value }
        }
        return results.withLock { $0 }.compactMap { $0 }
    }
}
