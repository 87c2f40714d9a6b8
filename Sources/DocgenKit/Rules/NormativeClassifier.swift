import Foundation

// MARK: - Is a sentence normative, and how strong is it?

/// Decides whether a sentence states a rule and with which strength, from its normative words.
///
/// Precedence: the earliest cue in the sentence wins. *Strong* cues are modal words anywhere
/// (must, should, never, always, do not, avoid, prefer, you can …) and a clause-initial "No"/"Not";
/// *weak* cues are clause-initial imperative verbs (Use, Create, Keep …). A ✅/❌ marker beats a weak
/// cue (✅ `Use X` is a checklist requirement) but not a strong one (✅ `No stored state` forbids).
/// "sparingly" turns a positive rule into a discouraged one.
/// Clauses start at the beginning, after a short `Label:` and after a leading condition
/// (`If …,` / `When …,` / `For …,`). Code spans must be masked before classification
/// (`Task<Void, Never>` contains no "never").
public enum NormativeClassifier {
    /// How the strength was found.
    public enum Cue: String, Sendable, Hashable {
        /// A modal word such as "must" or "never", or a clause-initial "No".
        case strong
        /// A ✅ or ❌ marker at the start.
        case marker
        /// A clause-initial imperative verb such as "Use".
        case weak
    }

    /// The verdict on one sentence.
    public struct Classification: Sendable, Hashable {
        /// The strength, if the sentence has a normative cue.
        public var strength: RuleStrength?
        /// How the strength was found.
        public var cue: Cue?
        /// The cue word or marker.
        public var cueWord: String?
        /// Whether the sentence talks about the document itself or introduces an example.
        public var isMeta: Bool
        /// The text before the cue (marker and "Note:" removed), where the sentence's subject is.
        public var lead: String = ""

        /// Whether the sentence is a rule on its own.
        public var isRule: Bool { strength != nil && !isMeta }
    }

    // MARK: - Lexicon

    /// Modal phrases recognised anywhere (lower-case, apostrophes straight).
    static let strongPhrases: [(phrase: String, strength: RuleStrength)] = [
        ("must not", .prohibited), ("must never", .prohibited), ("mustn't", .prohibited),
        ("shall not", .prohibited), ("should never", .prohibited), ("can never", .prohibited),
        ("never", .prohibited), ("do not", .prohibited), ("don't", .prohibited), ("may not", .prohibited),
        ("not allowed", .prohibited), ("is forbidden", .prohibited), ("are forbidden", .prohibited),
        ("is prohibited", .prohibited), ("are prohibited", .prohibited),
        ("must", .required), ("shall", .required), ("always", .required),
        ("is required", .required), ("are required", .required), ("is mandatory", .required),
        ("should not", .discouraged), ("shouldn't", .discouraged), ("should avoid", .discouraged),
        ("avoid", .discouraged), ("is discouraged", .discouraged), ("not recommended", .discouraged),
        ("should", .recommended), ("prefer", .recommended), ("is recommended", .recommended),
        ("are recommended", .recommended),
        ("you can", .optional), ("you may", .optional), ("can skip", .optional), ("may skip", .optional),
        ("is optional", .optional), ("are optional", .optional), ("optionally", .optional),
    ]

    /// `strongPhrases` by their first word, each with its words.
    static let strongPhrasesByFirstWord: [String: [(phrase: String, words: [String], strength: RuleStrength)]] = {
        var result: [String: [(phrase: String, words: [String], strength: RuleStrength)]] = [:]
        for (phrase, strength) in strongPhrases {
            let words = phrase.split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            result[first, default: []].append((phrase, words, strength))
        }
        return result
    }()

    /// `metaPhrases`, split into words.
    static let metaPhraseWords: [[String]] = metaPhrases.map { $0.split(separator: " ").map(String.init) }

    /// Words that, starting a clause, forbid what follows ("No force unwraps").
    static let negativeOpeners: Set<String> = ["no", "not", "never"]

    /// Imperative verbs that, starting a clause, make a recommendation ("Use …", "Keep …").
    static let imperatives: [String: RuleStrength] = {
        var verbs: [String: RuleStrength] = [:]
        for verb in ["use", "prefer", "create", "define", "provide", "mark", "annotate", "apply", "follow",
                     "extract", "keep", "delegate", "include", "group", "store", "start", "pass", "initialize",
                     "instantiate", "implement", "combine", "coordinate", "migrate", "limit", "profile", "consider",
                     "break", "return", "default", "put", "place", "make", "add", "write", "name", "declare",
                     "expose", "inject", "check", "call", "clear", "handle", "track", "cancel", "move", "split",
                     "wrap", "adopt", "ensure", "go", "refer", "reuse", "document", "validate", "verify", "treat",
                     "leave", "run", "show", "present", "replace", "remove", "compose", "favor", "favour", "choose",
                     "stick", "reserve", "require", "give", "organize", "organise", "isolate", "guard", "test-drive"] {
            verbs[verb] = .recommended
        }
        verbs["avoid"] = .discouraged
        verbs["skip"] = .optional
        return verbs
    }()

