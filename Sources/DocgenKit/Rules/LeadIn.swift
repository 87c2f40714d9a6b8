import Foundation

// MARK: - Lead-in paragraphs

/// A paragraph that introduces the list after it (`**Rules:**`, `**Don't:**`, "Do not implement
/// anti-patterns. This includes:") and decides how that list's items are read.
struct LeadIn: Sendable, Hashable {
    /// How a lead-in affects the items of its list.
    enum Kind: Sendable, Hashable {
        /// Descriptions, benefits, reading lists: no item is a rule.
        case notRules
        /// Every item is a rule; items without a strong word of their own get this strength
        /// ("Never Compromise:" → required, "This includes:" after "Do not …" → prohibited).
        case defaultStrength(RuleStrength)
        /// Every item is a rule with this strength unless it forbids something itself
        /// ("When You Can Skip Layers:" → optional).
        case override(RuleStrength)
        /// A label that says nothing about strength ("Controller Class:"): items are read on their own.
        case neutral
    }

    /// The lead-in's plain text.
    var text: String
    /// How it affects its list.
    var kind: Kind
    /// A `rules`/`not-rules` directive written before the lead-in, handed on to the list.
    var directive: RuleDirective?

    /// Words that mark a list as descriptive rather than normative.
    static let descriptiveWords = ["what makes", "why", "benefit", "benefits", "trigger this", "skill", "skills",
                                   "context files", "further reading", "reference", "references", "see also",
                                   "documentation", "resources", "example", "examples", "for instance", "such as",
                                   "advantages", "pros and cons", "features", "changelog"]

    /// Words that make a lead-in a rule list with required items by default.
    static let ruleListWords = ["rules", "rule", "requirements", "checklist", "must-haves", "must have", "critical"]

    /// Reads a lead-in's text (plain, code masked).
    init(text: String, directive: RuleDirective? = nil) {
        self.text = text
        self.directive = directive
        self.kind = Self.kind(of: text)
    }

    static func kind(of text: String) -> Kind {
        var body = NormativeClassifier.normalise(text)
        _ = NormativeClassifier.takeMarker(&body)
        let lower = body.lowercased()
        if descriptiveWords.contains(where: { NormativeClassifier.contains(lower, word: $0) }) { return .notRules }
        if NormativeClassifier.isOptionalContext(lower) { return .override(.optional) }
        if NormativeClassifier.contains(lower, word: "never compromise") { return .defaultStrength(.required) }
        let bare = lower.trimming(CharacterSet(charactersIn: ": *"))
        if ["do", "do's", "dos", "good", "correct"].contains(bare) { return .defaultStrength(.recommended) }
        if ["don't", "donts", "don'ts", "bad", "incorrect", "avoid"].contains(bare) { return .defaultStrength(.prohibited) }
        for sentence in SentenceSplitter.split(plain: body) {
            let verdict = NormativeClassifier.classify(sentence)
            if verdict.isMeta { return .notRules }
            if let strength = verdict.strength { return .defaultStrength(strength) }
        }
        if ruleListWords.contains(where: { NormativeClassifier.contains(lower, word: $0) }) {
            return .defaultStrength(.required)
        }
        return .neutral
    }
}
