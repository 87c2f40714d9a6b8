import Foundation

// MARK: - Inline Markdown of a run of nodes

/// Turns runs of inline nodes back into inline Markdown, plain text or HTML (rule texts are
/// sentences cut out of paragraphs, so they are rebuilt from the tree rather than sliced from the file).
enum InlineMarkdown {
    /// Inline Markdown for `nodes`. HTML comments (docgen directives) are dropped.
    static func markdown(_ nodes: [MarkdownNode]) -> String {
        var result = ""
        for node in nodes { append(node, to: &result) }
        return collapseSpaces(result)
    }

    /// Plain text for `nodes`: text and code content, breaks as spaces, no markup.
    static func plain(_ nodes: [MarkdownNode]) -> String {
        collapseSpaces(nodes.map(\.plainText).joined())
    }

    /// Plain text with every code span replaced by `§`, for classifying normative words
    /// (so that `Task<Void, Never>` is not read as "never").
    static func masked(_ nodes: [MarkdownNode]) -> String {
        var result = ""
        for node in nodes {
            node.walk { node, event, _ in
                guard event == .enter else { return true }
                switch node.kind {
                case .text(let text): result += text
                case .code: result += "§"
                case .softBreak, .lineBreak: result += " "
                default: break
                }
                return true
            }
        }
        return collapseSpaces(result)
    }

    /// HTML for `nodes`, exactly as the document page renders them (without a `<p>`).
    static func html(_ nodes: [MarkdownNode]) -> String {
        let range = nodes.first?.range ?? SourceRange(line: 0)
        let wrapper = MarkdownNode(kind: .document, range: range, children: nodes.filter {
            if case .htmlInline(let html) = $0.kind, RuleDirective.isDirective(html) { return false }
            return true
        })
        return HTMLRenderer.render(wrapper, decorator: PlainHTMLDecorator())
            .trimming(.whitespacesAndNewlines)
    }

    // MARK: - Helpers

    private static func append(_ node: MarkdownNode, to result: inout String) {
        switch node.kind {
        case .text(let text):
            result += escape(text)
        case .code(let code):
            result += codeSpan(code)
        case .softBreak, .lineBreak:
            result += " "
        case .htmlInline(let html):
            if !RuleDirective.isDirective(html) { result += html }
        case .emphasis:
            result += "*"; node.children.forEach { append($0, to: &result) }; result += "*"
        case .strong:
            result += "**"; node.children.forEach { append($0, to: &result) }; result += "**"
        case .strikethrough:
            result += "~~"; node.children.forEach { append($0, to: &result) }; result += "~~"
        case .link(let destination, _):
            result += "["; node.children.forEach { append($0, to: &result) }; result += "](\(destination))"
        case .image(let source, _):
            result += "!["; node.children.forEach { append($0, to: &result) }; result += "](\(source))"
        default:
            node.children.forEach { append($0, to: &result) }
        }
    }

    /// A code span with a fence longer than any backtick run inside it.
    static func codeSpan(_ code: String) -> String {
        var longest = 0, current = 0
        for character in code {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = code.hasPrefix("`") || code.hasSuffix("`") ? " " : ""
        return fence + padding + code + padding + fence
    }

    /// Escapes the characters that would otherwise start inline markup.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<":
                result.append("\\")
                result.append(character)
            default:
                result.append(character)
            }
        }
        return result
    }

    /// Collapses runs of whitespace into one space and trims the ends.
    static func collapseSpaces(_ text: String) -> String {
        collapseSpacesOnScalars(text) ?? collapseSpacesOnCharacters(text)
    }

    /// `collapseSpaces` by `Character`: the definition, and the fallback of `collapseSpacesOnScalars`.
    static func collapseSpacesOnCharacters(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// `collapseSpaces` on Unicode scalars, for the common case; nil (use the character loop) when the
    /// text has non-ASCII whitespace or when a whitespace scalar and its neighbour form one character (a
    /// combining mark or joiner after it, a prepended mark before it). ASCII whitespace is space, tab, line
    /// feed, vertical tab, form feed and carriage return, as for `Character.isWhitespace`.
    static func collapseSpacesOnScalars(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        var lastWhitespace: Unicode.Scalar?
        var lastNonASCII: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value == 0x20 || (value >= 0x09 && value <= 0x0D) {
                    if let previous = lastNonASCII, formOneCharacter(previous, scalar) { return nil }
                    if !lastWasSpace { bytes.append(0x20) }
                    lastWasSpace = true
                    lastWhitespace = scalar
                } else {
                    bytes.append(UInt8(value))
                    lastWasSpace = false
                    lastWhitespace = nil
                }
                lastNonASCII = nil
            } else {
                if scalar.isWhitespaceFast { return nil }
                if let whitespace = lastWhitespace, formOneCharacter(whitespace, scalar) { return nil }
                UTF8.encode(scalar) { bytes.append($0) }
                lastWasSpace = false
                lastWhitespace = nil
                lastNonASCII = scalar
            }
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `first` followed by `second` is a single character (no grapheme break between them).
    private static func formOneCharacter(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var scalars = String.UnicodeScalarView()
        scalars.append(first)
        scalars.append(second)
        return String(scalars).count == 1
    }
}
