import Foundation

// MARK: - Parse and analyse one document

/// Turns a `SourceFile` into a `Document`: front matter, Markdown tree, headings with ids,
/// snippets with their sections and polarity, links.
public enum DocumentAnalyzer {
    /// Parses and analyses `file`. Front matter problems are returned as diagnostics and the
    /// document is then parsed as if it had none.
    public static func analyze(_ file: SourceFile) -> (Document, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let split = FrontMatter.split(file.text)
        if case .failure(let failure) = split {
            diagnostics.append(frontMatterDiagnostic(failure, file: file.displayPath))
        }
        let (frontMatter, body, lineOffset) = markdownBody(of: file, split)
        let (root, flattenedAt) = MarkdownParser.parseLimitingNesting(body, lineOffset: lineOffset)
        if let flattenedAt {
            diagnostics.append(Diagnostic(.warning, file: file.displayPath, range: SourceRange(start: flattenedAt, end: flattenedAt),
                id: "markdown.too-deep",
                message: "block quotes, lists or emphasis are nested more than \(MarkdownParser.maximumNesting) levels deep here; the deeper levels are flattened into level \(MarkdownParser.maximumNesting)"))
        }
        var walker = Walker(file: file)
        walker.walk(root)
        diagnostics += walker.diagnostics

        let firstH1 = walker.headings.first { $0.level == 1 }?.text
        let title = nonEmpty(frontMatter?["title"]) ?? nonEmpty(frontMatter?["name"]) ?? firstH1
            ?? file.slug.split(separator: "/").last.map(String.init) ?? file.slug
        let summary = nonEmpty(frontMatter?["description"]) ?? walker.firstParagraph.map { abbreviate($0) } ?? ""
        let document = Document(
            source: file, frontMatter: frontMatter, root: root, title: title, summary: summary,
            headings: walker.headings, snippets: walker.snippets, links: walker.links, wordCount: walker.wordCount)
        return (document, diagnostics)
    }

    /// The Markdown tree of `file`, exactly as `analyze` makes it, without analysing it: for a build that
    /// let go of the tree after analysis and needs it again to render the page.
    public static func tree(of file: SourceFile) -> MarkdownNode {
        let (_, body, lineOffset) = markdownBody(of: file, FrontMatter.split(file.text))
        return MarkdownParser.parseLimitingNesting(body, lineOffset: lineOffset).root
    }

