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

    /// `isLetter`, answered from the ASCII value when there is one.
    var isLetterFast: Bool {
        if let ascii = asciiValue { return (ascii | 0x20) >= 0x61 && (ascii | 0x20) <= 0x7A }
        return isLetter
    }

    /// `isWhitespace`, answered from the ASCII value when there is one ("\r\n" is one character, with the
    /// ASCII value of "\n").
    var isWhitespaceFast: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return isWhitespace
    }
}

extension Unicode.Scalar {
    /// Whether the scalar has the Unicode White_Space property, from a list instead of a property lookup.
    var isWhitespaceFast: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
