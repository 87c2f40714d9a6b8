import Foundation

// MARK: - Trimming without a trip through UTF-16

extension StringProtocol {
    /// The text without the Unicode scalars of `set` at either end: what Foundation's
    /// `trimmingCharacters(in:)` returns, without its conversion of the whole text to an `NSString` and back
    /// (on Linux that copied every document twice when it was loaded, and was a tenth of a rebuild).
    func trimming(_ set: CharacterSet) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
              let last = scalars.lastIndex(where: { !set.contains($0) }) else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    /// Whether the text is only scalars of `set` (or empty), looking no further than the first other scalar.
    func consists(of set: CharacterSet) -> Bool {
        unicodeScalars.allSatisfy { set.contains($0) }
    }
}
