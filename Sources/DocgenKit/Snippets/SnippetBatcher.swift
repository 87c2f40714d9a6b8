// MARK: - Planning compiler runs

/// One distinct snippet text to parse, identified by its cache key.
public struct ParseItem: Sendable, Hashable {
    /// The cache key (identical code gives the same key and is parsed once).
    public var key: String
    /// The code.
    public var code: String

    /// Creates an item.
    public init(key: String, code: String) {
        self.key = key
        self.code = code
    }
}

/// Groups snippets into as few compiler runs as possible while keeping every snippet's meaning.
///
/// `swiftc -parse a.swift b.swift …` parses each file on its own; the only thing one file's presence
/// changes for another is that, with several files, only `main.swift` may hold top-level code (a lone
/// file is always the main file). So a batch is one compiler run with:
/// - each snippet without top-level code as its own library file (`s<n>.swift`). A library file parses
///   exactly as a main file except that top-level statements and expressions are errors there (and the
///   few messages that only exist in main files cannot occur), so its messages are final unless one of
///   them is about the top level or the main file: then the snippet is parsed again alone;
/// - all syntactically clean snippets with top-level code in the batch's one `main.swift`, each wrapped in
///   `#if true` … `#endif`. The wrapper keeps each snippet at the top level of a main file and stops any
///   expression from running on into the next snippet; only snippets that swift-syntax parses without
///   error (balanced brackets, strings and comments) go there. Any message in `main.swift` sends that
///   snippet, and every later one of the file, to be parsed again alone.
///
/// The messages and verdict reported for every snippet are therefore the ones `swiftc -parse snippet.swift`
/// gives (`Benchmarks/check/run --verify` compares them over a corpus of 1,000 snippets).
public enum SnippetBatcher {
    /// A compiler run.
    public enum Job: Sendable, Equatable {
        /// Several snippets in one run.
        case batch(library: [ParseItem], main: [ParseItem])
        /// One snippet as the only (main) file.
        case alone(ParseItem)

        /// Number of snippets in the job.
        public var count: Int {
            switch self {
            case .batch(let library, let main): return library.count + main.count
            case .alone: return 1
            }
        }
    }

    /// Plans the runs for `items`: about `workers` batches (more when there are many snippets, so that
    /// no batch exceeds `maxBatchSize`), then one run per snippet that must be parsed alone.
    public static func plan(
        _ items: [(item: ParseItem, kind: SnippetClassifier.Kind)], workers: Int,
        maxBatchSize: Int = 500, minBatchSize: Int = 12
    ) -> [Job] {
        let library = items.filter { $0.kind == .declarations }.map(\.item)
        let main = items.filter { $0.kind == .topLevelCode }.map(\.item)
        let alone = items.filter { $0.kind == .alone }.map(\.item)
        let batchable = library.count + main.count
        var jobs: [Job] = []
        if batchable > 0 {
            let bySize = (batchable + maxBatchSize - 1) / maxBatchSize
            let byWorkers = min(max(workers, 1), max(batchable / minBatchSize, 1))
            let count = max(bySize, byWorkers)
            var libraries = [[ParseItem]](repeating: [], count: count)
            var mains = [[ParseItem]](repeating: [], count: count)
            // Round-robin over one sequence keeps batch sizes within one of each other.
            for (offset, item) in library.enumerated() { libraries[offset % count].append(item) }
            for (offset, item) in main.enumerated() { mains[(library.count + offset) % count].append(item) }
            for index in 0..<count where !libraries[index].isEmpty || !mains[index].isEmpty {
                jobs.append(.batch(library: libraries[index], main: mains[index]))
            }
        }
        jobs += alone.map(Job.alone)
        return jobs
    }

    // MARK: - The main file of a batch

    /// `main.swift` for `items`, and the line range (1-based, closed) each item occupies in it,
    /// wrapper lines included.
    public static func mainFile(for items: [ParseItem]) -> (text: String, lines: [ClosedRange<Int>]) {
        var text = ""
        var ranges: [ClosedRange<Int>] = []
        var line = 1
        for item in items {
            var code = item.code
            if !code.isEmpty, !code.hasSuffix("\n") { code += "\n" }
            let codeLines = code.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            text += "#if true\n" + code + "#endif\n"
            ranges.append(line...(line + codeLines + 1))
            line += codeLines + 2
        }
        return (text, ranges)
    }
}
