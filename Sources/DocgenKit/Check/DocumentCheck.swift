// MARK: - More checks over the documents

/// A further analysis `docgen check` runs over the analysed documents, such as the rule checks of the
/// knowledge base. It returns diagnostics and never prints; warnings are reported, errors fail the check.
public protocol DocumentCheck: Sendable {
    /// A short name for timings and messages, e.g. `rules`.
    var name: String { get }
    /// The diagnostics for `documents`.
    func diagnostics(for documents: [Document]) -> [Diagnostic]
}
