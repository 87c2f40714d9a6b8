import Foundation

// MARK: - From candidates to rules

/// Gives candidates their ids, texts, terms, examples, subjects and claims.
enum RuleBuilder {
    /// Layers and kinds of types a rule can be about, for the conflict finder ("client" is what
    /// style-guide.md calls a service).
    static let subjects: [String: String] = [
        "view model": "view model", "controller": "controller", "service": "service", "client": "service",
        "model": "model", "view": "view", "repository": "repository", "use case": "use case",
    ]

    static func build(_ candidates: [RuleCandidate], document: Document) -> [Rule] {
        var slugger = Slugger()
        let explicit = candidates.compactMap { $0.explicitID.map { RuleIdentifier.explicitID($0, document: document.slug) } }
        explicit.forEach { slugger.reserve($0) }
        var explicitSeen: Set<String> = []
        // Each section's examples, found once (each rule filtered all of the document's snippets).
        let examplesBySection = Dictionary(grouping: document.snippets, by: \.sectionID)
            .mapValues { $0.map { RuleExample(id: $0.id, polarity: $0.polarity) } }
        var previous: Rule?
        return candidates.map { candidate in
            let statement = InlineMarkdown.plain(candidate.nodes)
            let id: String
            if let written = candidate.explicitID {
                let full = RuleIdentifier.explicitID(written, document: document.slug)
                id = explicitSeen.insert(full).inserted ? full : slugger.uniqueID(full)
            } else {
                id = slugger.uniqueID(RuleIdentifier.id(document: document.slug, section: candidate.sectionPath.last, statement: statement))
            }
            let (text, plain) = texts(of: candidate)
            let allNodes = withoutExamples(candidate.nodes) + candidate.details.flatMap { $0 }
            var rule = Rule(
                id: id, text: text, plainText: plain, statement: statement, document: document.slug,
                file: document.source.displayPath, section: candidate.sectionPath, sectionID: candidate.sectionID,
                line: candidate.line, position: candidate.position, strength: candidate.strength,
                priority: candidate.priority, terms: TermExtractor.terms(in: allNodes),
                examples: examplesBySection[candidate.sectionID ?? "top"] ?? [],
                hasExplicitID: candidate.explicitID != nil, subject: subject(from: candidate.subjectHints),
                claims: claims(of: candidate))
            rule.shareStorage(with: previous)
            previous = rule
            return rule
        }
    }

    private static let exampleMarkers = TextMarkers([" -- ", "e.g.", "for example", "i.e."])

    /// The nodes before a list of examples ("`lowerCamelCase` -- `fetchUserData()`, `isLoading`",
    /// "(e.g., primary actions)"): example names are not terms of the rule.
    static func withoutExamples(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        for node in nodes {
            if case .text(let text) = node.kind,
               let cut = exampleMarkers.firstMatch(in: text)?.range.lowerBound {
                result.append(MarkdownNode(kind: .text(String(text[..<cut])), range: node.range))
                return result
            }
            result.append(node)
        }
        return result
    }

    /// Markdown and plain text: the statement, then its qualifications after a colon, `;`-separated.
    static func texts(of candidate: RuleCandidate) -> (String, String) {
        var text = InlineMarkdown.markdown(candidate.nodes)
        var plain = InlineMarkdown.plain(candidate.nodes)
        guard !candidate.details.isEmpty else { return (text, plain) }
        text += plain.hasSuffix(":") ? " " : ": "
        plain += plain.hasSuffix(":") ? " " : ": "
        for (index, detail) in candidate.details.enumerated() {
            let detailPlain = InlineMarkdown.plain(detail)
            if index > 0 {
                let previous = InlineMarkdown.plain(candidate.details[index - 1])
                let separator = previous.hasSuffix(":") ? " " : "; "
                text += separator
                plain += separator
            }
            text += InlineMarkdown.markdown(detail)
            plain += detailPlain
        }
        return (text, plain)
    }

