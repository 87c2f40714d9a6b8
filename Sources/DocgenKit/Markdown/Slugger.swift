// MARK: - GitHub-compatible heading slugs

/// Produces GitHub-style heading ids (as github-slugger does) and keeps them unique per page
/// by appending `-1`, `-2`, … to repeats.
public struct Slugger: Sendable {
    private var occurrences: [String: Int] = [:]

    /// Creates a slugger with no ids taken.
    public init() {}

    /// GitHub's slug of a heading text: lower-cased, punctuation and symbols removed,
    /// each space turned into `-` (so `A & B` becomes `a--b`).
    public static func slug(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                    result.unicodeScalars.append(scalar)
                default:
                    continue
                }
            }
        }
        return result
    }

    /// Returns a slug for `text` that this slugger has not returned before.
    public mutating func unique(_ text: String) -> String {
        uniqueID(Self.slug(text))
    }

    /// Makes an already-slugged id unique, exactly as github-slugger does.
    public mutating func uniqueID(_ base: String) -> String {
        var result = base
        while occurrences[result] != nil {
            let count = (occurrences[base] ?? 0) + 1
            occurrences[base] = count
            result = "\(base)-\(count)"
        }
        occurrences[result] = 0
        return result
    }

    /// Marks an id as taken without returning a new one.
    public mutating func reserve(_ id: String) {
        if occurrences[id] == nil { occurrences[id] = 0 }
    }
}
