import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

// MARK: - Build-time Swift highlighting

/// Highlights Swift code with swift-syntax's classifications: `<span class="hl-keyword">…</span>`.
/// No JavaScript is needed to read highlighted code. Results are cached by code text.
public enum SwiftHighlighter {
    /// Highlighted code by code text, and the bytes both take.
    private struct Cache {
        var entries: [String: String] = [:]
        var bytes = 0
        /// The cache is emptied when it would hold more than this many bytes of code and HTML: a long-running
        /// process (`docgen serve`, the fuzzer) would otherwise keep every snippet it ever highlighted.
        var limit = 64 << 20
    }

    private static let cache = Locked(Cache())

    /// The HTML (escaped text and spans) for `code`, without the surrounding `<pre><code>`.
    public static func highlight(_ code: String) -> String {
        if let cached = cache.withLock({ $0.entries[code] }) { return cached }
        let html = render(code)
        let size = code.utf8.count + html.utf8.count
        cache.withLock { cache in
            guard size <= cache.limit else { return }
            if cache.bytes + size > cache.limit {
                cache.entries.removeAll()
                cache.bytes = 0
            }
            if cache.entries.updateValue(html, forKey: code) == nil { cache.bytes += size }
        }
        return html
    }

    /// Bytes of code and HTML held by the cache, and its limit (for tests).
    static var cacheUsage: (bytes: Int, limit: Int) { cache.withLock { ($0.bytes, $0.limit) } }

    /// Changes the cache's limit (for tests); returns the previous one.
    @discardableResult
    static func setCacheLimit(_ bytes: Int) -> Int {
        cache.withLock { cache in
            defer { cache.limit = bytes }
            return cache.limit
        }
    }

    private static func render(_ code: String) -> String {
        // Code swift-syntax would need exponential time for is shown as plain text (DocumentAnalyzer warns).
        guard SwiftSyntaxBudget.canParse(code) else { return HTMLEscaping.escape(code) }
        let tree = Parser.parse(source: code)
        let bytes = Array(code.utf8)
        var html = ""
        html.reserveCapacity(bytes.count * 2)
        var position = 0
        for classified in tree.classifications {
            let start = max(classified.range.lowerBound.utf8Offset, position)
            let end = min(classified.range.upperBound.utf8Offset, bytes.count)
            guard start < end else { continue }
            if start > position { html += HTMLEscaping.escape(text(bytes, position, start)) }
            let escaped = HTMLEscaping.escape(text(bytes, start, end))
            if let name = className(classified.kind) {
                html += "<span class=\"hl-\(name)\">\(escaped)</span>"
            } else {
                html += escaped
            }
            position = end
        }
        if position < bytes.count { html += HTMLEscaping.escape(text(bytes, position, bytes.count)) }
        return html
    }

    private static func text(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The CSS class suffix for a classification; nil for plain text.
    static func className(_ kind: SyntaxClassification) -> String? {
        switch kind {
        case .keyword: return "keyword"
        case .identifier: return "identifier"
        case .type: return "type"
        case .attribute: return "attribute"
        case .stringLiteral: return "string"
        case .integerLiteral, .floatLiteral: return "number"
        case .lineComment, .blockComment: return "comment"
        case .docLineComment, .docBlockComment: return "doc-comment"
        case .operator: return "operator"
        case .ifConfigDirective: return "directive"
        case .editorPlaceholder: return "placeholder"
        case .regexLiteral: return "regex"
        case .dollarIdentifier: return "dollar"
        case .argumentLabel: return "label"
        case .none: return nil
        @unknown default: return nil
        }
    }
}
