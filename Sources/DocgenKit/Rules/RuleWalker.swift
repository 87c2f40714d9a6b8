import Foundation

// MARK: - Walking a document for rules

/// Walks a document's blocks in order, tracking headings, lead-ins and directives.
struct RuleWalker {
    let document: Document
    private(set) var candidates: [RuleCandidate] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var headings: [SourcePosition: Heading] = [:]
    private var stack: [Heading] = []
    private var sectionDirectives: [(level: Int, directive: RuleDirective)] = []
    private let isRuleListDocument: Bool
    private let hasNoRules: Bool
    /// The sentence in which the document says what it is about ("This document defines conventions
    /// for SwiftUI Views."), the last resort for a rule's subject.
    private let documentSubjectHint: String?

    /// Headings whose sections never hold rules (compared lower-cased, without numbering or priority).
    static let nonRuleHeadings: Set<String> = [
        "references", "further reading", "see also", "detailed documentation", "dependencies",
        "when to use this skill", "quick reference", "decision tree", "purpose", "what this is",
        "what makes this powerful", "benefits", "related", "resources", "links", "changelog",
        "table of contents", "contents", "credits", "license",
    ]

    /// Words in a heading that make its section's lists rule lists.
    static let ruleListHeadingWords = ["rules", "requirements", "checklist", "standards", "do's and don'ts"]

    init(document: Document) {
        self.document = document
        for heading in document.headings { headings[heading.range.start] = heading }
        let mode = document.frontMatter?["rules"]?.lowercased()
        hasNoRules = mode == "none" || mode == "false"
        isRuleListDocument = mode == "all" || mode == "list" || Self.introductionCallsItselfRules(document)
        documentSubjectHint = Self.statementOfPurpose(document)
    }

    /// The first sentence of the first paragraphs that says "this document/guide … for …".
    static func statementOfPurpose(_ document: Document) -> String? {
        var paragraphs = 0
        for block in document.root.children {
            guard case .paragraph = block.kind else { continue }
            paragraphs += 1
            if paragraphs > 3 { break }
            for sentence in SentenceSplitter.split(plain: block.plainText) {
                let lower = sentence.lowercased()
                if lower.firstRange(of: "this document") != nil || lower.firstRange(of: "this guide") != nil, lower.firstRange(of: " for ") != nil {
                    return String(sentence[(sentence.firstRange(of: " for ")?.upperBound ?? sentence.startIndex)...])
                }
            }
        }
        return nil
    }

    /// Whether the prose before the first `##` presents the document as a list of rules
    /// ("These rules are enforced project-wide.").
    static func introductionCallsItselfRules(_ document: Document) -> Bool {
        for block in document.root.children {
            if case .heading(let level) = block.kind, level >= 2 { break }
            guard case .paragraph = block.kind else { continue }
            let text = block.plainText.lowercased()
            if ["these rules", "the following rules", "rules are enforced", "every bullet is a rule"].contains(where: text.contains) {
                return true
            }
        }
        return false
    }

    mutating func run() {
        guard !hasNoRules else { return }
        process(document.root.children)
    }

    // MARK: Section state

    private var sectionPath: [String] { stack.map(\.text) }
    private var priority: String? { stack.last(where: { $0.priority != nil })?.priority }
    private var inIntroduction: Bool { !stack.contains { $0.level >= 2 } }
    private var isExcludedSection: Bool { stack.contains { Self.nonRuleHeadings.contains(Self.normalisedHeading($0.text)) || Self.normalisedHeading($0.text).hasPrefix("when to use") } }
    private var isRuleListSection: Bool {
        isRuleListDocument || stack.contains { heading in
            heading.level >= 2 && Self.ruleListHeadingWords.contains { NormativeClassifier.contains(Self.normalisedHeading(heading.text), word: $0) }
        }
    }
    /// A section whose heading starts with "Optional" (its prose recommendations become optional).
    private var isOptionalSection: Bool { stack.last.map { Self.normalisedHeading($0.text).hasPrefix("optional") } ?? false }
    private var sectionDirective: RuleDirective? { sectionDirectives.last?.directive }

    /// Heading text lower-cased, without `1.` numbering or a ` - P1` tag.
    static func normalisedHeading(_ text: String) -> String {
        var words = text.lowercased().split(separator: " ").map(String.init)
        if let last = words.last, words.count >= 3, words[words.count - 2] == "-" || words[words.count - 2] == "–",
           last.first == "p", last.dropFirst().allSatisfy(\.isNumber) {
            words.removeLast(2)
        }
        if let first = words.first, first.dropLast().allSatisfy(\.isNumber), first.hasSuffix(".") { words.removeFirst() }
        return words.joined(separator: " ")
    }

