// MARK: - Search terms

/// Splits text into the terms of the search index.
///
/// `Theme/assets/search.js` tokenises queries the same way, so the two must stay in step:
/// - a word is a run of letters, digits and `_` (everything else separates words, so `private(set)`
///   gives `private` and `set`, and `@Observable` gives `observable`);
/// - words are lower-cased and stripped of diacritics (`Café` → `cafe`);
/// - one-character words and the `stopWords` are dropped (the index ships that list, and the script drops
///   the same words from queries);
/// - camel-case words also give their parts (`UserDefaults` → `userdefaults`, `user`, `defaults`);
/// - words longer than `maximumLength` are ignored (hashes, base64, minified code).
public enum SearchTokenizer {
    /// Words too common to be worth indexing.
    public static let stopWords: Set<String> = [
        "an", "and", "are", "as", "at", "be", "by", "for", "from", "if", "in", "into", "is", "it", "its",
        "of", "on", "or", "so", "than", "that", "the", "then", "this", "to", "was", "were", "with",
    ]

    /// Longest word that is indexed.
    public static let maximumLength = 40

    /// The index terms of `text`, in order, with repeats.
    public static func terms(_ text: String) -> [String] {
        var result: [String] = []
        for word in words(text) {
            appendTerms(of: word, to: &result)
        }
        return result
    }

    /// The words of `text` as written (case kept), split at anything that is not a letter, digit or `_`.
    public static func words(_ text: String) -> [Substring] {
        if let ascii = asciiWords(text[...]) { return ascii }
        // Mixed text: cut it at ASCII white space (a word never spans it, and no Character joins it to what
        // precedes it), split ASCII pieces by bytes and only pieces holding non-ASCII by Characters.
        var result: [Substring] = []
        let utf8 = text.utf8
        var pieceStart = utf8.startIndex, index = utf8.startIndex
        var pieceIsASCII = true
        func finishPiece(at end: String.Index) {
            guard pieceStart < end else { return }
            let piece = text[pieceStart..<end]
            if pieceIsASCII, let words = asciiWords(piece) {
                result += words
            } else {
                result += piece.split(whereSeparator: { !isWordCharacter($0) })
            }
        }
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                finishPiece(at: index)
                pieceStart = utf8.index(after: index)
                pieceIsASCII = true
            } else if byte >= 0x80 {
                pieceIsASCII = false
            }
            index = utf8.index(after: index)
        }
        finishPiece(at: utf8.endIndex)
        return result
    }

    /// `words(_:)` of ASCII text, on bytes (nil when the text is not ASCII).
    private static func asciiWords(_ text: Substring) -> [Substring]? {
        let utf8 = text.utf8
        var result: [Substring] = []
        var start: String.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x80 else { return nil }
            if isASCIIWordByte(byte) {
                if start == nil { start = index }
            } else if let first = start {
                result.append(text[first..<index])
                start = nil
            }
            index = utf8.index(after: index)
        }
        if let first = start { result.append(text[first...]) }
        return result
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Lower-cases `word` and removes its diacritics.
    public static func normalize<S: StringProtocol>(_ word: S) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }  // the common case, no diacritics
        let decomposed = String(word).lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isCombiningMark(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Whether `term` is kept in the index (long enough, short enough, not a stop word).
    public static func isIndexable(_ term: String) -> Bool {
        let count = term.count
        return count >= 2 && count <= maximumLength && !stopWords.contains(term)
    }

    /// The parts of a camel-case or snake-case word: `URLSession` → `URL`, `Session`;
    /// `user_id` → `user`, `id`.
    public static func camelCaseParts(_ word: Substring) -> [Substring] {
        word.split(separator: "_").flatMap(splitCamelCase)
    }

    /// `URLSession` → `URL`, `Session`; `userID2` → `user`, `ID2`.
    private static func splitCamelCase(_ word: Substring) -> [Substring] {
        if let ascii = asciiSplitCamelCase(word) { return ascii }
        let indices = Array(word.indices)
        guard indices.count > 1 else { return [word] }
        var parts: [Substring] = []
        var start = word.startIndex
        for position in 1..<indices.count {
            let previous = word[indices[position - 1]]
            let current = word[indices[position]]
            let next = position + 1 < indices.count ? word[indices[position + 1]] : nil
            let lowerToUpper = (previous.isLowercase || previous.isNumber) && current.isUppercase
            let acronymEnd = previous.isUppercase && current.isUppercase && (next?.isLowercase ?? false)
            if lowerToUpper || acronymEnd {
                parts.append(word[start..<indices[position]])
                start = indices[position]
            }
        }
        parts.append(word[start...])
        return parts
    }

    /// `splitCamelCase` of an ASCII word, on bytes (nil when the word is not ASCII).
    private static func asciiSplitCamelCase(_ word: Substring) -> [Substring]? {
        let bytes = Array(word.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard bytes.count > 1 else { return [word] }
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var parts: [Substring] = []
        var start = 0
        for position in 1..<bytes.count {
            let previous = bytes[position - 1], current = bytes[position]
            let next: UInt8? = position + 1 < bytes.count ? bytes[position + 1] : nil
            let lowerToUpper = (isLower(previous) || isDigit(previous)) && isUpper(current)
            let acronymEnd = isUpper(previous) && isUpper(current) && (next.map(isLower) ?? false)
            if lowerToUpper || acronymEnd {
                parts.append(word[word.utf8.index(word.startIndex, offsetBy: start)..<word.utf8.index(word.startIndex, offsetBy: position)])
                start = position
            }
        }
        parts.append(word[word.utf8.index(word.startIndex, offsetBy: start)...])
        return parts
    }

    // MARK: - Helpers

    private static func appendTerms(of word: Substring, to result: inout [String]) {
        let whole = normalize(word)
        if isIndexable(whole) { result.append(whole) }
        let parts = camelCaseParts(word)
        guard parts.count > 1 else { return }
        for part in parts {
            let term = normalize(part)
            if term != whole, isIndexable(term) { result.append(term) }
        }
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetterOrNumber || character == "_"
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
