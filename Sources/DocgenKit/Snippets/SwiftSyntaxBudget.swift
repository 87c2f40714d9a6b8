// MARK: - Code swift-syntax cannot parse in reasonable time

/// Keeps from swift-syntax the code it needs exponential time for: `[` nested deeply.
///
/// swift-syntax 603 decides whether a `[` starts an InlineArray type (`[3 of Int]`, SE-0483) by looking
/// ahead: `Lookahead.canParseCollectionTypeBody` first tries the InlineArray form, then reads the same
/// tokens again as an ordinary type, and both attempts recurse into every nested `[`. A chain of n nested
/// `[` (`[[[[…`, `let a: [[[Int]]]`, balanced or not) therefore costs about 2ⁿ: `docgen build` of one
/// example took 0.1 s at 16 levels, 1.3 s at 22, and did not finish in 5 minutes at the 34 levels the
/// fuzzer found. `swiftc -parse` 6.3 hangs on the same input too (stopped by `docgen check`'s per-example
/// timeout).
///
/// Code whose `[` nest deeper than `maximumBracketNesting` is therefore not given to swift-syntax: it is
/// shown without highlighting (with a warning at build time), `docgen check` sends it to `swiftc` alone,
/// and the search index takes no identifiers from it. No real example nests `[` that deep.
public enum SwiftSyntaxBudget {
    /// The deepest nesting of `[` given to swift-syntax (at most a few thousand lookahead steps per `[`).
    public static let maximumBracketNesting = 12

    /// Whether swift-syntax may parse `code`: its `[` nest at most `maximumBracketNesting` deep.
    public static func canParse(_ code: String) -> Bool {
        firstLineTooDeep(code) == nil
    }

    /// The line of `code` (0-based) where `[` first nest deeper than `maximumBracketNesting`; nil if they never do.
    ///
    /// The count errs on the side of "too deep", never the other way. Every `[` counts, even in comments and
    /// strings, so that a comment start misread here (`"//"` in a string) can never hide real brackets. A `]`
    /// closes only the innermost open `[`, and in a comment or a backquoted identifier (which swift-syntax
    /// does not read as brackets) only a `[` of that same comment or identifier (so that `/* ] */` between
    /// real `[` closes nothing, while `/// [link](…)` leaves nothing open). A `)` or `}` closes everything
    /// opened after its `(` or `{`: the lookahead cannot run on past it inside a type. A `]` in a string
    /// may close a real `[`, but a string literal is not part of a type, so the lookahead stops at it anyway.
    public static func firstLineTooDeep(_ code: String) -> Int? {
        enum Mode {
            case code, lineComment, blockComment(depth: Int), backquoted

            var isCode: Bool {
                if case .code = self { return true }
                return false
            }
        }
        var mode = Mode.code
        var open: [UInt8] = []  // '[', '(' and '{' not closed yet
        var squares = 0, parentheses = 0, braces = 0
        var line = 0
        var commentStart = 0  // how many brackets were open when the current comment or identifier began
        let bytes = Array(code.utf8)
        var index = 0
        func next(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        /// Closes everything opened after the last `opener`.
        func close(to opener: UInt8) {
            while let last = open.popLast() {
                switch last {
                case UInt8(ascii: "["): squares -= 1
                case UInt8(ascii: "("): parentheses -= 1
                default: braces -= 1
                }
                if last == opener { return }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                switch mode {
                case .lineComment, .backquoted: mode = .code
                default: break
                }
                continue
            }
            if byte == UInt8(ascii: "[") {
                open.append(byte)
                squares += 1
                if squares > maximumBracketNesting { return line }
                continue
            }
            if byte == UInt8(ascii: "]"), !mode.isCode {
                if open.count > commentStart, open.last == UInt8(ascii: "[") { close(to: UInt8(ascii: "[")) }
                continue
            }
            switch mode {
            case .lineComment:
                continue
            case .backquoted:
                if byte == UInt8(ascii: "`") { mode = .code }
            case .blockComment(let depth):
                if byte == UInt8(ascii: "/"), next(0) == UInt8(ascii: "*") {
                    index += 1
                    mode = .blockComment(depth: depth + 1)
                } else if byte == UInt8(ascii: "*"), next(0) == UInt8(ascii: "/") {
                    index += 1
                    mode = depth == 1 ? .code : .blockComment(depth: depth - 1)
                }
            case .code:
                switch byte {
                case UInt8(ascii: "/") where next(0) == UInt8(ascii: "/"):
                    index += 1
                    mode = .lineComment
                    commentStart = open.count
                case UInt8(ascii: "/") where next(0) == UInt8(ascii: "*"):
                    index += 1
                    mode = .blockComment(depth: 1)
                    commentStart = open.count
                case UInt8(ascii: "`"):
                    mode = .backquoted
                    commentStart = open.count
                case UInt8(ascii: "("):
                    open.append(byte)
                    parentheses += 1
                case UInt8(ascii: "{"):
                    open.append(byte)
                    braces += 1
                case UInt8(ascii: "]"):
                    if open.last == UInt8(ascii: "[") { close(to: UInt8(ascii: "[")) }
                case UInt8(ascii: ")"):
                    if parentheses > 0 { close(to: UInt8(ascii: "(")) }
                case UInt8(ascii: "}"):
                    if braces > 0 { close(to: UInt8(ascii: "{")) }
                default:
                    break
                }
            }
        }
        return nil
    }
}