    // MARK: Blocks

    private mutating func process(_ blocks: [MarkdownNode]) {
        var pending: RuleDirective?
        var leadIn: LeadIn?
        let leadIns = Self.leadIns(in: blocks)
        for (index, block) in blocks.enumerated() {
            switch block.kind {
            case .heading(let level):
                while let last = stack.last, last.level >= level { stack.removeLast() }
                while let last = sectionDirectives.last, last.level >= level { sectionDirectives.removeLast() }
                if let heading = headings[block.range.start] { stack.append(heading) }
                if let pending { sectionDirectives.append((level, pending)) }
                pending = nil
                leadIn = nil
            case .htmlBlock(let html):
                if let directive = parseDirective(html, at: block.range) {
                    pending = directive
                }
            case .paragraph:
                if leadIns[index] {
                    leadIn = LeadIn(text: InlineMarkdown.masked(block.children), directive: pending)
                    pending = nil
                    continue
                }
                processParagraph(block, directive: pending)
                pending = nil
                leadIn = nil
            case .list:
                processList(block, leadIn: leadIn, directive: pending ?? leadIn?.directive)
                pending = nil
                leadIn = nil
            case .blockQuote:
                process(block.children)
                pending = nil
                leadIn = nil
            default:
                pending = nil
                leadIn = nil
            }
        }
    }

    /// For each block, whether it is a lead-in: a paragraph ending with `:` (or a bold-only label) right
    /// before a list, or before another label that introduces a list ("Every production feature must have:"
    /// → "**Controller Class:**" → list). Docgen comments in between are skipped.
    ///
    /// One pass from the last block backwards, not a search forward from each paragraph: a document may hold
    /// any number of labels in a row (a search from each would be quadratic, and recursion would overflow).
    static func leadIns(in blocks: [MarkdownNode]) -> [Bool] {
        var result = [Bool](repeating: false, count: blocks.count)
        var next: Int?
        for index in blocks.indices.reversed() {
            let block = blocks[index]
            if case .paragraph = block.kind, let nextIndex = next,
               isLabel(block) || block.plainText.trimming(.whitespaces).hasSuffix(":") {
                let following = blocks[nextIndex]
                if case .list = following.kind {
                    result[index] = true
                } else if case .paragraph = following.kind, isLabel(following) {
                    result[index] = result[nextIndex]
                }
            }
            if case .htmlBlock(let html) = block.kind, RuleDirective.isDirective(html) { continue }
            next = index
        }
        return result
    }

    /// A paragraph that is only bold text (`**Rules:**`, `**✅ Good:**`).
    static func isLabel(_ paragraph: MarkdownNode) -> Bool {
        let meaningful = paragraph.children.filter { node in
            if case .text(let text) = node.kind { return !text.trimming(CharacterSet(charactersIn: ": ")).isEmpty }
            if case .htmlInline = node.kind { return false }
            return true
        }
        guard meaningful.count == 1, let only = meaningful.first else { return false }
        if case .strong = only.kind { return true }
        return false
    }

    // MARK: Paragraphs

    private mutating func processParagraph(_ paragraph: MarkdownNode, directive: RuleDirective?) {
        let blockDirective = directive ?? sectionDirective
        if blockDirective?.kind == .notRules || blockDirective?.kind == .notRule { return }
        if directive?.kind == .rule {
            let nodes = Self.stripLeading(paragraph.children)
            let sentences = SentenceSplitter.split(nodes).map(\.nodes)
            let found = sentences.lazy.map { NormativeClassifier.classify(InlineMarkdown.masked($0)).strength }.first { $0 != nil } ?? nil
            add(nodes: nodes, details: [], sentences: sentences, line: paragraph.range.start.line,
                position: paragraph.range.start, strength: directive?.strength ?? found ?? .recommended,
                directive: directive, hints: [])
            return
        }
        let forced = blockDirective?.kind == .rules
        if !forced, isExcludedSection || inIntroduction || Self.isLabel(paragraph) { return }
        for sentence in SentenceSplitter.split(paragraph.children) {
            var nodes = Self.stripLeading(sentence.nodes)
            let inline = inlineDirective(in: nodes)
            if inline?.kind == .notRule || inline?.kind == .notRules { continue }
            nodes = Self.stripTrailingColon(Self.stripNoteLabel(nodes))
            let verdict = NormativeClassifier.classify(InlineMarkdown.masked(nodes))
            var strength: RuleStrength
            if inline?.kind == .rule || forced {
                strength = inline?.strength ?? verdict.strength ?? blockDirective?.strength ?? .recommended
            } else {
                guard verdict.isRule, let found = verdict.strength else { continue }
                strength = found
            }
            if isOptionalSection, strength == .recommended { strength = .optional }
            add(nodes: nodes, details: [], sentences: [nodes], line: paragraph.range.start.line + sentence.lineOffset,
                position: paragraph.range.start, strength: strength, directive: inline, hints: [verdict.lead])
        }
    }

