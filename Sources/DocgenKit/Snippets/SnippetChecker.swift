import Foundation

// MARK: - Checking every snippet

/// Parses every snippet of a set of documents with `swiftc -parse`, as its own main file, fast:
/// cached results are reused, identical snippets are parsed once, the rest are batched
/// (see `SnippetBatcher`) and run on up to `jobs` compiler processes at a time.
public struct SnippetChecker: Sendable {
    /// The compiler.
    public var compiler: SwiftCompiler
    /// Language mode (`-swift-version`).
    public var swiftVersion: String
    /// The cache, or nil to parse everything.
    public var cache: CheckCache?
    /// Compiler processes run at the same time.
    public var jobs: Int
    /// Seconds one snippet may take.
    public var timeout: Double

    /// Creates a checker.
    public init(compiler: SwiftCompiler, swiftVersion: String = "6", cache: CheckCache? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, timeout: Double = 30) {
        self.compiler = compiler
        self.swiftVersion = swiftVersion
        self.cache = cache
        self.jobs = max(jobs, 1)
        self.timeout = timeout
    }

    /// The language modes `-swift-version` accepts.
    public static let swiftVersions = ["4", "4.2", "5", "6"]

    /// What a check did.
    public struct Outcome: Sendable {
        /// One result per snippet, in document order.
        public var results: [SnippetCheckResult]
        /// Compiler processes started (0 when everything came from the cache).
        public var compilerRuns: Int
        /// Distinct snippets answered from the cache.
        public var cacheHits: Int
        /// Distinct snippets parsed by the compiler.
        public var cacheMisses: Int
        /// Problems with the cache itself (it could not be written); the results are still valid.
        public var warnings: [String]
    }

    /// Called as work completes: (snippets done, snippets to do).
    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    /// Checks the snippets of `documents`.
    public func check(_ documents: [Document], progress: Progress? = nil) async throws -> Outcome {
        let toCheck = documents.flatMap(\.snippets).filter { !$0.attributes.ignore }
        var index = cache?.load() ?? CheckCache.Index()
        var runs = 0
        var version = ""
        var keys: [String: String] = [:]  // snippet id → key
        var results: [String: SnippetParseResult] = [:]
        var timedOut: Set<String> = []
        var hits = 0
        var misses: [ParseItem] = []
        let now = Int(Date().timeIntervalSince1970)

        if !toCheck.isEmpty {
            let identity = compiler.identity()
            if let known = index.compilers[identity] {
                version = known
            } else {
                version = try await compiler.version()
                runs += 1
                index.compilers[identity] = version
            }
            let flags = compiler.parseArguments(files: [], swiftVersion: swiftVersion)
            var queued: Set<String> = []
            for snippet in toCheck {
                let key = CheckCache.key(code: snippet.code, compilerVersion: version, flags: flags)
                keys[snippet.id] = key
                if let entry = index.entries[key] {
                    if results.updateValue(entry.result, forKey: key) == nil { hits += 1 }
                    index.entries[key]?.used = now
                } else if queued.insert(key).inserted {
                    misses.append(ParseItem(key: key, code: snippet.code))
                }
            }
        }

        if !misses.isEmpty {
            let parsed = try await parse(misses, progress: progress)
            runs += parsed.runs
            for (key, result) in parsed.results {
                results[key] = result
                index.entries[key] = CheckCache.Entry(result: result, used: now)
            }
            timedOut = parsed.timedOut
        }

        var warnings: [String] = []
        if let cache, !toCheck.isEmpty {
            do {
                try cache.save(index)
            } catch {
                warnings.append((error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
        }

        var outcome: [SnippetCheckResult] = []
        let missedKeys = Set(misses.map(\.key))
        for document in documents {
            let lines = document.source.text.split(separator: "\n", omittingEmptySubsequences: false)
            for snippet in document.snippets {
                guard !snippet.attributes.ignore, let key = keys[snippet.id] else {
                    outcome.append(SnippetCheckResult(snippet: snippet, status: .skipped))
                    continue
                }
                let locator = SnippetLocator(snippet: snippet, fileLines: lines)
                let result = timedOut.contains(key) ? nil : results[key]
                outcome.append(SnippetEvaluator.evaluate(snippet, result: result, locator: locator, timeout: timeout,
                                                         cached: !missedKeys.contains(key)))
            }
        }
        return Outcome(results: outcome, compilerRuns: runs, cacheHits: hits, cacheMisses: misses.count, warnings: warnings)
    }

    // MARK: - Parsing the misses

    private struct Parsed: Sendable {
        var results: [String: SnippetParseResult] = [:]
        var timedOut: Set<String> = []
        var runs = 0
    }

    /// Classifies, batches and runs, parsing again alone whatever a batch could not settle.
    private func parse(_ items: [ParseItem], progress: Progress?) async throws -> Parsed {
        let classified = await items.concurrentMap(limit: jobs) { ($0, SnippetClassifier.classify($0.code)) }
        let plan = SnippetBatcher.plan(classified.map { (item: $0.0, kind: $0.1) }, workers: jobs)
        let workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("docgen-check-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        let runner = SwiftcRunner(compiler: compiler, swiftVersion: swiftVersion, timeout: timeout, workDirectory: workDirectory)

        var parsed = Parsed()
        let total = items.count
        try await withThrowingTaskGroup(of: SwiftcRunner.JobOutcome.self) { group in
            var pending = plan
            var started = 0
            var running = 0
            func startNext() {
                guard !pending.isEmpty else { return }
                let job = pending.removeFirst()
                let number = started
                started += 1
                running += 1
                group.addTask { try await runner.run(job, number: number) }
            }
            while running < jobs, !pending.isEmpty { startNext() }
            while let outcome = try await group.next() {
                running -= 1
                parsed.results.merge(outcome.results) { $1 }
                for item in outcome.timedOut { parsed.timedOut.insert(item.key) }
                // Snippets to parse again alone go first: they are what is left of a finished batch.
                pending.insert(contentsOf: outcome.retry.map(SnippetBatcher.Job.alone), at: 0)
                if !outcome.rebatch.isEmpty { pending.insert(.batch(library: [], main: outcome.rebatch), at: 0) }
                progress?(parsed.results.count + parsed.timedOut.count, total)
                while running < jobs, !pending.isEmpty { startNext() }
            }
            parsed.runs = started
        }
        return parsed
    }
}
