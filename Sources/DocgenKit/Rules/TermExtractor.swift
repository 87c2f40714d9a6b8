import Foundation

// MARK: - Terms a rule speaks of

/// Finds the subjects of a rule: normalised code terms from its code spans (`@Observable`,
/// `private(set)`, `Task.isCancelled`) and key nouns from a small lexicon (singleton, view model …).
///
/// Normalisation: plurals and spelling variants map to one canonical term (`ViewModels`,
/// "view models" → `view model`; `Tasks`, "tasks" → `Task`); a leading `.` and trailing `()` are
/// dropped from code (`.glassEffect()` → `glassEffect`); camel-case words in prose count as code
/// (`NavigationStack`). Generic Swift types (`Void`, `String` …) and platform names are ignored.
public enum TermExtractor {
    // MARK: - Lexicon

    /// Canonical noun terms and the spellings that map to them (lower-case, words separated by spaces).
    static let lexicon: [(canonical: String, variants: [String])] = [
        ("view model", ["view model", "view models", "viewmodel", "viewmodels", "view-model", "view-models"]),
        ("controller", ["controller", "controllers"]),
        ("service", ["service", "services"]),
        ("client", ["client", "clients"]),
        ("model", ["model", "models"]),
        ("view", ["view", "views"]),
        ("repository", ["repository", "repositories"]),
        ("use case", ["use case", "use cases", "usecase", "usecases"]),
        ("singleton", ["singleton", "singletons"]),
        ("force unwrap", ["force unwrap", "force unwraps", "force unwrapped", "force unwrapping", "force-unwrap", "force-unwraps"]),
        ("implicitly unwrapped optional", ["implicitly unwrapped optional", "implicitly unwrapped optionals"]),
        ("protocol witness", ["protocol witness", "protocol witnesses"]),
        ("protocol", ["protocol", "protocols", "protocol-based"]),
        ("mock", ["mock", "mocks", "mocked", "mocking"]),
        ("preview", ["preview", "previews"]),
        ("modifier", ["modifier", "modifiers"]),
        ("subview", ["subview", "subviews"]),
        ("navigation", ["navigation"]),
        ("error state", ["error state", "error states"]),
        ("error", ["error", "errors"]),
        ("Task", ["task", "tasks"]),
        ("cancellation", ["cancellation", "cancel", "cancelled"]),
        ("actor", ["actor", "actors"]),
        ("struct", ["struct", "structs"]),
        ("class", ["class", "classes"]),
        ("enum", ["enum", "enums"]),
        ("extension", ["extension", "extensions"]),
        ("business logic", ["business logic"]),
        ("presentation logic", ["presentation logic"]),
        ("global mutable state", ["global mutable state"]),
        ("global variable", ["global variable", "global variables"]),
        ("god object", ["god object", "god objects", "god-object", "god-objects"]),
        ("anti-pattern", ["anti-pattern", "anti-patterns", "antipattern", "antipatterns"]),
        ("dependency injection", ["dependency injection"]),
        ("API key", ["api key", "api keys"]),
        ("secret", ["secret", "secrets"]),
        ("Keychain", ["keychain"]),
        ("liquid glass", ["liquid glass"]),
        ("glass effect", ["glass effect", "glass effects"]),
        ("container", ["container", "containers"]),
        ("tint", ["tint", "tints"]),
        ("button", ["button", "buttons"]),
        ("property", ["property", "properties"]),
        ("initializer", ["initializer", "initializers", "initialiser", "initialisers"]),
        ("completion handler", ["completion handler", "completion handlers"]),
        ("closure", ["closure", "closures"]),
        ("access level", ["access level", "access levels", "access control"]),
        ("cache", ["cache", "caches", "caching"]),
        ("unit test", ["unit test", "unit tests"]),
        ("UI test", ["ui test", "ui tests"]),
        ("test", ["test", "tests", "testing"]),
        ("UI state", ["ui state", "business state", "ui/business state"]),
        ("network call", ["network call", "network calls"]),
        ("concurrency", ["concurrency"]),
        ("accessibility", ["accessibility"]),
        ("naming", ["naming", "naming conventions"]),
        ("@MainActor", ["main actor", "mainactor"]),
        ("@Observable", ["observable"]),
        ("Sendable", ["sendable"]),
        ("deinit", ["deinit"]),
        ("async", ["async"]),
        ("environment", ["environment"]),
    ]

