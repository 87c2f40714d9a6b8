// MARK: - What a rule asks for

/// One sentence of a rule reduced to what the conflict finder compares: a direction and the terms
/// of its main clause (before `;`, "instead", ", not" …).
public struct RuleClaim: Sendable, Hashable {
    /// +1 asks for, −1 forbids, 0 allows.
    public var direction: Int
    /// Term keys (lower-cased) of the main clause.
    public var terms: Set<String>

    /// Creates a claim.
    public init(direction: Int, terms: Set<String>) {
        self.direction = direction
        self.terms = terms
    }
}
