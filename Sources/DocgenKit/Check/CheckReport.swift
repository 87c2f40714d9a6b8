// MARK: - What a check found

/// Everything `docgen check` found, ready for a reporter.
public struct CheckReport: Sendable {
    /// The documents checked, in navigation order.
    public var documents: [Document]
    /// Every diagnostic (loading, front matter, attributes, snippets, links, further checks), sorted for display.
    public var diagnostics: [Diagnostic]
    /// The verdict on each snippet, in document order.
    public var snippets: [SnippetCheckResult]
    /// Internal links checked (links with a scheme are not checked).
    public var linkCount: Int
    /// External links found (listed with `--external`, never fetched).
    public var externalLinkCount: Int
    /// Compiler processes started.
    public var compilerRuns: Int
    /// Distinct snippets answered from the cache.
    public var cacheHits: Int
    /// Distinct snippets the compiler parsed.
    public var cacheMisses: Int

    /// Creates a report.
    public init(documents: [Document], diagnostics: [Diagnostic], snippets: [SnippetCheckResult], linkCount: Int,
                externalLinkCount: Int = 0, compilerRuns: Int = 0, cacheHits: Int = 0, cacheMisses: Int = 0) {
        self.documents = documents
        self.diagnostics = diagnostics.sortedForDisplay
        self.snippets = snippets
        self.linkCount = linkCount
        self.externalLinkCount = externalLinkCount
        self.compilerRuns = compilerRuns
        self.cacheHits = cacheHits
        self.cacheMisses = cacheMisses
    }

    /// The counts of the summary line.
    public var summary: CheckSummary {
        let brokenLinks = diagnostics.filter { $0.id.hasPrefix("link.") && $0.severity == .error }.count
        let others = diagnostics.filter { !$0.id.hasPrefix("link.") && !Self.isSnippetVerdict($0) }
        return CheckSummary(
            snippets: snippets.count,
            passed: snippets.filter { $0.status == .passed }.count,
            failed: snippets.filter { $0.status == .failed }.count,
            skipped: snippets.filter { $0.status == .skipped }.count,
            links: linkCount, brokenLinks: brokenLinks,
            otherErrors: others.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count)
    }

    /// Whether a diagnostic is part of a snippet's verdict (counted by the snippet counts).
    static func isSnippetVerdict(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.id.hasPrefix("snippet.") && diagnostic.id != "snippet.unknown-attribute"
    }

    /// The process exit status: 0 clean, 1 errors (or, with `strict`, warnings).
    public func exitStatus(strict: Bool = false) -> Int32 {
        if diagnostics.containsErrors { return 1 }
        if strict, diagnostics.contains(where: { $0.severity == .warning }) { return 1 }
        return 0
    }
}
