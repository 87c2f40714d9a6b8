// MARK: - What swiftc said about one snippet

/// What `swiftc -parse snippet.swift` says about a snippet parsed as its own main file: its messages,
/// with positions relative to the snippet's code. This is what the check cache stores.
public struct SnippetParseResult: Sendable, Hashable, Codable {
    /// Whether the compiler exited with a failure status.
    public var failed: Bool
    /// The messages, in the order swiftc printed them (notes follow the message they belong to).
    public var messages: [SwiftcMessage]
    /// Error output that names no position (a crash, a bad flag), if any.
    public var compilerFailure: String?

    /// Creates a result.
    public init(failed: Bool, messages: [SwiftcMessage] = [], compilerFailure: String? = nil) {
        self.failed = failed
        self.messages = messages
        self.compilerFailure = compilerFailure
    }

    /// A snippet that parses without any message.
    public static let clean = SnippetParseResult(failed: false)

    /// Whether swiftc reported at least one error (or failed without saying where).
    public var hasErrors: Bool {
        failed || messages.contains { $0.severity == .error }
    }
}
