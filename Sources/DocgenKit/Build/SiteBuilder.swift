import Foundation

// MARK: - The build pipeline

/// Builds the static site: **load → parse → analyse → render → write**, each a named step below.
public struct SiteBuilder: Sendable {
    /// Where things are.
    public var options: BuildOptions

    /// Creates a builder.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a successful build reports.
    public struct Report: Sendable {
        /// Warnings (a successful build has no errors).
        public var diagnostics: [Diagnostic]
        /// The documents built.
        public var documents: [Document]
        /// Number of files written.
        public var fileCount: Int
        /// Seconds spent in each step, in order.
        public var timings: [(step: String, seconds: Double)]
    }

    /// Why a build did not produce a site. The previous site is untouched in every case.
    public enum Failure: LocalizedError {
        /// The input has errors; all diagnostics (errors and warnings) are attached, with the files
        /// they refer to (for quoting lines).
        case invalidInput([Diagnostic], sources: [SourceFile])
        /// The output folder is inside the content folder.
        case outputInsideContent(String)

        public var errorDescription: String? {
            switch self {
            case .invalidInput(let diagnostics, _):
                let errors = diagnostics.filter { $0.severity == .error }.count
                return "build failed with \(errors) error\(errors == 1 ? "" : "s"); the previous site was left untouched"
            case .outputInsideContent(let path):
                return "output folder '\(path)' is inside the content folder; choose an --output outside it"
            }
        }
    }

    /// The state passed from step to step.
    struct State {
        var files: [SourceFile] = []
        var documents: [Document] = []
        var diagnostics: [Diagnostic] = []
        var resolver = LinkResolver(documents: [])
        var annotations: [String: [SourcePosition: BlockAnnotation]] = [:]
        var rules = RuleCatalog(rules: [])
        var counts: [String: DocumentCounts] = [:]
        var outputs: [OutputFile] = []
        var timings: [(String, Double)] = []
    }

    /// Runs the whole pipeline and writes the site.
    public func build() async throws -> Report {
        var state = State()
        let writer = SiteWriter(output: options.outputDirectory)
        try checkOutputLocation()
        try writer.validate()
        let theme = try Theme.load(overlay: options.themeDirectory, displayName: options.themeDisplayName)

        try step("load", &state) { try loadContent(&$0) }
        try await asyncStep("parse", &state) { await parseDocuments(&$0) }
        try step("analyse rules", &state) { analyseRules(&$0) }
        try step("analyse links", &state) { analyseLinks(&$0) }
        try step("count", &state) { countDocuments(&$0) }
        guard !state.diagnostics.containsErrors else {
            throw Failure.invalidInput(state.diagnostics.sortedForDisplay, sources: state.files)
        }
        try await asyncStep("render", &state) { try await renderPages(&$0, theme: theme) }
        try step("assets", &state) { copyAssets(&$0, theme: theme) }
        try step("snippets", &state) { publishSnippets(&$0) }
        try step("write", &state) { try writer.write($0.outputs) }
        return Report(diagnostics: state.diagnostics.sortedForDisplay, documents: state.documents,
                      fileCount: state.outputs.count + 1, timings: state.timings)
    }

    // MARK: - Steps

