import SwiftParser
import SwiftSyntax

// MARK: - Choosing how to batch a snippet

/// Sorts snippets for batching with swift-syntax (in process, microseconds per snippet).
///
/// The classification only decides *how* a snippet is sent to `swiftc`; `swiftc` alone decides the verdict,
/// and any snippet that draws a message in a batch is parsed again on its own.
public enum SnippetClassifier {
    /// How a snippet can be batched.
    public enum Kind: Sendable, Equatable {
        /// No statements or expressions at the top level (as far as swift-syntax can tell, errors or not):
        /// parsed as a library file of a batch (one file each).
        case declarations
        /// Statements or expressions at the top level, and no syntax error: goes into a batch's `main.swift`.
        case topLevelCode
        /// Top-level code with syntax errors (it cannot share a `main.swift`), or something only legal at the
        /// start of a main file (`#!`, `#sourceLocation`): parsed on its own at once.
        case alone
    }

    /// The kind of `code`.
    public static func classify(_ code: String) -> Kind {
        if code.hasPrefix("#!") || code.contains("#sourceLocation") { return .alone }
        // swift-syntax would need exponential time: swiftc alone decides, under the per-snippet timeout.
        guard SwiftSyntaxBudget.canParse(code) else { return .alone }
        let tree = Parser.parse(source: code)
        guard containsTopLevelCode(tree.statements) else { return .declarations }
        return tree.hasError ? .alone : .topLevelCode
    }

    private static func containsTopLevelCode(_ items: CodeBlockItemListSyntax) -> Bool {
        for item in items {
            switch item.item {
            case .stmt, .expr:
                return true
            case .decl(let decl):
                if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .statements(let statements)? = clause.elements, containsTopLevelCode(statements) { return true }
                    }
                }
            }
        }
        return false
    }
}