    // MARK: Lists

    /// How the items of a list are read.
    private enum ListMode {
        /// Only items with a normative word or marker of their own.
        case cued
        /// Every item; the strength of items without a strong cue.
        case all(RuleStrength)
        /// Every item with this strength, unless it forbids something itself.
        case override(RuleStrength)
    }

    private mutating func processList(_ list: MarkdownNode, leadIn: LeadIn?, directive: RuleDirective?) {
        let mode: ListMode
        if let directive, directive.kind == .notRules || directive.kind == .notRule { return }
        if let directive, directive.kind == .rules {
            mode = .all(directive.strength ?? (isRuleListSection ? .required : .recommended))
        } else if case .notRules? = leadIn?.kind {
            return
        } else if let section = sectionDirective, section.kind == .rules {
            mode = .all(section.strength ?? .required)
        } else if sectionDirective?.kind == .notRules || isExcludedSection {
            return
        } else {
            switch leadIn?.kind {
            case .override(let strength)?: mode = .override(strength)
            case .defaultStrength(let strength)?: mode = .all(strength)
            default:
                if isRuleListSection {
                    mode = .all(.required)
                } else if Self.isParallelRuleList(list) {
                    mode = .all(.recommended)
                } else {
                    mode = .cued
                }
            }
        }
        for item in list.children {
            if case .item = item.kind { processItem(item, mode: mode, leadIn: leadIn) }
        }
    }

    /// A list of `**Label**: …` items of which at least two are normative ("Models/: Always.").
    static func isParallelRuleList(_ list: MarkdownNode) -> Bool {
        let statements = list.children.compactMap { item -> String? in
            guard let paragraph = item.children.first, case .paragraph = paragraph.kind else { return nil }
            return InlineMarkdown.masked(paragraph.children)
        }
        guard statements.count >= 2, statements.count == list.children.count,
              statements.allSatisfy({ NormativeClassifier.labelColon(Array($0)) != nil }) else { return false }
        let normative = statements.filter { statement in
            let characters = Array(statement)
            guard let colon = NormativeClassifier.labelColon(characters) else { return false }
            return NormativeClassifier.classify(String(characters[(colon + 1)...])).isRule
        }
        return normative.count >= 2
    }

    private mutating func processItem(_ item: MarkdownNode, mode: ListMode, leadIn: LeadIn?) {
        guard let paragraph = item.children.first, case .paragraph = paragraph.kind else {
            if let first = item.children.first, case .htmlBlock(let html) = first.kind, RuleDirective.isDirective(html) {
                diagnostics.append(Diagnostic(.warning, file: document.source.displayPath, range: first.range,
                    id: "rules.directive-position",
                    message: "a docgen directive at the start of a list item hides the item's text; put it at the end of the item"))
            }
            return
        }
        let nodes = Self.stripLeading(paragraph.children)
        let directive = inlineDirective(in: nodes)
        if directive?.kind == .notRule || directive?.kind == .notRules { return }
        let sentences = SentenceSplitter.split(nodes).map(\.nodes)
        // The ✅/❌ marker was stripped from the text; the first sentence is classified with it.
        var marked = InlineMarkdown.masked(paragraph.children)
        let marker = NormativeClassifier.takeMarker(&marked)?.symbol
        let verdicts = sentences.enumerated().map { index, sentence in
            NormativeClassifier.classify((index == 0 ? marker.map { $0 + " " } ?? "" : "") + InlineMarkdown.masked(sentence))
        }
        guard let first = verdicts.first else { return }
        var strength: RuleStrength
        if directive?.kind == .rule {
            strength = directive?.strength ?? verdicts.lazy.compactMap(\.strength).first ?? .recommended
        } else {
            if first.isMeta { return }
            switch mode {
            case .cued:
                guard let found = verdicts.first(where: \.isRule)?.strength else { return }
                strength = found
            case .all(let fallback):
                if let found = first.strength, first.cue != .weak || fallback.direction >= 0 {
                    strength = found
                } else {
                    strength = fallback
                }
            case .override(let fixed):
                // Only an item that itself starts by forbidding ("Never …", "Label: No …") escapes the lead-in.
                let lead = first.lead.trimming(.whitespaces)
                if let found = first.strength, first.cue == .strong, found.direction < 0, lead.isEmpty || lead.hasSuffix(":") {
                    strength = found
                } else {
                    strength = fixed
                }
            }
        }
        let statement = InlineMarkdown.masked(nodes)
        var hints: [String] = []
        if let colon = NormativeClassifier.labelColon(Array(statement)) { hints.append(String(statement.prefix(colon))) }
        if let leadIn { hints.append(leadIn.text) }
        hints.append(first.lead)
        add(nodes: nodes, details: Self.details(of: item), sentences: sentences, line: paragraph.range.start.line,
            position: item.range.start, strength: strength, directive: directive, hints: hints)
    }