    /// Load: read and decode every Markdown file of the content folder.
    func loadContent(_ state: inout State) throws {
        let loaded = try ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName).load()
        state.files = loaded.files
        state.diagnostics += loaded.diagnostics
    }

    /// Parse and analyse each document, in parallel.
    func parseDocuments(_ state: inout State) async {
        let results = await state.files.concurrentMap { DocumentAnalyzer.analyze($0) }
        state.documents = Self.navigationOrder(results.map(\.0))
        state.diagnostics += results.flatMap(\.1)
    }

    /// Links: resolve every link; broken internal links are warnings here (`docgen check` makes them errors).
    func analyseLinks(_ state: inout State) {
        let otherFiles = (try? ContentLoader(directory: options.contentDirectory).allFilePaths()) ?? []
        state.resolver = LinkResolver(documents: state.documents, extraAnchors: state.rules.anchors, otherFiles: otherFiles)
        let checker = LinkChecker(resolver: state.resolver)
        for document in state.documents {
            state.diagnostics += checker.check(document, severity: .warning)
        }
    }

    /// Rules: extract, link and anchor every rule (before links, so that links to rule anchors resolve).
    func analyseRules(_ state: inout State) {
        state.rules = RuleExtractor.extract(state.documents)
        state.diagnostics += state.rules.diagnostics
        state.annotations = RulePages.annotations(for: state.rules.rules)
    }

    /// Counts for the home page and page headers.
    func countDocuments(_ state: inout State) {
        let ruleCounts = state.rules.countsByDocument
        for document in state.documents {
            state.counts[document.slug] = DocumentCounts(
                sections: document.headings.filter { $0.level >= 2 }.count,
                snippets: document.snippets.count, rules: ruleCounts[document.slug] ?? 0)
        }
    }

    /// Render: every document page in parallel, then the home and not-found pages.
    func renderPages(_ state: inout State, theme: Theme) async throws {
        let documents = state.documents
        let navigation = documents.map { NavigationEntry(title: $0.title, href: $0.outputPath) }
        let renderer = PageRenderer(theme: theme, siteTitle: options.siteTitle, navigation: navigation,
                                    extraNavigation: RulePages.navigation, reloadScript: options.reloadScript)
        let resolver = state.resolver
        let annotations = state.annotations
        let counts = state.counts
        let pages = try await Array(documents.enumerated()).concurrentMap { index, document in
            try renderer.documentPage(
                document, resolver: resolver, annotations: annotations[document.slug] ?? [:],
                counts: counts[document.slug] ?? DocumentCounts(),
                previous: index > 0 ? navigation[index - 1] : nil,
                next: index + 1 < navigation.count ? navigation[index + 1] : nil)
        }
        state.outputs += pages
        state.outputs.append(try renderer.indexPage(documents, counts: counts))
        state.outputs.append(try renderer.notFoundPage())
        state.outputs += try RulePages.pages(catalog: state.rules, documents: documents, renderer: renderer)
    }

    /// Assets: the theme's static files.
    func copyAssets(_ state: inout State, theme: Theme) {
        for (path, data) in theme.assets.sorted(by: { $0.key < $1.key }) {
            state.outputs.append(OutputFile(path: path, data: data))
        }
    }

    /// Snippets: every Swift example as a downloadable file, plus `snippets.json`.
    func publishSnippets(_ state: inout State) {
        state.outputs += SnippetExporter.files(for: state.documents, prefix: "snippets/")
    }

    // MARK: - Helpers

    private func checkOutputLocation() throws {
        let content = options.contentDirectory.resolvingSymlinksInPath().path
        let output = options.outputDirectory.path
        if output == content || output.hasPrefix(content + "/") {
            throw Failure.outputInsideContent(BuildOptions.displayPath(options.outputDirectory))
        }
    }

    /// Documents ordered by front matter `order` (if any), then by path.
    static func navigationOrder(_ documents: [Document]) -> [Document] {
        documents.enumerated().sorted { lhs, rhs in
            let left = lhs.element.frontMatter?["order"].flatMap(Double.init) ?? .infinity
            let right = rhs.element.frontMatter?["order"].flatMap(Double.init) ?? .infinity
            if left != right { return left < right }
            return lhs.element.source.relativePath < rhs.element.source.relativePath
        }.map(\.element)
    }

    private func step(_ name: String, _ state: inout State, _ body: (inout State) throws -> Void) throws {
        let start = DispatchTime.now()
        try body(&state)
        state.timings.append((name, Self.seconds(since: start)))
    }

    private func asyncStep(_ name: String, _ state: inout State, _ body: (inout State) async throws -> Void) async throws {
        let start = DispatchTime.now()
        try await body(&state)
        state.timings.append((name, Self.seconds(since: start)))
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
