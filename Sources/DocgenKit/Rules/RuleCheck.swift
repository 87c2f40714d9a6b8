// MARK: - Rule checks in docgen check

/// The rule knowledge base's part of `docgen check`: duplicate explicit ids, rules stated twice in one
/// document and malformed `<!-- docgen: … -->` directives, as warnings.
public struct RuleCheck: DocumentCheck {
    public var name: String { "rules" }

    /// Creates the check.
    public init() {}

    public func diagnostics(for documents: [Document]) -> [Diagnostic] {
        RuleLinter.diagnostics(for: documents)
    }
}
