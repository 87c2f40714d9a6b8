import Foundation

// MARK: - Clauses of a sentence

/// Cuts a sentence's inline nodes into clauses for the conflict finder (see `RuleBuilder.claims`).
enum ClauseSplitter {
    /// A clause: its nodes, whether it contrasts with the sentence, and its index.
    struct Clause {
        var nodes: [MarkdownNode]
        var isContrast: Bool
        var position: Int
    }

    /// Separators that start a new clause contrasting with the sentence.
    static let contrasts = [", not ", " and not ", " or not ", ", never ", " instead of ", " rather than ", " over ", "; instead", ", instead"]
    /// Separators that start a new clause of the same kind.
    static let separators = [";", ", "]
    /// Separators after which the rest of the clause is an aside.
    static let asides = [" (", " -- ", " — ", " - ", " unless ", " except ", " when ", " if ", " but ", " so that "]

    /// Every separator, contrasts first, then separators, then asides.
    private static let markers = TextMarkers(contrasts + separators + asides)

    static func clauses(_ nodes: [MarkdownNode]) -> [Clause] {
        var clauses: [Clause] = []
        var current: [MarkdownNode] = []
        var currentIsContrast = false
        var inAside = false
        var depth = 0
        func flush(nextIsContrast: Bool) {
            if !current.isEmpty { clauses.append(Clause(nodes: current, isContrast: currentIsContrast, position: clauses.count)) }
            current = []
            currentIsContrast = nextIsContrast
            inAside = false
        }
        for node in nodes {
            guard case .text(let text) = node.kind else {
                if !inAside, depth == 0 { current.append(node) }
                continue
            }
            var rest = Substring(text)
            while !rest.isEmpty {
                // Inside parentheses: skip to the closing one.
                if depth > 0 {
                    if let close = rest.firstIndex(of: ")") {
                        depth -= 1
                        rest = rest[rest.index(after: close)...]
                        continue
                    }
                    rest = ""
                    break
                }
                // The earliest separator; at the same place a contrast wins, then the list order.
                guard let match = markers.firstMatch(in: rest) else {
                    if !inAside { current.append(MarkdownNode(kind: .text(String(rest)), range: node.range)) }
                    break
                }
                let cut = (range: match.range, contrast: match.marker < contrasts.count,
                           aside: match.marker >= contrasts.count + separators.count)
                let head = rest[..<cut.range.lowerBound]
                if !inAside, !head.isEmpty { current.append(MarkdownNode(kind: .text(String(head)), range: node.range)) }
                rest = rest[cut.range.upperBound...]
                if cut.aside {
                    if text[cut.range].hasSuffix("(") { depth += 1 } else { inAside = true }
                } else {
                    flush(nextIsContrast: cut.contrast)
                }
            }
        }
        flush(nextIsContrast: false)
        return clauses
    }
}
