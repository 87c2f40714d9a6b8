import Foundation

// MARK: - The check pipeline

/// `docgen check`: **load → analyse → links → further checks → snippets**, returning a `CheckReport`.
/// It prints nothing; the command hands the report to a reporter.
public struct CheckRunner: Sendable {
    /// What to check and how.
    public var options: CheckOptions
    /// Further analyses whose diagnostics join the report (the rule checks plug in here).
    public var additionalChecks: [any DocumentCheck]

    /// Creates a runner.
    public init(options: CheckOptions, additionalChecks: [any DocumentCheck] = []) {
        self.options = options
        self.additionalChecks = additionalChecks
    }

    /// Why a check could not run at all (exit status 2).
    public enum Failure: LocalizedError, Equatable {
        case unsupportedSwiftVersion(String)
        case invalidTimeout(Double)

        public var errorDescription: String? {
            switch self {
            case .unsupportedSwiftVersion(let version):
                return "unsupported --swift-version '\(version)'; use one of \(SnippetChecker.swiftVersions.joined(separator: ", "))"
            case .invalidTimeout(let seconds):
                return "--timeout must be a positive number of seconds, not \(seconds)"
            }
        }
    }

    /// Runs the whole check. Throws only when it cannot run (missing folder, missing compiler, bad option).
    public func run(progress: SnippetChecker.Progress? = nil) async throws -> CheckReport {
        guard SnippetChecker.swiftVersions.contains(options.swiftVersion) else {
            throw Failure.unsupportedSwiftVersion(options.swiftVersion)
        }
        guard options.timeout > 0 else { throw Failure.invalidTimeout(options.timeout) }

        // Load and analyse.
        let loader = ContentLoader(directory: options.contentDirectory, displayName: options.contentDisplayName)
        let loaded = try loader.load()
        var diagnostics = loaded.diagnostics
        let analysed = loaded.files.concurrentMap { DocumentAnalyzer.analyze($0) }
        let documents = SiteBuilder.navigationOrder(analysed.map(\.0))
        diagnostics += analysed.flatMap(\.1)

        // Links: broken internal links are errors here.
        let links = checkLinks(documents, loader: loader)
        diagnostics += links.diagnostics

        // Further checks (rules …).
        for check in additionalChecks {
            diagnostics += check.diagnostics(for: documents)
        }

        // Snippets.
        var outcome = SnippetChecker.Outcome(results: [], compilerRuns: 0, cacheHits: 0, cacheMisses: 0, warnings: [])
        let allSnippets = documents.flatMap(\.snippets)
        if allSnippets.contains(where: { !$0.attributes.ignore }) {
            let compiler = try SwiftCompiler.locate(explicit: options.swiftc, environment: options.environment)
            let checker = SnippetChecker(
                compiler: compiler, swiftVersion: options.swiftVersion,
                cache: options.cacheDirectory.map { CheckCache(directory: $0) }, jobs: options.jobs, timeout: options.timeout)
            outcome = try await checker.check(documents, progress: progress)
        } else {
            outcome.results = allSnippets.map { SnippetCheckResult(snippet: $0, status: .skipped) }
        }
        diagnostics += outcome.results.flatMap(\.diagnostics)
        for warning in outcome.warnings {
            diagnostics.append(Diagnostic(.warning, file: options.cacheDirectory.map(BuildOptions.displayPath) ?? "cache",
                                          id: "check.cache-unwritable", message: warning))
        }

        return CheckReport(
            documents: documents, diagnostics: diagnostics, snippets: outcome.results, linkCount: links.checked,
            externalLinkCount: links.external, compilerRuns: outcome.compilerRuns,
            cacheHits: outcome.cacheHits, cacheMisses: outcome.cacheMisses)
    }

    // MARK: - Links

    private func checkLinks(_ documents: [Document], loader: ContentLoader) -> (diagnostics: [Diagnostic], checked: Int, external: Int) {
        let otherFiles = (try? loader.allFilePaths()) ?? []
        let checker = LinkChecker(resolver: LinkResolver(documents: documents, otherFiles: otherFiles))
        var diagnostics: [Diagnostic] = []
        var checked = 0
        var external = 0
        for document in documents {
            diagnostics += checker.check(document, severity: .error)
            let externalLinks = checker.externalLinks(of: document)
            checked += document.links.count - externalLinks.count
            external += externalLinks.count
            if options.listExternalLinks {
                for link in externalLinks {
                    diagnostics.append(Diagnostic(.note, file: document.source.displayPath, range: link.range,
                        id: "link.external", message: "external link to '\(link.destination)' (not fetched)"))
                }
            }
        }
        return (diagnostics, checked, external)
    }
}
