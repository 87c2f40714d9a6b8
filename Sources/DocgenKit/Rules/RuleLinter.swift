import Foundation

// MARK: - Rule problems for docgen check

/// Warnings about rules, for `docgen check`: duplicate explicit ids, rules stated twice in one
/// document, and malformed docgen directives.
public enum RuleLinter {
    /// Extracts the rules of `documents` and returns their problems.
    public static func diagnostics(for documents: [Document]) -> [Diagnostic] {
        diagnostics(for: RuleExtractor.extract(documents))
    }

    /// The problems of an extracted catalogue (its directive diagnostics included).
    public static func diagnostics(for catalog: RuleCatalog) -> [Diagnostic] {
        var result = catalog.diagnostics
        result += duplicateExplicitIDs(catalog.rules)
        result += repeatedTexts(catalog.rules)
        return result.sortedForDisplay
    }

    /// Explicit ids written more than once (the repeats were renamed with `-1`, `-2`).
    static func duplicateExplicitIDs(_ rules: [Rule]) -> [Diagnostic] {
        var first: [String: Rule] = [:]
        var result: [Diagnostic] = []
        for rule in rules where rule.hasExplicitID {
            let written = baseID(rule.id, among: first)
            if let original = first[written] {
                result.append(Diagnostic(.warning, file: rule.file, range: SourceRange(line: rule.line), id: "rules.duplicate-id",
                    message: "rule id '\(written)' is already used at \(original.file):\(original.line); this rule was renamed '\(rule.id)'; give it a different id"))
            } else {
                first[rule.id] = rule
            }
        }
        return result
    }

    /// The id before a `-1`, `-2` suffix, if that id was seen.
    private static func baseID(_ id: String, among seen: [String: Rule]) -> String {
        guard let dash = id.lastIndex(of: "-"), id[id.index(after: dash)...].allSatisfy(\.isNumber),
              seen[String(id[..<dash])] != nil else { return id }
        return String(id[..<dash])
    }

    /// Rules whose normalised text appears twice in the same document.
    static func repeatedTexts(_ rules: [Rule]) -> [Diagnostic] {
        var seen: [String: Rule] = [:]
        var result: [Diagnostic] = []
        for rule in rules {
            let key = rule.document + "\u{0}" + normalised(rule.statement)
            if let original = seen[key] {
                result.append(Diagnostic(.warning, file: rule.file, range: SourceRange(line: rule.line), id: "rules.repeated",
                    message: "this rule repeats the rule at line \(original.line) ('\(abbreviated(rule.statement))'); remove one or link to the other"))
            } else {
                seen[key] = rule
            }
        }
        return result
    }

    static func normalised(_ text: String) -> String {
        RuleIdentifier.slugWords(text, dropStopWords: false).joined(separator: " ")
    }

    private static func abbreviated(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