    /// Words that open a leading condition: the clause after its first comma is examined too.
    static let conditionOpeners: Set<String> = ["if", "when", "for", "unless", "once", "where", "while", "to",
                                                "before", "after", "in", "on", "with", "whenever"]

    /// Phrases that mark a sentence as being about the document or an example, not about code.
    static let metaPhrases = ["this document", "this guide", "this skill", "these rules", "these conventions",
                              "follow them", "following section", "following sections", "this file is",
                              "that file is", "the example above", "the example below"]

    /// Openings that introduce an example or a cross-reference.
    static let metaOpeners = ["here's", "here is", "for example", "e.g.", "using the previous", "see ", "as shown",
                              "below is", "the following example"]

    // MARK: - Classifying

    /// Classifies one sentence. `text` is plain text with code spans masked (see `InlineMarkdown.masked`).
    public static func classify(_ text: String) -> Classification {
        var body = normalise(text)
        let marker = takeMarker(&body)
        body = stripNoteLabel(body)
        let lower = body.lowercased()
        let words = Words(lower)
        let isMeta = metaOpeners.contains { lower.hasPrefix($0) } || metaPhraseWords.contains { words.firstOccurrence(of: $0) != nil }
            || lower.hasSuffix("?")

        var best: (position: Int, strength: RuleStrength, cue: Cue, word: String, length: Int)?
        func consider(_ position: Int, _ strength: RuleStrength, _ cue: Cue, _ word: String) {
            guard let current = best else {
                best = (position, strength, cue, word, word.count)
                return
            }
            let better = position < current.position
                || (position == current.position && cue == .strong && current.cue == .weak)
                || (position == current.position && cue == current.cue && word.count > current.length)
            if better { best = (position, strength, cue, word, word.count) }
        }
        for (index, word) in words.words.enumerated() {
            for (phrase, phraseWords, strength) in strongPhrasesByFirstWord[word] ?? [] where words.matches(phraseWords, at: index) {
                consider(words.offsets[index], strength, .strong, phrase)
            }
        }
        for start in clauseStarts(words.characters) {
            let word = firstWord(of: words.characters, at: start)
            if negativeOpeners.contains(word) {
                consider(start, .prohibited, .strong, word)
            } else if let strength = imperatives[word] {
                consider(start, strength, .weak, word)
            }
        }

        var result = Classification(strength: nil, cue: nil, cueWord: nil, isMeta: isMeta)
        if let best, best.cue == .strong || marker == nil {
            result.strength = best.strength
            result.cue = best.cue
            result.cueWord = best.word
            result.lead = String(body.prefix(best.position))
        } else if let marker {
            result.strength = marker.strength
            result.cue = .marker
            result.cueWord = marker.symbol
        }
        if let strength = result.strength {
            if marker?.strength == .prohibited, strength.direction > 0 { result.strength = .prohibited }
            if strength.direction > 0, words.firstOccurrence(of: ["sparingly"]) != nil { result.strength = .discouraged }
        }
        return result
    }

    /// The strength a leading condition such as "When You Can Skip Layers" or a label like
    /// "Never Compromise" imposes, if the text is one of those special forms.
    static func isOptionalContext(_ text: String) -> Bool {
        let lower = normalise(text).lowercased()
        return ["you can", "you may", "can skip", "can bend", "optional"].contains { contains(lower, word: $0) }
    }

    // MARK: - Helpers

    /// Straight apostrophes, trimmed.
    static func normalise(_ text: String) -> String {
        // Most sentences have no curly apostrophe: skip the replacement then.
        let straight = text.utf8.contains(0xE2) ? String(text.map { $0 == "’" ? "'" : $0 }) : text
        guard let first = straight.firstIndex(where: { !$0.isWhitespaceFast }),
              let last = straight.lastIndex(where: { !$0.isWhitespaceFast }) else { return "" }
        return String(straight[first...last])
    }

    /// Removes a leading ✅/❌-style marker and returns its strength.
    static func takeMarker(_ text: inout String) -> (symbol: String, strength: RuleStrength)? {
        let markers: [(String, RuleStrength)] = [("✅", .required), ("✔️", .required), ("✔", .required),
                                                 ("❌", .prohibited), ("🚫", .prohibited), ("⛔", .prohibited),
                                                 ("✖️", .prohibited), ("✗", .prohibited)]
        for (symbol, strength) in markers where text.hasPrefix(symbol) {
            text = String(text.dropFirst(symbol.count).drop(while: \.isWhitespace))
            return (symbol, strength)
        }
        return nil
    }

