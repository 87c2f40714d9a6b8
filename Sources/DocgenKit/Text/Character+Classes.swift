// MARK: - Character classes with an ASCII fast path

extension Character {
    /// `isLetter || isNumber`, answered from the ASCII value when there is one (Unicode property
    /// lookups dominate the text analysis of large sites otherwise).
    var isLetterOrNumber: Bool {
        if let ascii = asciiValue {
            return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
        }
        return isLetter || isNumber
    }
}
