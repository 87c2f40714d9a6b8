// MARK: - What a rule asks for

/// One sentence of a rule reduced to what the conflict finder compares: a direction and the terms
/// of its main clause (before `;`, "instead", ", not" …).
public struct RuleClaim: Sendable, Hashable {
    /// +1 asks for, −1 forbids, 0 allows.
    public var direction: Int
    /// Term keys (lower-cased) of the main clause, sorted, each once. A sorted array rather than a `Set`:
    /// every rule keeps its claims from extraction to the end of pairing (141,000 rules on 2,000 documents),
    /// and a set of two or three strings takes about twice the memory of the array.
    public private(set) var terms: [String]

    /// Creates a claim; `terms` may come in any order and repeat.
    public init(direction: Int, terms: some Sequence<String>) {
        self.direction = direction
        let sorted = terms.sorted()
        self.terms = sorted.indices.filter { $0 == sorted.startIndex || sorted[$0] != sorted[$0 - 1] }.map { sorted[$0] }
    }

    /// Adds a term key (kept sorted, each once).
    public mutating func insert(_ term: String) {
        guard !terms.contains(term) else { return }
        terms.append(term)
        terms.sort()
    }

    /// The term keys both claims have, sorted.
    public func sharedTerms(with other: RuleClaim) -> [String] {
        var shared: [String] = []
        var (i, j) = (terms.startIndex, other.terms.startIndex)
        while i < terms.endIndex, j < other.terms.endIndex {
            if terms[i] == other.terms[j] {
                shared.append(terms[i])
                i += 1
                j += 1
            } else if terms[i] < other.terms[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return shared
    }
}