    /// Removes a leading "Note:", "Tip:", "Important:" label.
    static func stripNoteLabel(_ text: String) -> String {
        let lower = text.prefix(12).lowercased()
        for label in ["note:", "tip:", "important:", "warning:", "caution:", "remember:"]
        where lower.hasPrefix(label) {
            return String(text.dropFirst(label.count)).trimming(.whitespaces)
        }
        return text
    }

    /// Offsets (in characters) where a clause starts: 0, after a short leading `Label:`, and after
    /// the first top-level comma of a leading condition.
    static func clauseStarts(_ characters: [Character]) -> [Int] {
        var starts = [0]
        if let colon = labelColon(characters) {
            starts.append(skipSpaces(characters, from: colon + 1))
        }
        for start in starts where conditionOpeners.contains(firstWord(of: characters, at: start)) {
            var depth = 0
            var index = start
            while index < characters.count {
                let character = characters[index]
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth = max(depth - 1, 0) }
                if character == ",", depth == 0 {
                    starts.append(skipSpaces(characters, from: index + 1))
                    break
                }
                index += 1
            }
        }
        return starts
    }

    /// The index of the colon of a short leading label ("Models: …", "Read-only features: …").
    static func labelColon(_ characters: [Character]) -> Int? {
        guard let colon = characters.firstIndex(of: ":"), colon > 0, colon + 1 < characters.count,
              characters[colon + 1] == " " else { return nil }
        let label = characters[..<colon]
        let words = label.split(separator: " ").count
        return words <= 5 && !label.contains(",") ? colon : nil
    }

    private static func skipSpaces(_ characters: [Character], from index: Int) -> Int {
        var index = index
        while index < characters.count, characters[index] == " " { index += 1 }
        return index
    }

    /// The word (letters, apostrophes and hyphens) at `offset`.
    static func firstWord(of characters: [Character], at offset: Int) -> String {
        guard offset < characters.count else { return "" }
        var word = ""
        var index = offset
        while index < characters.count, characters[index].isLetterFast || characters[index] == "'" || characters[index] == "-" {
            word.append(characters[index])
            index += 1
        }
        return word
    }

    /// Offset of the first whole-word occurrence of `phrase` in `text`.
    static func firstOccurrence(of phrase: String, in text: String) -> Int? {
        var searchStart = text.startIndex
        while let range = text[searchStart...].firstRange(of: phrase) {
            let beforeOK = range.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: range.lowerBound)])
            let afterOK = range.upperBound == text.endIndex || !isWordCharacter(text[range.upperBound])
            if beforeOK, afterOK { return text.distance(from: text.startIndex, to: range.lowerBound) }
            searchStart = text.index(after: range.lowerBound)
        }
        return nil
    }

    /// Whether `text` contains `phrase` as whole words.
    static func contains(_ text: String, word phrase: String) -> Bool {
        firstOccurrence(of: phrase, in: text) != nil
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetterOrNumber || character == "'" || character == "_"
    }

    // MARK: - Words of a sentence

    /// A lower-cased sentence split once into its words (runs of letters, digits, `'` and `_`), so that
    /// every phrase of the lexicon is looked up by its first word instead of searched for in the text.
    struct Words {
        /// The sentence's characters.
        let characters: [Character]
        /// The words, in order.
        private(set) var words: [String] = []
        /// The character offset of each word.
        private(set) var offsets: [Int] = []
        /// Whether word `i` is followed by exactly one space and then word `i + 1`.
        private var joinedToNext: [Bool] = []

        init(_ lower: String) {
            characters = Array(lower)
            var index = 0
            var previousEnd = 0
            while index < characters.count {
                guard NormativeClassifier.isWordCharacter(characters[index]) else { index += 1; continue }
                let start = index
                while index < characters.count, NormativeClassifier.isWordCharacter(characters[index]) { index += 1 }
                if let last = offsets.indices.last {
                    joinedToNext[last] = start == previousEnd + 1 && characters[previousEnd] == " "
                }
                previousEnd = index
                words.append(String(characters[start..<index]))
                offsets.append(start)
                joinedToNext.append(false)
            }
        }

        /// Whether `phrase` (its words) starts at word `index`, its words separated by single spaces.
        func matches(_ phrase: [String], at index: Int) -> Bool {
            guard index + phrase.count <= words.count else { return false }
            for (offset, word) in phrase.enumerated() {
                if words[index + offset] != word { return false }
                if offset + 1 < phrase.count, !joinedToNext[index + offset] { return false }
            }
            return true
        }

        /// The character offset of the first whole-word occurrence of `phrase`.
        func firstOccurrence(of phrase: [String]) -> Int? {
            guard let first = phrase.first else { return nil }
            for index in words.indices where words[index] == first && matches(phrase, at: index) { return offsets[index] }
            return nil
        }
    }

}
