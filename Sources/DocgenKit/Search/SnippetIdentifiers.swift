import SwiftParser
import SwiftSyntax

// MARK: - Identifiers of a Swift example

/// The identifiers a Swift example uses, read with swift-syntax's tokens: type, function, property
/// and attribute names (`@Observable` gives `Observable`, `$store` gives `store`), in order of first use,
/// without repeats; anonymous closure parameters (`$0`) and `_` are left out.
/// Results are cached by code text (`docgen serve` rebuilds the index after every edit).
public enum SnippetIdentifiers {
    private static let cache = Locked<[String: [String]]>([:])

    /// The distinct identifiers of `code`, in order of first appearance.
    public static func identifiers(in code: String) -> [String] {
        if let cached = cache.withLock({ $0[code] }) { return cached }
        let result = scan(code)
        cache.withLock { $0[code] = result }
        return result
    }

    private static func scan(_ code: String) -> [String] {
        guard SwiftSyntaxBudget.canParse(code) else { return [] }  // swift-syntax would take exponential time
        let tree = Parser.parse(source: code)
        var seen: Set<String> = []
        var result: [String] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let name: String
            switch token.tokenKind {
            case .identifier(let text): name = text
            case .dollarIdentifier(let text): name = text
            default: continue
            }
            if token.parent?.is(DeclModifierDetailSyntax.self) == true { continue }  // `set` of `private(set)`
            var bare = Substring(name)
            if bare.hasPrefix("`"), bare.hasSuffix("`"), bare.count > 2 { bare = bare.dropFirst().dropLast() }
            if bare.hasPrefix("$") { bare = bare.dropFirst() }  // `$binding` → `binding`; `$0` is dropped below
            guard bare.contains(where: \.isLetter), seen.insert(String(bare)).inserted else { continue }
            result.append(String(bare))
        }
        return result
    }
}
