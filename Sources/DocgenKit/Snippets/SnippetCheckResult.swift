// MARK: - The verdict on one snippet

/// The outcome of checking one snippet, with its diagnostics positioned in the Markdown file.
public struct SnippetCheckResult: Sendable, Hashable {
    /// Passed, failed or skipped.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Parses (or, for `expect-error`, fails as expected).
        case passed
        /// Has at least one error.
        case failed
        /// Not checked (`ignore`).
        case skipped
    }

    /// The snippet.
    public var snippet: Snippet
    /// The verdict.
    public var status: Status
    /// Errors and warnings about the snippet, at positions in the Markdown file.
    public var diagnostics: [Diagnostic]
    /// Whether the verdict came from the cache.
    public var cached: Bool

    /// Creates a result.
    public init(snippet: Snippet, status: Status, diagnostics: [Diagnostic] = [], cached: Bool = false) {
        self.snippet = snippet
        self.status = status
        self.diagnostics = diagnostics
        self.cached = cached
    }
}