    /// The front matter, the text after it and the number of lines before it (no front matter, the whole
    /// text and 0 when there is none or it is malformed), from `split`, what `FrontMatter.split` made of `file`.
    private static func markdownBody(of file: SourceFile, _ split: Result<(FrontMatter?, body: String), FrontMatter.Failure>)
        -> (FrontMatter?, String, Int) {
        guard case .success(let (matter, text)) = split else { return (nil, file.text, 0) }
        return (matter, text, matter?.lineCount ?? 0)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimming(.whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// Shortens text to about `limit` characters at a word boundary.
    static func abbreviate(_ text: String, limit: Int = 220) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

    private static func frontMatterDiagnostic(_ failure: FrontMatter.Failure, file: String) -> Diagnostic {
        switch failure {
        case .unterminated:
            return Diagnostic(.error, file: file, line: 1, id: "front-matter.unterminated",
                message: "front matter starts with '---' but has no closing '---' line; add one after the YAML")
        case .invalidYAML(let line, let message):
            return Diagnostic(.error, file: file, line: line, id: "front-matter.invalid",
                message: "front matter is not valid YAML: \(message)")
        case .notAMapping(let line, let found):
            return Diagnostic(.error, file: file, line: line, id: "front-matter.not-mapping",
                message: "front matter must be a YAML mapping (key: value lines), found \(found)")
        }
    }

    // MARK: - The walk

    /// One pass over the tree collecting everything the later steps need.
    private struct Walker {
        let file: SourceFile
        var slugger = Slugger()
        var headings: [Heading] = []
        var snippets: [Snippet] = []
        var links: [LinkReference] = []
        var diagnostics: [Diagnostic] = []
        var wordCount = 0
        var firstParagraph: String?
        /// The open headings: (level, text, id).
        var sectionStack: [(level: Int, text: String, id: String)] = []
        var snippetsInSection: [String: Int] = [:]
        /// The last label-like paragraph since the current heading, for snippet polarity.
        var lastLabel: String?

        init(file: SourceFile) {
            self.file = file
        }

        mutating func walk(_ root: MarkdownNode) {
            root.walk { node, event, ancestors in
                guard event == .enter else { return true }
                return visit(node, ancestors: ancestors)
            }
        }

        private mutating func visit(_ node: MarkdownNode, ancestors: [MarkdownNode]) -> Bool {
            switch node.kind {
            case .heading(let level):
                addHeading(node, level: level)
                return false
            case .paragraph:
                let text = node.plainText
                wordCount += text.split(whereSeparator: \.isWhitespaceFast).count
                if ancestors.count == 1 {
                    if Self.isLabel(node, text: text) {
                        lastLabel = text
                    } else if firstParagraph == nil, !text.isEmpty {
                        firstParagraph = text
                    }
                }
                return true
            case .codeBlock(let info, let literal, _):
                addSnippetIfSwift(node, info: info, code: literal)
                return false
            case .link(let destination, _), .image(let destination, _):
                var range = node.range
                if !range.isKnown, let block = ancestors.last(where: { $0.kind.isBlock && $0.range.isKnown }) {
                    range = block.range
                }
                links.append(LinkReference(destination: destination, text: node.plainText, range: range,
                                           isImage: { if case .image = node.kind { return true }; return false }()))
                return true
            default:
                return true
            }
        }

        private mutating func addHeading(_ node: MarkdownNode, level: Int) {
            let text = node.plainText.trimming(.whitespaces)
            let id = slugger.unique(text)
            let inline = MarkdownNode(kind: .document, range: node.range, children: node.children)
            headings.append(Heading(level: level, id: id, text: text,
                                    html: HTMLRenderer.render(inline, decorator: PlainHTMLDecorator()),
                                    range: node.range, priority: Self.priorityTag(text)))
            while let last = sectionStack.last, last.level >= level { sectionStack.removeLast() }
            sectionStack.append((level, text, id))
            lastLabel = nil
        }

        private mutating func addSnippetIfSwift(_ node: MarkdownNode, info: String, code: String) {
            let words = info.trimming(.whitespaces)
            let language = words.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            guard language.lowercased() == "swift" else { return }
            let attributes = SnippetAttributes(parsing: String(words.dropFirst(language.count)))
            let sectionID = sectionStack.last?.id ?? "top"
            let ordinalInSection = (snippetsInSection[sectionID] ?? 0) + 1
            snippetsInSection[sectionID] = ordinalInSection
            let codeLines = code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let firstLine = node.range.start.line + 1
            var polarity = attributes.polarity ?? Self.polarity(ofLabel: lastLabel)
            var label = attributes.polarity == nil ? lastLabel : nil
            if attributes.polarity == nil, polarity == .neutral, let fromComment = Self.polarity(ofFirstLine: code) {
                polarity = fromComment
                label = code.split(separator: "\n").first.map(String.init)
            }
            if polarity == .neutral { label = nil }
            let snippet = Snippet(
                id: "\(file.slug.replacingOccurrences(of: "/", with: "."))." + "\(sectionID).\(ordinalInSection)",
                anchor: "example-\(sectionID)-\(ordinalInSection)",
                document: file.slug, file: file.displayPath,
                sectionPath: sectionStack.map(\.text), sectionID: sectionID,
                ordinal: snippets.count + 1, ordinalInSection: ordinalInSection,
                fenceLine: node.range.start.line, firstLine: firstLine,
                lastLine: firstLine + max(codeLines, 1) - 1,
                indentation: node.range.start.column,
                info: info, attributes: attributes, code: code, polarity: polarity, label: label)
            snippets.append(snippet)
            if let tooDeep = SwiftSyntaxBudget.firstLineTooDeep(code) {
                diagnostics.append(Diagnostic(.warning, file: file.displayPath,
                    range: SourceRange(line: firstLine + tooDeep, column: max(node.range.start.column, 1)),
                    id: "snippet.too-deep",
                    message: "'[' nest more than \(SwiftSyntaxBudget.maximumBracketNesting) levels deep in this Swift example; swift-syntax would take exponential time, so it is not highlighted",
                    snippet: snippet.id))
            }
            for word in attributes.unknown {
                diagnostics.append(Diagnostic(.warning, file: file.displayPath,
                    range: SourceRange(line: node.range.start.line, column: node.range.start.column),
                    id: "snippet.unknown-attribute",
                    message: "unknown snippet attribute '\(word)'; known attributes: \(SnippetAttributes.known.joined(separator: ", "))",
                    snippet: snippet.id))
            }
        }

        // MARK: Labels and polarity

        /// A short paragraph that introduces what follows: wholly bold, or ending with a colon.
        static func isLabel(_ node: MarkdownNode, text: String) -> Bool {
            let trimmed = text.trimming(.whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 160 else { return false }
            if node.children.count == 1, case .strong = node.children[0].kind { return true }
            return trimmed.hasSuffix(":")
        }

        /// Polarity from a label such as `✅ Good:`, `❌ Bad:`, `Incorrect`, `Before (Custom):`.
        static func polarity(ofLabel label: String?) -> Snippet.Polarity {
            guard let label else { return .neutral }
            let text = label.trimming(.whitespaces)
            if text.hasPrefix("✅") { return .good }
            if text.hasPrefix("❌") || text.hasPrefix("🚫") { return .bad }
            let firstWord = text.lowercased().split(whereSeparator: { !$0.isLetterFast }).first.map(String.init) ?? ""
            switch firstWord {
            case "good", "correct", "after", "do", "right", "preferred", "recommended": return .good
            case "bad", "incorrect", "before", "wrong", "avoid", "don", "legacy": return .bad
            default: return .neutral
            }
        }

        /// Polarity from a first-line comment such as `// Incorrect` or `// ✅ Good`.
        static func polarity(ofFirstLine code: String) -> Snippet.Polarity? {
            guard let first = code.split(separator: "\n").first?.trimming(.whitespaces),
                  first.hasPrefix("//") else { return nil }
            let comment = first.dropFirst(2).trimming(.whitespaces)
            let polarity = polarity(ofLabel: comment)
            return polarity == .neutral ? nil : polarity
        }

        /// `P1` from `View structure - P1` (a trailing ` - P<n>` tag).
        static func priorityTag(_ text: String) -> String? {
            let parts = text.split(separator: " ")
            guard parts.count >= 3, parts[parts.count - 2] == "-" || parts[parts.count - 2] == "–",
                  let last = parts.last, last.count >= 2, last.first == "P",
                  last.dropFirst().allSatisfy(\.isNumber) else { return nil }
            return String(last)
        }
    }
}