    /// Nouns too general to pair two rules on their own (they name a layer, not a practice).
    public static let genericTerms: Set<String> = ["view", "controller", "service", "client", "model", "view model",
                                                   "property", "error", "test", "layer", "environment", "async", "Task",
                                                   "let", "var", "init", "initializer"]

    /// Code words kept as terms when they stand alone in lower case.
    static let codeKeywords: Set<String> = ["actor", "struct", "class", "protocol", "enum", "extension", "final",
                                            "private", "fileprivate", "deinit", "static", "async", "await", "body",
                                            "let", "var", "mock", "live", "throws", "init", "some", "any"]

    /// Code identifiers that are never terms.
    static let ignoredCode: Set<String> = ["Void", "Never", "String", "Int", "Bool", "Double", "Float", "Self",
                                           "Content", "Element", "T", "ID", "Data", "SwiftUI", "UIKit", "iOS",
                                           "macOS", "API", "UI", "MVC", "MVVM", "should", "will", "has", "can", "is"]

    private static let variantIndex: [String: [(words: [String], canonical: String)]] = {
        var index: [String: [(words: [String], canonical: String)]] = [:]
        for (canonical, variants) in lexicon {
            for variant in variants {
                let words = variant.split(separator: " ").map(String.init)
                if let first = words.first { index[first, default: []].append((words, canonical)) }
            }
        }
        for key in index.keys { index[key]?.sort { $0.words.count > $1.words.count } }
        return index
    }()

    // MARK: - Extracting

    /// Terms of a run of inline nodes (a rule's own text plus its nested qualifications), in order, unique by key.
    public static func terms(in nodes: [MarkdownNode]) -> [String] {
        var found: [String] = []
        for node in nodes {
            node.walk { node, event, _ in
                guard event == .enter else { return true }
                if case .code(let code) = node.kind { found += codeTerms(code) }
                return true
            }
        }
        found += nounTerms(InlineMarkdown.masked(nodes))
        return unique(found)
    }

    /// Terms of a plain-text fragment (nouns and camel-case identifiers only).
    public static func terms(inPlainText text: String) -> [String] {
        unique(nounTerms(text))
    }

    /// The comparison key of a term: the canonical spelling itself (`Task` the type and `task` the
    /// modifier differ; nouns are canonicalised by the lexicon).
    public static func key(_ term: String) -> String { term }

    /// Maps what a user typed (`singletons`, `` `ViewModels` ``, `observable`) to a term key.
    public static func canonicalKey(_ query: String) -> String {
        let trimmed = query.trimming(CharacterSet(charactersIn: "` ").union(.whitespaces))
        if let noun = nounTerms(trimmed).first, noun.count >= trimmed.count - 3 { return key(noun) }
        if let code = codeTerms(trimmed).first { return key(code) }
        return key(trimmed)
    }

    // MARK: - Code spans

    /// Terms of one code span.
    static func codeTerms(_ code: String) -> [String] {
        let span = stripStrings(code.trimming(.whitespaces))
        guard !span.isEmpty else { return [] }
        if span.contains("static let shared") { return ["static let shared", "singleton"] }
        let tokens = tokenize(span)
        guard let first = tokens.first else { return [] }
        // A single name, attribute or member path: `@Observable`, `private(set)`, `.task {}`, `Task.isCancelled`.
        if span.hasPrefix("."), first.isCall || tokens.count == 1 {
            return keep(first, alone: true, modifier: true).map { [$0] } ?? []
        }
        if tokens.count == 1 {
            return keep(first, alone: true).map { [$0] } ?? []
        }
        var terms: [String] = []
        for (index, token) in tokens.enumerated() {
            if let term = keep(token, alone: false, first: index == 0) { terms.append(term) }
        }
        return terms
    }

    /// A name in a code span: its text, whether it is called, and whether it is a member path.
    struct Token {
        var text: String
        var isCall: Bool
    }