    /// The first subject noun found in the hints (item label, lead-in, text before the cue, headings).
    static func subject(from hints: [String]) -> String? {
        for hint in hints {
            for term in TermExtractor.terms(inPlainText: hint) {
                if let subject = subjects[term] { return subject }
            }
        }
        return nil
    }

    /// The claims of a rule: for each sentence, each clause with its own direction and terms.
    ///
    /// A sentence is cut into clauses at commas, `;` and contrasts (", not", "and not", "never",
    /// "instead of", "rather than"). A clause with a normative word of its own takes its direction
    /// ("…, never call Services directly"); a contrast clause takes the opposite of the sentence
    /// ("Always `struct`, never `class`"); a clause ending with "only" asks for what it names
    /// ("background actors only"); other clauses share the sentence's direction. Asides — parentheses,
    /// dashes, and conditions after "when", "if", "unless", "except" — are ignored, and so are clauses
    /// that hand something over ("Delegate business logic to ViewModels" does not ask for business logic).
    static func claims(of candidate: RuleCandidate) -> [RuleClaim] {
        var claims: [RuleClaim] = []
        for (index, sentence) in candidate.sentences.enumerated() {
            let direction: Int
            if index == 0 {
                direction = candidate.strength.direction
            } else if case let verdict = NormativeClassifier.classify(InlineMarkdown.masked(sentence)),
                      let strength = verdict.strength, !verdict.isMeta {
                direction = strength.direction
            } else {
                continue
            }
            for clause in ClauseSplitter.clauses(dropSubject(of: sentence)) {
                let masked = InlineMarkdown.masked(clause.nodes)
                let lower = masked.lowercased()
                var words = lower.split(whereSeparator: { !$0.isLetterFast && $0 != "'" }).map(String.init)
                if lower.utf8.contains(UInt8(ascii: ":")), case let characters = Array(lower),
                   let colon = NormativeClassifier.labelColon(characters) {
                    words = String(characters[(colon + 1)...]).split(whereSeparator: { !$0.isLetterFast && $0 != "'" }).map(String.init)
                }
                if let first = words.first, handingOverVerbs.contains(first) { continue }
                var clauseDirection = clause.isContrast ? -direction : direction
                if index > 0 || clause.position > 0 {
                    if let own = NormativeClassifier.classify(masked).strength { clauseDirection = own.direction }
                }
                if words.last == "only" { clauseDirection = 1 }
                let terms = TermExtractor.terms(in: clause.nodes).map(TermExtractor.key)
                // "Use A or B" asks for neither in particular.
                if clauseDirection > 0, NormativeClassifier.contains(lower, word: "or") { continue }
                if clauseDirection != 0, !terms.isEmpty { claims.append(RuleClaim(direction: clauseDirection, terms: terms)) }
            }
        }
        return claims
    }

    /// A sentence without its leading "subject:" part ("Types, protocols, and type aliases: `UpperCamelCase`"
    /// speaks of naming, not of protocols; "Models: No async code" forbids async code), when that part
    /// has no normative word and is short.
    static func dropSubject(of sentence: [MarkdownNode]) -> [MarkdownNode] {
        var prefix = ""
        for (index, node) in sentence.enumerated() {
            guard case .text(let text) = node.kind, let colon = text.firstRange(of: ": ") else {
                prefix += InlineMarkdown.masked([node])
                if prefix.count > 60 { return sentence }
                continue
            }
            prefix += text[..<colon.lowerBound]
            guard prefix.count <= 60, NormativeClassifier.classify(prefix).strength == nil else { return sentence }
            var rest = Array(sentence[(index + 1)...])
            let after = text[colon.upperBound...]
            if !after.isEmpty { rest.insert(MarkdownNode(kind: .text(String(after)), range: node.range), at: 0) }
            return rest
        }
        return sentence
    }

    /// Verbs whose object is handed to something else rather than asked for.
    static let handingOverVerbs: Set<String> = ["delegate", "move", "extract", "pass", "forward", "hand", "offload", "push", "leave"]
}
