// MARK: - Examples of a rule

/// A snippet shown in a rule's section, with whether it is a good or bad example.
public struct RuleExample: Sendable, Hashable, Codable {
    /// The snippet id (see `Snippet.id`).
    public var id: String
    /// `good`, `bad` or `neutral`.
    public var polarity: Snippet.Polarity

    /// Creates an example reference.
    public init(id: String, polarity: Snippet.Polarity) {
        self.id = id
        self.polarity = polarity
    }
}
