import Foundation

// MARK: - A file made in parts

/// The contents of a large output file as `count` parts made on demand, so that a writer can make a batch
/// of them in parallel, write it and drop it before making the next: `rules.json` of 2,000 documents is
/// 115 MB, which as one buffer (plus the parts it was joined from) added 230 MB to the peak memory of a build.
public struct OutputParts: Sendable {
    /// How many parts there are (at least one).
    public var count: Int
    /// The bytes of part `index`.
    public var part: @Sendable (_ index: Int) -> [UInt8]

    /// Creates the parts of a file.
    public init(count: Int, part: @escaping @Sendable (Int) -> [UInt8]) {
        self.count = count
        self.part = part
    }

    /// All parts joined (made in parallel): for callers that keep the file in memory anyway.
    public var data: Data {
        let parts = Array(0..<count).concurrentMap(part)
        var data = Data(capacity: parts.reduce(0) { $0 + $1.count })
        for part in parts { data.append(contentsOf: part) }
        return data
    }
}
