import Foundation

// MARK: - The build pipeline, incremental

/// Builds the site in memory: **load → parse → analyse (rules, links) → render**, each a named step below.
///
/// A session remembers what it built. Building again re-reads only files whose size or modification
/// time changed, re-parses only files whose content changed, and re-renders only pages whose inputs
/// changed (their document, the navigation, their rules and link targets, the theme); site-wide pages
/// (home, rules, index, conflicts) are rendered on every build. `docgen build` uses a fresh session and
/// writes the result with `SiteWriter`; `docgen serve` keeps one session alive between edits.
public actor BuildSession {
    /// Where things are.
    public let options: BuildOptions

    /// One file as last read.
    struct CachedFile {
        var stamp: ContentLoader.Stamp
        /// nil once a build that streams to disk has let go of the text (`releaseTexts`): the next build reads the file.
        var outcome: ContentLoader.ReadOutcome?
    }

    /// One document as last analysed, keyed by its text.
    struct CachedDocument {
        var text: String
        /// `StableHasher` of the text, hex.
        var textHash: String
        /// The document, without its Markdown tree when `hasTree` is false (taken from the document cache, or let
        /// go of after analysis by a build that streams to disk; `fullDocument` parses it again).
        var document: Document
        var hasTree = true
        /// False once a build that streams to disk has let go of the text, in `text` and in the document's source
        /// (`releaseTexts`); `fullDocument` reads the file again.
        var hasText = true
        var diagnostics: [Diagnostic]
        /// Digests of the document's extracted rules and of its snippets (`RuleCache.Entry`).
        var rulesDigest: String
        var snippetsDigest: String
        /// The document's key in the rule, document and search caches (its paths and text).
        var cacheKey: String
        var rules: [Rule]
        var ruleDiagnostics: [Diagnostic]
        /// The document's snippet files, kept between builds of a `serve` session; nil when the build streams
        /// its files to disk (they are then made when they are written).
        var snippetFiles: [OutputFile]?

        /// Lets go of the text (`releaseTexts`).
        mutating func releaseText() {
            text = ""
            document.source.text = ""
            hasText = false
        }
    }

    /// One page as last rendered, keyed by a fingerprint of everything it was rendered from.
    struct CachedPage {
        var fingerprint: String
        var file: OutputFile
    }

    private var files: [String: CachedFile] = [:]
    private var documents: [String: CachedDocument] = [:]
    private var pages: [String: CachedPage] = [:]
    /// `snippets.json` as last made by a session that keeps its files (serve).
    private var snippetIndex: CachedPage?
    private var themeCache: (stamp: String, theme: Theme)?
    private var previousOutput: [String: Data] = [:]
    /// The manifest of the site on disk that `docgen build` is about to replace: its unchanged pages
    /// and snippet files are reused instead of rendered again.
    private var previousManifest: BuildManifest?
    /// Where the build in progress writes its files as they are made (`docgen build`); nil keeps them in
    /// memory (serve, tests). When set, the snapshot's files carry only their paths.
    private var staging: SiteStaging?
    /// What the last good build knew across documents, for previews (readable while a build runs).
    private nonisolated let previewBase = Locked<PreviewBase?>(nil)

    /// The documents, link targets and theme of the last good build.
    struct PreviewBase: Sendable {
        var documents: [Document]
        var extraAnchors: [String: Set<String>]
        var otherFiles: Set<String>
        var theme: Theme
    }

    /// Creates a session with nothing built yet.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// Lets the next build reuse the unchanged files of the site described by `manifest`
    /// (they come back as `OutputFile.reused`).
    public func reuse(_ manifest: BuildManifest?) {
        previousManifest = manifest
    }

    // MARK: - Result

    /// A built site, in memory.
    public struct Snapshot: Sendable {
        /// Every file of the site, by path relative to the site root.
        public var files: [String: OutputFile]
        /// Warnings (a snapshot is only returned when there are no errors).
        public var diagnostics: [Diagnostic]
        /// The documents, in navigation order.
        public var documents: [Document]
        /// The rule knowledge base.
        public var rules: RuleCatalog
        /// Output paths whose contents differ from the previous build of this session (all, the first time).
        public var changedPaths: Set<String>
        /// Output paths the previous build had and this one does not.
        public var removedPaths: Set<String>
        /// Relative paths of the documents that were parsed (not taken from the session's cache).
        public var parsedDocuments: [String]
        /// Seconds spent in each step, in order.
        public var timings: [(step: String, seconds: Double)]
        /// The record of this build, for the next one.
        public var manifest: BuildManifest
    }

    /// The state passed from step to step within one build.
    struct State {
        var sources: [SourceFile] = []
        var analysed: [CachedDocument] = []
        var documents: [Document] = []
        var diagnostics: [Diagnostic] = []
        var parsed: [String] = []
        var rules = RuleCatalog(rules: [], pairs: [])
        var resolver = LinkResolver(documents: [])
        var counts: [String: DocumentCounts] = [:]
        var outputs: [OutputFile] = []
        var pageFingerprints: [String: String] = [:]
        var otherFiles: [String] = []
        var timings: [(String, Double)] = []
    }

    // MARK: - The steps

    /// Builds the site (incrementally after the first time). Throws `SiteBuilder.Failure.invalidInput`
    /// when the content has errors; the session then still remembers the good files it read.
    public func build() async throws -> Snapshot {
        try await build { try self.loadContent(&$0) }
    }

    /// Builds the site like `build()`, writing each file into `staging` as soon as it is made instead of
    /// keeping it in memory (the snapshot's files then have no bytes). The caller commits or discards.
    public func build(streamingInto staging: SiteStaging) async throws -> Snapshot {
        self.staging = staging
        defer { self.staging = nil }
        return try await build()
    }

    /// Builds the site from documents already in memory instead of the content folder's files (the
    /// fuzzer's entry point; the theme is still loaded as configured). Same steps and errors as `build()`.
    public func build(sources: [SourceFile]) async throws -> Snapshot {
        try await build { $0.sources = sources }
    }

    private func build(load: (inout State) throws -> Void) async throws -> Snapshot {
        var state = State()
        let theme = try loadTheme()
        try step("load", &state, load)
        await asyncStep("parse", &state) { await parseDocuments(&$0) }
        await asyncStep("analyse rules", &state) { await analyseRules(&$0) }
        step("analyse links", &state) { analyseLinks(&$0) }
        step("count", &state) { countDocuments(&$0) }
        guard !state.diagnostics.containsErrors else {
            throw SiteBuilder.Failure.invalidInput(state.diagnostics.sortedForDisplay,
                                                   sources: documentsForQuoting(state).map(\.source))
        }
        try await asyncStep("render", &state) { try await renderPages(&$0, theme: theme) }
        try step("assets", &state) { try copyAssets(&$0, theme: theme) }
        try await asyncStep("snippets", &state) { try await publishSnippets(&$0) }
        // Not built while the pages render: that saved ~5 % of the time and added ~40 % to peak memory.
        try await asyncStep("search", &state) { try await buildSearchIndex(&$0) }
        let snapshot = finish(state)
        MemoryTrace.note("finish")
        return snapshot
    }

    /// Load: list the Markdown files and read those that changed since the last build (several at a time).
    func loadContent(_ state: inout State) throws {
        let loader = contentLoader
        let listing = try loader.markdownPaths()
        state.diagnostics += listing.diagnostics
        let paths = listing.markdown, previous = files
        let read = paths.concurrentMap { relative -> (stamp: ContentLoader.Stamp?, outcome: ContentLoader.ReadOutcome) in
            let stamp = loader.stamp(relative)
            if let stamp, let cached = previous[relative], cached.stamp == stamp, let outcome = cached.outcome { return (stamp, outcome) }
            return (stamp, loader.read(relative))
        }
        var seen: [String: CachedFile] = [:]
        for (relative, (stamp, outcome)) in zip(paths, read) {
            if let stamp { seen[relative] = CachedFile(stamp: stamp, outcome: outcome) }
            switch outcome {
            case .file(let file): state.sources.append(file)
            case .skipped(let diagnostic): state.diagnostics.append(diagnostic)
            }
        }
        files = seen
    }

    /// Parse: analyse the documents whose text changed (in parallel) and extract their rules, or take them
    /// from the rule cache when the document's text is the one they were extracted from.
    func parseDocuments(_ state: inout State) async {
        let cache = documents
        let stale = state.sources.filter { cache[$0.relativePath]?.text != $0.text }
        let keepsSnippetFiles = staging == nil
        let ruleCache = stale.isEmpty ? RuleCache() : options.ruleCacheFile.map { RuleCache(contentsOf: $0) } ?? RuleCache()
        // Documents without their trees only when the build streams to disk: a serve session keeps its documents.
        let documentCache = stale.isEmpty || keepsSnippetFiles ? DocumentCache()
            : options.documentCacheFile.map { DocumentCache(contentsOf: $0) } ?? DocumentCache()
        let fresh = stale.concurrentMap { file -> CachedDocument in
            let textHash = StableHasher.hexHash(file.text)
            let key = RuleCache.key(for: file, textHash: textHash)
            if let extracted = ruleCache.entry(for: key), let analysed = documentCache.entry(for: key, source: file) {
                return CachedDocument(text: file.text, textHash: textHash, document: analysed.document, hasTree: false,
                                      diagnostics: analysed.diagnostics, rulesDigest: extracted.rulesDigest,
                                      snippetsDigest: extracted.snippetsDigest, cacheKey: key, rules: extracted.rules,
                                      ruleDiagnostics: extracted.diagnostics, snippetFiles: nil)
            }
            var (document, diagnostics) = DocumentAnalyzer.analyze(file)
            let extracted = ruleCache.entry(for: key) ?? {
                let (rules, diagnostics) = RuleExtractor.extract(document)
                return RuleCache.Entry(rules: rules, diagnostics: diagnostics, snippets: document.snippets)
            }()
            let snippetFiles = keepsSnippetFiles ? SnippetExporter.snippetFiles(for: document, prefix: "snippets/") : nil
            // A build that streams to disk lets the tree go (a fifth of its memory on large sites) and parses
            // the text again when it renders the page: parsing is cheap, analysis is not.
            if !keepsSnippetFiles { document.root = DocumentCache.emptyRoot }
            return CachedDocument(text: file.text, textHash: textHash, document: document, hasTree: keepsSnippetFiles,
                                  diagnostics: diagnostics, rulesDigest: extracted.rulesDigest,
                                  snippetsDigest: extracted.snippetsDigest, cacheKey: key, rules: extracted.rules,
                                  ruleDiagnostics: extracted.diagnostics, snippetFiles: snippetFiles)
        }
        var updated: [String: CachedDocument] = [:]
        for entry in fresh { updated[entry.document.source.relativePath] = entry }
        for file in state.sources where updated[file.relativePath] == nil {
            updated[file.relativePath] = cache[file.relativePath]
        }
        documents = updated
        state.parsed = fresh.map(\.document.source.relativePath)
        state.analysed = SiteBuilder.navigationOrder(updated.values.map(\.document))
            .compactMap { updated[$0.source.relativePath] }
        state.documents = state.analysed.map(\.document)
        state.diagnostics += state.analysed.flatMap(\.diagnostics)
        if !stale.isEmpty {
            state.diagnostics += saveRuleCache(state.analysed, previous: ruleCache)
            if !keepsSnippetFiles { state.diagnostics += saveDocumentCache(state.analysed, previous: documentCache) }
        }
        if !keepsSnippetFiles { releaseTexts(&state) }
    }

    /// A build that streams to disk keeps no document's text once every document is analysed: the texts (37 MB on
    /// 2,000 documents) would otherwise live to the end of the build. The document pages and the search entries,
    /// the only later steps that read a text, read the file again (`fullDocument`).
    private func releaseTexts(_ state: inout State) {
        for index in state.analysed.indices { state.analysed[index].releaseText() }
        state.documents = state.analysed.map(\.document)
        state.sources = []  // Read no further: the documents carry their sources (`documentsForQuoting`).
        documents = documents.mapValues { entry in
            var entry = entry
            entry.releaseText()
            return entry
        }
        files = files.mapValues { CachedFile(stamp: $0.stamp, outcome: nil) }
    }

    /// The documents, those a diagnostic names with their texts read again where `releaseTexts` let them go, for
    /// quoting lines; a file that changed or cannot be read stays without its text (its lines are then not quoted).
    private func documentsForQuoting(_ state: State) -> [Document] {
        let named = Set(state.diagnostics.map(\.file)), loader = contentLoader
        return state.analysed.map { entry in
            guard !entry.hasText, named.contains(entry.document.source.displayPath),
                  let source = try? Self.source(of: entry, loader: loader) else { return entry.document }
            var document = entry.document
            document.source = source
            return document
        }
    }

    /// The loader of the content folder.
    private var contentLoader: ContentLoader {
        ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName)
    }

    /// The document of `entry` with its Markdown tree: parsed again from its text when the entry has none
    /// (taken from the document cache, or let go of after analysis), the text read again when the entry has none
    /// either (`source(of:loader:)`).
    static func fullDocument(_ entry: CachedDocument, loader: ContentLoader) throws -> Document {
        guard !entry.hasTree else { return entry.document }
        var document = entry.document
        document.source = try source(of: entry, loader: loader)
        document.root = DocumentAnalyzer.tree(of: document.source)
        return document
    }

    /// The source of `entry` with its text: read again with `loader` when `releaseTexts` let it go.
    ///
    /// - Throws: `SiteBuilder.Failure.changedDuringBuild` when the file is no longer the text that was analysed.
    static func source(of entry: CachedDocument, loader: ContentLoader) throws -> SourceFile {
        guard !entry.hasText else { return entry.document.source }
        guard case .file(let file) = loader.read(entry.document.source.relativePath),
              StableHasher.hexHash(file.text) == entry.textHash else {
            throw SiteBuilder.Failure.changedDuringBuild(entry.document.source.displayPath)
        }
        return file
    }

    /// Writes the document cache for `analysed` unless it already holds exactly their entries; a warning when it cannot.
    private func saveDocumentCache(_ analysed: [CachedDocument], previous: DocumentCache) -> [Diagnostic] {
        guard let url = options.documentCacheFile, !previous.file.holdsExactly(Set(analysed.map(\.cacheKey))) else { return [] }
        return Self.cacheWarning(url, what: "document cache", consequence: "parses every document again") {
            try DocumentCache.write(count: analysed.count, to: url) { index in
                let entry = analysed[index]
                return (entry.cacheKey, previous.file.blob(for: entry.cacheKey) ?? DocumentCache.encode(entry.document, diagnostics: entry.diagnostics))
            }
        }
    }

    /// Writes the rule cache for `analysed` unless it already holds exactly their entries; a warning when it cannot.
    private func saveRuleCache(_ analysed: [CachedDocument], previous: RuleCache) -> [Diagnostic] {
        guard let url = options.ruleCacheFile, !previous.file.holdsExactly(Set(analysed.map(\.cacheKey))) else { return [] }
        return Self.cacheWarning(url, what: "rule cache", consequence: "extracts every rule again") {
            try RuleCache.write(count: analysed.count, to: url) { index in
                let entry = analysed[index]
                return (entry.cacheKey, previous.encodedEntry(for: entry.cacheKey)
                    ?? RuleCache.encode(RuleCache.Entry(rules: entry.rules, diagnostics: entry.ruleDiagnostics,
                                                        rulesDigest: entry.rulesDigest, snippetsDigest: entry.snippetsDigest)))
            }
        }
    }

    /// Nothing when `write` succeeds; else a warning that the cache at `url` was not written.
    private static func cacheWarning(_ url: URL, what: String, consequence: String, write: () throws -> Void) -> [Diagnostic] {
        do {
            try write()
            return []
        } catch {
            return [Diagnostic(.warning, file: BuildOptions.displayPath(url), id: "cache.not-written",
                               message: "cannot write the \(what) (\(error.localizedDescription)); the site is built, "
                                   + "but the next build \(consequence); pass a writable --cache-dir or --no-cache")]
        }
    }

    /// Rules: the rules of every document, with site-unique ids, linked across documents.
    /// Pairing is skipped when the pair cache holds the pairs of exactly these rules.
    func analyseRules(_ state: inout State) async {
        let rules = RuleExtractor.makeIDsUnique(state.analysed.flatMap(\.rules))
        // A build that streams to disk is the only build of its session: the catalogue's copy is the one it keeps
        // (the documents' own arrays were 35 MB on 2,000 documents). A serve session keeps them for its next build.
        if staging != nil {
            for index in state.analysed.indices { state.analysed[index].rules = [] }
            for path in documents.keys { documents[path]?.rules = [] }
        }
        let (pairs, cacheDiagnostics) = await pairs(of: rules)
        state.diagnostics += cacheDiagnostics
        state.rules = RuleCatalog.linking(consume rules, pairs: pairs, diagnostics: state.analysed.flatMap(\.ruleDiagnostics))
        state.diagnostics += state.rules.diagnostics
    }

    /// The related and conflicting pairs of `rules`: from the pair cache when it holds those of exactly these
    /// rules, else paired in parallel (and cached); a warning when the cache cannot be written.
    private func pairs(of rules: [Rule]) async -> ([RulePair], [Diagnostic]) {
        guard let url = options.pairCacheFile else { return (await RuleLinker.pairsInParallel(rules), []) }
        let key = PairCache.key(rules)
        if let cached = PairCache.pairs(at: url, key: key, rules: rules) { return (cached, []) }
        let pairs = await RuleLinker.pairsInParallel(rules)
        return (pairs, Self.cacheWarning(url, what: "pair cache", consequence: "pairs every rule again") {
            try PairCache.write(pairs, of: rules, key: key, to: url)
        })
    }

    /// Links: resolve every link; broken internal links are warnings here (`docgen check` makes them errors).
    func analyseLinks(_ state: inout State) {
        let otherFiles = (try? ContentLoader(directory: options.contentDirectory).allFilePaths()) ?? []
        state.otherFiles = otherFiles.filter { !$0.hasSuffix(".md") }.sorted()
        state.resolver = LinkResolver(documents: state.documents, extraAnchors: state.rules.anchors, otherFiles: otherFiles)
        let checker = LinkChecker(resolver: state.resolver)
        for document in state.documents {
            state.diagnostics += checker.check(document, severity: .warning)
        }
    }

    /// Counts for the home page and page headers.
    func countDocuments(_ state: inout State) {
        let ruleCounts = state.rules.countsByDocument
        for document in state.documents {
            state.counts[document.slug] = DocumentCounts(document, rules: ruleCounts[document.slug] ?? 0)
        }
    }

    /// Render: document pages whose inputs changed (in parallel), then the site-wide pages.
    func renderPages(_ state: inout State, theme: Theme) async throws {
        let documents = state.documents
        let navigation = documents.map { NavigationEntry(title: $0.title, href: $0.outputPath) }
        let renderer = PageRenderer(theme: theme, siteTitle: options.siteTitle, navigation: navigation,
                                    extraNavigation: RulePages.navigation, reloadScript: options.reloadScript)
        let resolver = state.resolver
        let rulesByDocument = state.rules.rulesByDocument
        let counts = state.counts
        let shared = sharedFingerprint(navigation: navigation, themeStamp: themeCache?.stamp ?? "")
        var jobs: [(index: Int, fingerprint: String)] = []
        var reused: [OutputFile] = []
        for (index, document) in documents.enumerated() {
            var hasher = StableHasher()
            hasher.combine(shared)
            hasher.combine(state.analysed[index].textHash)
            let (previous, next) = Self.neighbours(of: index, in: navigation)
            for neighbour in [previous, next] {
                hasher.combine(neighbour?.title)
                hasher.combine(neighbour?.href)
            }
            let count = counts[document.slug] ?? DocumentCounts()
            for value in [count.sections, count.snippets, count.rules] { hasher.combine(value) }
            // The page's rule anchors and badges (`RulePages.annotations(ofDocument:)`) are made from these fields alone.
            let rules = rulesByDocument[document.slug] ?? []
            hasher.combine(rules.count)
            for rule in rules {
                hasher.combine(rule.position.line)
                hasher.combine(rule.position.column)
                hasher.combine(rule.id)
                hasher.combine(rule.strength.rawValue)
                hasher.combine(rule.priority)
            }
            for link in document.links { hasher.combine(resolver.siteDestination(link.destination, from: document.slug)) }
            let fingerprint = hasher.hex
            state.pageFingerprints[document.outputPath] = fingerprint
            if let cached = pages[document.outputPath], cached.fingerprint == fingerprint {
                reused.append(cached.file)
            } else if previousManifest?.pages[document.outputPath] == fingerprint {
                reused.append(.reused(document.outputPath))
            } else {
                jobs.append((index, fingerprint))
            }
        }
        let staging = self.staging, loader = contentLoader
        let analysed = state.analysed
        let rendered = try await jobs.concurrentMap { job -> (String, OutputFile) in
            let index = job.index
            let document = try Self.fullDocument(analysed[index], loader: loader)
            let (previous, next) = Self.neighbours(of: index, in: navigation)
            let page = try renderer.documentPage(
                document, resolver: resolver, annotations: RulePages.annotations(ofDocument: rulesByDocument[document.slug] ?? []),
                counts: counts[document.slug] ?? DocumentCounts(), previous: previous, next: next)
            return (job.fingerprint, try staging?.write(page) ?? page)
        }
        // Rendering pages on every core leaves freed pieces between live values; the rules pages come next.
        AllocatorTuning.releaseFreeMemory()
        MemoryTrace.note("render: document pages")
        let previousPages = pages
        var kept: [String: CachedPage] = [:]
        for file in reused where !file.reusesPreviousFile { if let cached = previousPages[file.path] { kept[file.path] = cached } }
        for (fingerprint, file) in rendered where !file.isWritten {
            kept[file.path] = CachedPage(fingerprint: fingerprint, file: file)
        }
        state.outputs += try emit(reused) + rendered.map(\.1)
        state.outputs += try emit([try renderer.indexPage(documents, counts: counts), try renderer.notFoundPage()])

        // Per-document rules pages: kept from this session's last build, or hard-linked from the previous
        // site, when everything they are made from is unchanged (`RulePageContext.pageFingerprint`).
        let manifestPages = previousManifest?.pages ?? [:]
        let site = RulePages.siteFingerprint(documents: documents, digests: analysed.map { ($0.rulesDigest, $0.snippetsDigest) },
                                             ruleIDs: state.rules.rules.map(\.id), splitThreshold: options.rulesPageSplitThreshold,
                                             shared: shared)
        let reuse = RulePages.Reuse(shared: shared, site: site, previous: { path, fingerprint in
            if let cached = previousPages[path], cached.fingerprint == fingerprint { return cached.file }
            return manifestPages[path] == fingerprint ? .reused(path) : nil
        }, previousFingerprint: { path in previousPages[path]?.fingerprint ?? manifestPages[path] })
        let rulePages = try await RulePages.pages(
            catalog: state.rules, documents: documents, renderer: renderer,
            splitThreshold: options.rulesPageSplitThreshold, reuse: reuse, deliver: { try staging?.write($0) ?? $0 },
            deliverParts: { path, parts in try staging?.write(path, parts: parts) ?? OutputFile(path: path, data: parts.data) })
        state.pageFingerprints.merge(rulePages.fingerprints) { _, new in new }
        // Kept in memory only by a session that keeps its files (serve): a streaming build writes them below.
        for file in rulePages.files where staging == nil && !file.isWritten && !file.reusesPreviousFile {
            if let fingerprint = rulePages.fingerprints[file.path] { kept[file.path] = CachedPage(fingerprint: fingerprint, file: file) }
        }
        pages = kept
        state.outputs += try emit(rulePages.files)
    }

    /// Assets: the theme's static files.
    func copyAssets(_ state: inout State, theme: Theme) throws {
        state.outputs += try emit(theme.assets.sorted(by: { $0.key < $1.key }).map { OutputFile(path: $0.key, data: $0.value) })
    }

    /// Snippets: every Swift example as a downloadable file, plus `snippets.json`.
    func publishSnippets(_ state: inout State) async throws {
        let previousSets = previousManifest?.snippetSets ?? [:]
        let staging = self.staging
        let files = try await state.analysed.concurrentMap { entry -> [OutputFile] in
            let published: [OutputFile]
            if previousSets[entry.document.source.relativePath] == entry.textHash {
                published = entry.document.snippets.map { .reused("snippets/" + SnippetExporter.path(of: $0)) }
            } else {
                published = entry.snippetFiles ?? SnippetExporter.snippetFiles(for: entry.document, prefix: "snippets/")
            }
            return try staging?.write(published) ?? published
        }
        state.outputs += files.flatMap { $0 }
        // snippets.json is taken from the previous site when no snippet changed.
        let indexPath = "snippets/snippets.json"
        let fingerprint = SnippetExporter.indexFingerprint(snippetDigests: state.analysed.map(\.snippetsDigest), prefix: "snippets/")
        state.pageFingerprints[indexPath] = fingerprint
        if let cached = snippetIndex, cached.fingerprint == fingerprint {
            state.outputs.append(cached.file)
        } else if previousManifest?.pages[indexPath] == fingerprint {
            state.outputs += try emit([.reused(indexPath)])
        } else {
            let parts = SnippetExporter.indexParts(for: state.documents, prefix: "snippets/")
            if let staging {
                snippetIndex = nil
                state.outputs.append(try staging.write(indexPath, parts: parts))
            } else {
                let index = OutputFile(path: indexPath, data: parts.data)
                snippetIndex = CachedPage(fingerprint: fingerprint, file: index)
                state.outputs.append(index)
            }
        }
    }

    /// Search: the entries of each document (taken from the search entry cache when the document, its rules and
    /// the limits are those they were collected from; collected in parallel otherwise), then the index files.
    ///
    /// Documents are taken a batch at a time: their entries go into the cache file and the index at once
    /// (`SearchIndexBuilder.Stream`), so the entries of the whole site are never in memory.
    func buildSearchIndex(_ state: inout State) async throws {
        let options = SearchIndexOptions()
        let analysed = state.analysed
        let cache = self.options.searchCacheFile.map { SearchEntryCache(contentsOf: $0) } ?? SearchEntryCache()
        let rulesByDocument = state.rules.rulesByDocument
        let keys = analysed.map {
            SearchEntryCache.key(documentKey: $0.cacheKey, rules: rulesByDocument[$0.document.slug] ?? [], options: options)
        }
        // The cache is written again, entry by entry, only when it does not already hold exactly these entries.
        var cacheWriter: BlobCacheFile.Writer?, cacheError: Error?
        if let url = self.options.searchCacheFile, !cache.file.holdsExactly(Set(keys)) {
            do { cacheWriter = try SearchEntryCache.writer(to: url, count: analysed.count) } catch { cacheError = error }
        }
        var searchIndex = SearchIndexBuilder.Stream(documents: state.documents, options: options)
        let batchSize = 64, loader = contentLoader
        for start in stride(from: 0, to: analysed.count, by: batchSize) {
            let encodes = cacheWriter != nil
            let batch = try Array(start..<min(start + batchSize, analysed.count)).concurrentMap { number in
                Result {
                    let entry = analysed[number], rules = rulesByDocument[entry.document.slug] ?? []
                    if let cached = cache.entries(for: keys[number], document: number) {
                        return (entries: cached, blob: encodes ? cache.file.blob(for: keys[number]) ?? SearchEntryCache.encode(cached) : [],
                                parsed: false)
                    }
                    let entries = SearchEntryCollector.entries(for: try Self.fullDocument(entry, loader: loader), at: number,
                                                               rules: rules, options: options)
                    return (entries: entries, blob: encodes ? SearchEntryCache.encode(entries) : [], parsed: true)
                }
            }.map { try $0.get() }
            if let writer = cacheWriter {
                do {
                    for (offset, result) in batch.enumerated() { try writer.append(key: keys[start + offset], blob: result.blob) }
                } catch {
                    writer.discard()
                    (cacheWriter, cacheError) = (nil, error)
                }
            }
            try searchIndex.add(batch.flatMap(\.entries), deliver: emit)
            // A batch that parsed its documents again freed their trees (see `AllocatorTuning.Pacer`).
            if batch.contains(where: \.parsed) { AllocatorTuning.releaseFreeMemory() }
        }
        MemoryTrace.note("search: entries")
        state.outputs += try searchIndex.finish(deliver: emit).files
        guard let url = self.options.searchCacheFile, cacheWriter != nil || cacheError != nil else { return }
        state.diagnostics += Self.cacheWarning(url, what: "search entry cache", consequence: "collects every search entry again") {
            if let cacheError { throw cacheError }
            try cacheWriter?.commit()
        }
    }

    /// Hands files on: written into the staging folder now (and returned without their bytes) when
    /// streaming, returned as they are otherwise.
    private func emit(_ files: [OutputFile]) throws -> [OutputFile] {
        guard let staging else { return files }
        return try staging.write(files)
    }

    // MARK: - Helpers

    /// The entries before and after position `index` of the navigation (previous/next links).
    static func neighbours(of index: Int, in navigation: [NavigationEntry]) -> (NavigationEntry?, NavigationEntry?) {
        (index > 0 ? navigation[index - 1] : nil, index + 1 < navigation.count ? navigation[index + 1] : nil)
    }

    /// The theme, reloaded only when a file of the theme folder changed.
    private func loadTheme() throws -> Theme {
        let stamp = themeStamp()
        if let cached = themeCache, cached.stamp == stamp { return cached.theme }
        let theme = try Theme.load(overlay: options.themeDirectory, displayName: options.themeDisplayName)
        themeCache = (stamp, theme)
        return theme
    }

    /// A hash of the theme compiled into the binary.
    static let builtInThemeStamp: String = {
        var hasher = StableHasher()
        for (path, text) in EmbeddedTheme.files.sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(text)
        }
        return "built-in:" + hasher.hex
    }()

    /// Paths, sizes and modification times of the theme folder's files (and the built-in theme's hash).
    func themeStamp() -> String {
        guard let directory = options.themeDirectory,
              let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return Self.builtInThemeStamp }
        var parts: [String] = [Self.builtInThemeStamp]
        for case let path as String in enumerator {
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
            let size = attributes?[.size] as? Int ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            parts.append("\(path):\(size):\(modified)")
        }
        return parts.sorted().joined(separator: "|")
    }

    private func sharedFingerprint(navigation: [NavigationEntry], themeStamp: String) -> String {
        var hasher = StableHasher()
        hasher.combine(BuildManifest.settings(for: options, themeStamp: themeStamp))
        for entry in navigation + RulePages.navigation {
            hasher.combine(entry.title)
            hasher.combine(entry.href)
        }
        return hasher.hex
    }

    // MARK: - Preview of edited documents

    /// The pages of the documents at `relativePaths` rendered again from their files, against what the
    /// last build knew of the rest of the site (navigation, link targets, rule ids), without the
    /// site-wide steps. `docgen serve` shows these at once after an edit, then runs the full build.
    ///
    /// nil when a preview would not be the page the full build makes: no build yet, a document new or
    /// unreadable, errors in it, or a title changed (every page's navigation changes then). The session's
    /// caches are left as they are: the next `build()` decides everything again.
    public nonisolated func previewPages(of relativePaths: [String]) -> [OutputFile]? {
        guard var last = previewBase.withLock({ $0 }), !relativePaths.isEmpty else { return nil }
        let loader = ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName)
        var edited: [(index: Int, document: Document, rules: [Rule])] = []
        for relative in relativePaths {
            guard let index = last.documents.firstIndex(where: { $0.source.relativePath == relative }),
                  case .file(let file) = loader.read(relative) else { return nil }
            let (document, diagnostics) = DocumentAnalyzer.analyze(file)
            guard !diagnostics.containsErrors, document.title == last.documents[index].title,
                  document.outputPath == last.documents[index].outputPath else { return nil }
            let (rules, ruleDiagnostics) = RuleExtractor.extract(document)
            guard !ruleDiagnostics.containsErrors else { return nil }
            last.documents[index] = document
            edited.append((index, document, rules))
        }
        let navigation = last.documents.map { NavigationEntry(title: $0.title, href: $0.outputPath) }
        let renderer = PageRenderer(theme: last.theme, siteTitle: options.siteTitle, navigation: navigation,
                                    extraNavigation: RulePages.navigation, reloadScript: options.reloadScript)
        let resolver = LinkResolver(documents: last.documents, extraAnchors: last.extraAnchors, otherFiles: last.otherFiles)
        var pages: [OutputFile] = []
        for (index, document, rules) in edited {
            let (previous, next) = Self.neighbours(of: index, in: navigation)
            guard let page = try? renderer.documentPage(
                document, resolver: resolver, annotations: RulePages.annotations(ofDocument: rules),
                counts: DocumentCounts(document, rules: rules.count), previous: previous, next: next) else { return nil }
            pages.append(page)
        }
        return pages
    }

    /// Compares with the previous build and packages the snapshot.
    private func finish(_ state: State) -> Snapshot {
        if let theme = themeCache?.theme {
            previewBase.withLock {
                $0 = PreviewBase(documents: state.documents, extraAnchors: state.rules.anchors,
                                 otherFiles: state.resolver.otherFiles, theme: theme)
            }
        }
        var byPath: [String: OutputFile] = [:]
        var changed: Set<String> = []
        for file in state.outputs {
            byPath[file.path] = file
            if previousOutput[file.path] != file.data { changed.insert(file.path) }
        }
        let removed = Set(previousOutput.keys).subtracting(byPath.keys)
        previousOutput = byPath.mapValues(\.data)
        var sources: [String: BuildManifest.Source] = [:]
        for entry in state.analysed {
            let path = entry.document.source.relativePath
            guard let stamp = files[path]?.stamp else { continue }
            sources[path] = BuildManifest.Source(size: stamp.size, modified: stamp.modified.timeIntervalSince1970, hash: entry.textHash)
        }
        let manifest = BuildManifest(
            format: BuildManifest.format, generator: PageRenderer.version,
            settings: BuildManifest.settings(for: options, themeStamp: themeCache?.stamp ?? ""),
            sources: sources, otherFiles: state.otherFiles,
            pages: state.pageFingerprints,
            snippetSets: Dictionary(uniqueKeysWithValues: state.analysed.map { ($0.document.source.relativePath, $0.textHash) }),
            diagnostics: state.diagnostics.sortedForDisplay, documentCount: state.documents.count, fileCount: byPath.count + 2)
        return Snapshot(files: byPath, diagnostics: state.diagnostics.sortedForDisplay, documents: documentsForQuoting(state),
                        rules: state.rules, changedPaths: changed, removedPaths: removed,
                        parsedDocuments: state.parsed, timings: state.timings, manifest: manifest)
    }

    private func step(_ name: String, _ state: inout State, _ body: (inout State) throws -> Void) rethrows {
        let start = DispatchTime.now()
        try body(&state)
        state.timings.append((name, SiteBuilder.seconds(since: start)))
        AllocatorTuning.releaseFreeMemory()
        MemoryTrace.note(name)
    }

    private func asyncStep(_ name: String, _ state: inout State, _ body: (inout State) async throws -> Void) async rethrows {
        let start = DispatchTime.now()
        try await body(&state)
        state.timings.append((name, SiteBuilder.seconds(since: start)))
        AllocatorTuning.releaseFreeMemory()
        MemoryTrace.note(name)
    }
}
