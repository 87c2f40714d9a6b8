// MARK: - Strength

/// How strongly a rule binds, in the spirit of RFC 2119.
public enum RuleStrength: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Always / must / ✅ checklist items.
    case required
    /// Should / use / prefer.
    case recommended
    /// Can / may / "you can skip".
    case optional
    /// Avoid / sparingly / should not.
    case discouraged
    /// Never / do not / no X / ❌.
    case prohibited

    /// +1 for rules that ask for something, −1 for rules that forbid or discourage it, 0 for optional.
    public var direction: Int {
        switch self {
        case .required, .recommended: return 1
        case .optional: return 0
        case .discouraged, .prohibited: return -1
        }
    }

    /// Display order: required first, prohibited last.
    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Orders by display order (required … prohibited).
    public static func < (lhs: RuleStrength, rhs: RuleStrength) -> Bool { lhs.rank < rhs.rank }
}