    /// First paragraphs of every nested item, in order.
    static func details(of item: MarkdownNode) -> [[MarkdownNode]] {
        var details: [[MarkdownNode]] = []
        for child in item.children.dropFirst() {
            child.forEachDescendant { node, _ in
                guard case .item = node.kind, let paragraph = node.children.first, case .paragraph = paragraph.kind else { return }
                details.append(paragraph.children)
            }
        }
        return details
    }

    // MARK: Helpers

    private mutating func add(nodes: [MarkdownNode], details: [[MarkdownNode]], sentences: [[MarkdownNode]], line: Int,
                              position: SourcePosition, strength: RuleStrength, directive: RuleDirective?, hints: [String]) {
        guard !InlineMarkdown.plain(nodes).isEmpty else { return }
        let headingHints = stack.reversed().filter { $0.level >= 2 }.map(\.text)
            + [InlineMarkdown.masked(nodes)] + (documentSubjectHint.map { [$0] } ?? [])
        candidates.append(RuleCandidate(
            nodes: nodes, details: details, sentences: sentences, line: line, position: position, strength: strength,
            explicitID: directive?.kind == .rule ? directive?.id : nil,
            priority: directive?.priority ?? priority, sectionPath: sectionPath, sectionID: stack.last?.id,
            subjectHints: hints.filter { !$0.isEmpty } + headingHints))
    }

    private mutating func parseDirective(_ html: String, at range: SourceRange) -> RuleDirective? {
        guard let parsed = RuleDirective.parse(html) else { return nil }
        switch parsed {
        case .success(let directive):
            return directive
        case .failure(let error):
            diagnostics.append(Diagnostic(.warning, file: document.source.displayPath,
                                          range: SourceRange(line: range.start.line, column: max(range.start.column, 1)),
                                          id: "rules.directive", message: error.message))
            return nil
        }
    }

    /// A docgen comment inside a paragraph (`… <!-- docgen: rule id=x -->`).
    private mutating func inlineDirective(in nodes: [MarkdownNode]) -> RuleDirective? {
        for node in nodes {
            if case .htmlInline(let html) = node.kind, let directive = parseDirective(html, at: node.range) {
                return directive
            }
        }
        return nil
    }

    /// Removes a leading ✅/❌ marker and surrounding white space from a run of inlines.
    static func stripLeading(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var nodes = nodes
        guard let first = nodes.first, case .text(let text) = first.kind else { return nodes }
        var body = String(text.drop(while: \.isWhitespaceFast))
        _ = NormativeClassifier.takeMarker(&body)
        if body.isEmpty {
            nodes.removeFirst()
            if let next = nodes.first, case .text(let rest) = next.kind {
                nodes[0].kind = .text(String(rest.drop(while: \.isWhitespaceFast)))
            }
        } else {
            nodes[0].kind = .text(body)
        }
        return nodes
    }

    /// Removes the colon that ends a sentence introducing an example ("… using `glassEffect()`:").
    static func stripTrailingColon(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var nodes = nodes
        guard let last = nodes.last, case .text(var text) = last.kind else { return nodes }
        while text.last?.isWhitespaceFast == true { text.removeLast() }
        guard text.hasSuffix(":") else { return nodes }
        text.removeLast()
        nodes[nodes.count - 1].kind = .text(text)
        return nodes
    }

    /// Removes a leading `**Note:**` label from a sentence.
    static func stripNoteLabel(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        guard let first = nodes.first, case .strong = first.kind else { return nodes }
        let label = first.plainText.lowercased().trimming(.whitespaces)
        guard ["note:", "tip:", "important:", "warning:", "caution:", "remember:", "note", "tip", "important"].contains(label) else {
            return nodes
        }
        var rest = Array(nodes.dropFirst())
        if let next = rest.first, case .text(let text) = next.kind {
            let trimmed = text.drop { $0 == ":" || $0.isWhitespaceFast }
            rest[0].kind = .text(String(trimmed))
        }
        return rest
    }
}