    /// Names in code: `@Attr`, `#macro`, `name`, `a.b.c`, `private(set)`.
    private static func tokenize(_ code: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(code)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let startsName = character.isLetterFast || character == "_" || ((character == "@" || character == "#")
                && index + 1 < characters.count && characters[index + 1].isLetterFast)
            guard startsName, index == 0 || !characters[index - 1].isLetterOrNumber else {
                index += 1
                continue
            }
            var name = String(character)
            index += 1
            while index < characters.count {
                let next = characters[index]
                if next.isLetterOrNumber || next == "_" {
                    name.append(next)
                } else if next == ".", index + 1 < characters.count, characters[index + 1].isLetterFast {
                    name.append(next)
                } else {
                    break
                }
                index += 1
            }
            var isCall = false
            if index < characters.count, characters[index] == "(" {
                isCall = true
                if name == "private" || name == "fileprivate" || name == "internal",
                   let close = characters[index...].firstIndex(of: ")") {
                    let inner = String(characters[(index + 1)..<close])
                    if inner == "set" {
                        name += "(set)"
                        index = close + 1
                        isCall = false
                    }
                }
            }
            tokens.append(Token(text: name, isCall: isCall))
        }
        return tokens
    }

    /// The term for a token, or nil if it is not worth indexing.
    private static func keep(_ token: Token, alone: Bool, first: Bool = true, modifier: Bool = false) -> String? {
        var name = token.text
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, !ignoredCode.contains(name) else { return nil }
        if name.hasPrefix("@") || name.hasPrefix("#") || name.contains("(set)") || name.contains(".") { return name }
        if !modifier, let noun = lexiconTerm(word: name) { return noun }
        if codeKeywords.contains(name) {
            return alone || ["actor", "struct", "class", "protocol", "enum", "final", "deinit", "fileprivate"].contains(name) ? name : nil
        }
        if name.first?.isUppercase == true { return name }
        if token.isCall, first { return name }
        if name.contains(where: \.isUppercase) { return alone ? name : nil }
        return alone && name.count >= 4 ? name : nil
    }

    /// The canonical term of a single word the lexicon knows (`Tasks` → `Task`, `ViewModel` → `view model`).
    private static func lexiconTerm(word: String) -> String? {
        variantIndex[word.lowercased()]?.first { $0.words.count == 1 }?.canonical
    }

    // MARK: - Nouns

    /// Lexicon nouns and camel-case identifiers in prose (code spans masked).
    static func nounTerms(_ text: String) -> [String] {
        let words = words(of: text)
        var terms: [String] = []
        var index = 0
        while index < words.count {
            let lower = words[index].lowercased()
            var matched = false
            for candidate in variantIndex[lower] ?? [] {
                let end = index + candidate.words.count
                guard end <= words.count else { continue }
                if zip(candidate.words, words[index..<end]).allSatisfy({ $0 == $1.lowercased() }) {
                    terms.append(candidate.canonical)
                    index = end
                    matched = true
                    break
                }
            }
            if matched { continue }
            let word = words[index]
            if isCamelCase(word), !ignoredCode.contains(word) {
                terms.append(word)
            }
            index += 1
        }
        return terms
    }

    /// Words of prose: letters, digits, `-`, `/` and `'` inside words.
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetterOrNumber || ((character == "-" || character == "/" || character == "'") && !current.isEmpty) {
                current.append(character)
            } else {
                if !current.isEmpty { words.append(trimTrailing(current)) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(trimTrailing(current)) }
        return words.flatMap { word -> [String] in
            // "ui/business" stays one word for the lexicon; "async/await" splits.
            if word.contains("/" as Character), variantIndex[word.lowercased()] == nil {
                return word.split(separator: "/").map(String.init)
            }
            return [word]
        }
    }

    private static func trimTrailing(_ word: String) -> String {
        var word = word
        if word.hasSuffix("'s") { word.removeLast(2) }
        while let last = word.last, last == "-" || last == "/" || last == "'" { word.removeLast() }
        return word
    }

    /// `NavigationStack`, `EnvironmentKey`: an upper-case letter, lower-case letters, then another hump.
    private static func isCamelCase(_ word: String) -> Bool {
        guard let first = word.first, first.isUppercase, word.count >= 4 else { return false }
        let rest = word.dropFirst()
        guard let secondUpper = rest.firstIndex(where: \.isUppercase) else { return false }
        return rest[rest.startIndex..<secondUpper].contains(where: \.isLowercase)
            && rest[secondUpper...].contains(where: \.isLowercase)
    }

    // MARK: - Helpers

    /// Removes the contents of string literals in code (`Label("Title", …)` has no term "Title").
    private static func stripStrings(_ code: String) -> String {
        var result = ""
        var inString = false
        for character in code {
            if character == "\"" {
                inString.toggle()
                result.append(character)
            } else if !inString {
                result.append(character)
            }
        }
        return result
    }

    /// A naive singular of a lower-case word.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("sses") || word.hasSuffix("ches") || word.hasSuffix("shes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }

    /// Removes repeats (by key), keeping the first spelling.
    static func unique(_ terms: [String]) -> [String] {
        var seen: Set<String> = []
        return terms.filter { seen.insert(key($0)).inserted }
    }
}
