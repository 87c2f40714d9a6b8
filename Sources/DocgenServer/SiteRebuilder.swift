import DocgenKit
import Foundation

// MARK: - Rebuilding while serving

/// Keeps one `BuildSession` alive and turns source changes into a new site, reload events and the
/// problems shown in the browser.
///
/// - A good build is published to the `SiteStore` and, when any file changed, open pages reload.
/// - A failed build (content or theme errors) changes nothing that is served: the last good site stays,
///   and the errors go to the overlay.
/// - The overlay also lists warnings (broken links, rule warnings) and snippets that do not parse, for the
///   documents edited while serving. Snippets are checked in the background after the reload is sent.
actor SiteRebuilder {
    /// The result of one build.
    enum Outcome: Sendable {
        case built(ServeEvent.BuildSummary)
        case failed(any Error)
    }

    private let session: BuildSession
    private let options: BuildOptions
    private let store: SiteStore
    private let channel: ReloadChannel
    private let snippetFinder: SnippetProblemFinder?
    private let report: @Sendable (ServeEvent) -> Void

    /// Relative paths (in the content folder) of the documents changed while serving.
    private var edited: Set<String> = []
    /// The sources of the last good build's documents, by relative path.
    private var current: [String: SourceFile] = [:]
    /// Warnings of the last good build.
    private var warnings: [Diagnostic] = []
    /// The last build's failure, if it failed.
    private var failure: ProblemReport?
    /// Snippet problems by relative path, with the hash of the text that was checked.
    private var snippetProblems: [String: (textHash: Int, diagnostics: [Diagnostic])] = [:]
    private var checkTask: Task<Void, Never>?
    /// The background full builds started by `schedule`, and the changes they have yet to build.
    private var buildLoop: Task<Void, Never>?
    private var pending: [String] = []
    /// When each page was last published by a preview.
    private var previewed: [String: ContinuousClock.Instant] = [:]
    /// Theme links already reported as leading outside the theme.
    private var reportedOutsideLinks: Set<String> = []

    init(options: BuildOptions, store: SiteStore, channel: ReloadChannel, snippetCheck: CheckOptions?,
         report: @escaping @Sendable (ServeEvent) -> Void) {
        self.options = options
        self.session = BuildSession(options: options)
        self.store = store
        self.channel = channel
        self.report = report
        var finder: SnippetProblemFinder?
        if let snippetCheck {
            do {
                finder = try SnippetProblemFinder(options: snippetCheck)
            } catch {
                report(.notice("snippets of edited documents are not checked: \((error as? LocalizedError)?.errorDescription ?? "\(error)")"))
            }
        }
        self.snippetFinder = finder
    }

    // MARK: - Building

    /// Builds after `changedFiles` (absolute paths; empty for the first build): the preview of edited
    /// documents first, then the full build. Returns when the full build is done.
    @discardableResult
    func rebuild(changedFiles: [String] = []) async -> Outcome {
        let start = ContinuousClock.now
        preview(changedFiles, start: start)
        return await build(changedFiles, start: start)
    }

    /// What the watcher calls: shows the preview of edited documents at once, and runs the full build in
    /// the background, one at a time; changes that arrive meanwhile are previewed at once too and built
    /// together by the next full build.
    func schedule(changedFiles: [String]) {
        let start = ContinuousClock.now
        preview(changedFiles, start: start)
        pending.append(contentsOf: changedFiles)
        guard buildLoop == nil else { return }
        buildLoop = Task { await self.drainPendingBuilds(start: start) }
    }

    private func drainPendingBuilds(start: ContinuousClock.Instant) async {
        var start = start
        while !pending.isEmpty, !Task.isCancelled {
            let files = pending
            pending = []
            await build(files, start: start)
            start = ContinuousClock.now
        }
        buildLoop = nil
    }

    /// The documents among `changedFiles` (absolute paths), relative to the content folder.
    private func documentPaths(in changedFiles: [String]) -> [String] {
        let contentRoot = options.contentDirectory.path + "/"
        return changedFiles.filter { $0.hasPrefix(contentRoot) && $0.hasSuffix(".md") }.map { String($0.dropFirst(contentRoot.count)) }
    }

    /// The edited pages alone, rendered against the last good build: published and reloaded at once.
    private func preview(_ changedFiles: [String], start: ContinuousClock.Instant) {
        let editedNow = documentPaths(in: changedFiles)
        guard store.hasSite, failure == nil, !editedNow.isEmpty, editedNow.count == changedFiles.count,
              let pages = session.previewPages(of: editedNow) else { return }
        let files = Dictionary(pages.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last })
        let changed = store.differing(files)
        guard !changed.isEmpty else { return }
        store.publishPreview(files.filter { changed.contains($0.key) })
        for path in changed { previewed[path] = ContinuousClock.now }
        var status = store.status
        status.pages = changed.sorted()
        channel.broadcast(.reload(status))
        report(.previewed(pages: changed.sorted(), seconds: Self.seconds(since: start)))
    }

    /// The full (incremental) build, published.
    @discardableResult
    private func build(_ changedFiles: [String], start: ContinuousClock.Instant) async -> Outcome {
        edited.formUnion(documentPaths(in: changedFiles))
        let initial = !store.hasSite
        do {
            let snapshot = try await session.build()
            let summary = publish(snapshot, initial: initial, start: start)
            report(.built(summary))
            return .built(summary)
        } catch {
            let problems = Self.problems(for: error, editedDisplayPaths: editedDisplayPaths())
            failure = problems
            if store.setProblems(problems) { channel.broadcast(.problems(problems)) }
            report(.buildFailed(problems, seconds: Self.seconds(since: start)))
            return .failed(error)
        }
    }

    /// Stops the background build and check (shutdown).
    func stop() {
        buildLoop?.cancel()
        buildLoop = nil
        checkTask?.cancel()
        checkTask = nil
    }

    private func publish(_ snapshot: BuildSession.Snapshot, initial: Bool, start: ContinuousClock.Instant) -> ServeEvent.BuildSummary {
        var files = snapshot.files.mapValues(\.data)
        // A page previewed after this build started shows a newer edit than this build read: it stays
        // (the build that follows renders it again).
        for (path, previewedAt) in previewed where previewedAt > start {
            if let served = store.file(at: path) { files[path] = served.data }
        }
        previewed = previewed.filter { $0.value > start }
        for path in ThemeLinkGuard.outsidePaths(in: files.keys, themeDirectory: options.themeDirectory).sorted() {
            files[path] = nil
            if reportedOutsideLinks.insert(path).inserted {
                report(.notice("\(path) is a link that leads outside the theme folder; it is not served"))
            }
        }
        let changed = snapshot.changedPaths.union(snapshot.removedPaths)
        current = Dictionary(snapshot.documents.map { ($0.source.relativePath, $0.source) }, uniquingKeysWith: { first, _ in first })
        edited.formIntersection(current.keys)
        warnings = snapshot.diagnostics.filter { $0.severity >= .warning }
        failure = nil

        let published = initial || !changed.isEmpty
        // Pages whose bytes differ from what is served (a page shown by the preview is not reloaded again).
        var reloadPages = store.differing(files.filter { snapshot.changedPaths.contains($0.key) })
        reloadPages.formUnion(snapshot.removedPaths)
        if published { store.publish(files, changed: snapshot.changedPaths) }
        let problemsChanged = store.setProblems(problemReport())
        // Problems first: a page that reloads asks again anyway, and one that does not (nothing changed
        // in the site) still learns them.
        if problemsChanged { channel.broadcast(.problems(store.problems)) }
        var reloaded = 0
        if published && !initial && !reloadPages.isEmpty {
            reloaded = channel.clientCount
            var status = store.status
            // Only pages reload; other changes (search data, rules.json) are picked up by the next page
            // load. When the theme's assets changed, or too much to list, every page reloads.
            let pages = reloadPages.filter { $0.hasSuffix(".html") }
            if !reloadPages.contains(where: { $0.hasPrefix("assets/") }) && pages.count <= 1000 {
                status.pages = pages.sorted()
            }
            if status.pages?.isEmpty != true { channel.broadcast(.reload(status)) }
        }
        if !initial {
            let parsed = Set(snapshot.parsedDocuments)
            checkSnippets(of: snapshot.documents.filter { edited.contains($0.source.relativePath) && parsed.contains($0.source.relativePath) })
        }
        return ServeEvent.BuildSummary(initial: initial, documents: snapshot.documents.count, parsed: snapshot.parsedDocuments,
                                       changedFiles: changed.count, warnings: warnings, problems: store.problems,
                                       reloadedClients: reloaded,
                                       seconds: Self.seconds(since: start), timings: snapshot.timings)
    }

    // MARK: - Problems

    private func editedDisplayPaths() -> Set<String> {
        Set(edited.compactMap { current[$0]?.displayPath }).union(edited.map { options.contentDisplayName + "/" + $0 })
    }

    /// The overlay after a good build: warnings and snippet problems of the edited documents.
    private func problemReport() -> ProblemReport {
        let displays = editedDisplayPaths()
        var problems = warnings.filter { displays.contains($0.file) }.map(ProblemReport.Problem.init)
        for path in edited.sorted() {
            guard let checked = snippetProblems[path], checked.textHash == current[path]?.text.hashValue else { continue }
            problems += checked.diagnostics.map(ProblemReport.Problem.init)
        }
        guard !problems.isEmpty else { return .clean }
        let count = problems.count
        return ProblemReport(title: "\(count) problem\(count == 1 ? "" : "s") in the documents you edited", problems: problems)
    }

    /// The overlay after a failed build: its errors, and the warnings of the edited documents.
    static func problems(for error: any Error, editedDisplayPaths: Set<String>) -> ProblemReport {
        var problems: [ProblemReport.Problem] = []
        switch error {
        case SiteBuilder.Failure.invalidInput(let diagnostics, _):
            problems = diagnostics
                .filter { $0.severity == .error || ($0.severity == .warning && editedDisplayPaths.contains($0.file)) }
                .map(ProblemReport.Problem.init)
        case Theme.Failure.syntax(let file, let line, let column, let message):
            problems = [.init(severity: "error", location: "\(file):\(line):\(column)", message: "template syntax error: \(message)")]
        case Theme.Failure.missingPartial(let file, let line, let name):
            problems = [.init(severity: "error", location: "\(file):\(line)",
                              message: "template uses partial '\(name)', which does not exist; add templates/\(name).mustache or fix the name")]
        default:
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            problems = [.init(severity: "error", location: "", message: message)]
        }
        let errors = problems.filter { $0.severity == "error" }.count
        return ProblemReport(title: "Build failed with \(errors) error\(errors == 1 ? "" : "s") — showing the last good version",
                             problems: problems)
    }

    // MARK: - Snippets in the background

    private func checkSnippets(of documents: [Document]) {
        guard let snippetFinder, !documents.isEmpty else { return }
        let hashes = Dictionary(documents.map { ($0.source.relativePath, $0.source.text.hashValue) }, uniquingKeysWith: { first, _ in first })
        let previous = checkTask
        checkTask = Task.detached(priority: .utility) { [weak self] in
            await previous?.value
            guard !Task.isCancelled else { return }
            do {
                let found = try await snippetFinder.problems(in: documents)
                await self?.applySnippetProblems(found, hashes: hashes)
            } catch {
                self?.report(.notice("snippet check failed: \((error as? LocalizedError)?.errorDescription ?? "\(error)")"))
            }
        }
    }

    private func applySnippetProblems(_ found: [String: [Diagnostic]], hashes: [String: Int]) {
        for (path, diagnostics) in found {
            guard let hash = hashes[path] else { continue }
            snippetProblems[path] = (hash, diagnostics)
        }
        guard failure == nil else { return }
        let report = problemReport()
        if store.setProblems(report) { channel.broadcast(.problems(report)) }
        let problems = found.keys.sorted().flatMap { found[$0] ?? [] }.map(ProblemReport.Problem.init)
        let count = problems.count
        self.report(.snippetsChecked(ProblemReport(
            title: "\(count) snippet problem\(count == 1 ? "" : "s") in \(found.count) edited document\(found.count == 1 ? "" : "s")",
            problems: problems)))
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
