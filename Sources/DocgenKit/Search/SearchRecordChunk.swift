// MARK: - Record chunks

/// Encodes the display records of consecutive entries: `{"p": paths, "e": records}`.
///
/// - `p` lists the distinct breadcrumbs of the chunk (headings joined with ` › `), so the many rules
///   and examples of one section share one string;
/// - each record of `e` is `[kind, document, title, text, anchor, path, detail]` where `path` is a
///   position in `p`, and `anchor` is either a string or `[n, "rest"]`: the first `n` UTF-16 code units
///   of the previous record's anchor followed by `rest` (rule ids of one section share a long prefix).
enum SearchRecordChunk {
    /// Shortest shared anchor prefix worth encoding as `[n, "rest"]`.
    static let minimumSharedAnchor = 8

    /// The chunk object of `entries`.
    static func json(_ entries: ArraySlice<SearchEntry>) -> String {
        var paths: [String] = []
        var pathNumbers: [String: Int] = [:]
        var records: [String] = []
        records.reserveCapacity(entries.count)
        var previousAnchor = ""
        for entry in entries {
            let path = entry.path.joined(separator: " › ")
            let pathNumber: Int
            if let known = pathNumbers[path] {
                pathNumber = known
            } else {
                pathNumber = paths.count
                pathNumbers[path] = pathNumber
                paths.append(path)
            }
            records.append("[\(entry.kind.rawValue),\(entry.document),\(SearchJSON.string(entry.title)),"
                + "\(SearchJSON.string(entry.text)),\(encodedAnchor(entry.anchor, after: previousAnchor)),"
                + "\(pathNumber),\(SearchJSON.string(entry.detail))]")
            previousAnchor = entry.anchor
        }
        return SearchJSON.object([("p", SearchJSON.array(paths)), ("e", SearchJSON.list(records))])
    }

    /// About how many bytes `entry` adds to a chunk (for cutting chunks; paths and anchors are counted
    /// in full, so chunks come out a little smaller than planned).
    static func estimatedSize(_ entry: SearchEntry) -> Int {
        entry.title.utf8.count + entry.text.utf8.count + entry.anchor.utf8.count + entry.detail.utf8.count + 24
    }

    /// `"anchor"`, or `[n,"rest"]` when it shares at least `minimumSharedAnchor` code units with `previous`
    /// (never splitting a surrogate pair).
    private static func encodedAnchor(_ anchor: String, after previous: String) -> String {
        // Whole scalars are compared, so a shared prefix never ends inside a surrogate pair; `shared` counts
        // UTF-16 code units, as JavaScript does.
        let scalars = anchor.unicodeScalars
        var shared = 0
        var rest = scalars.startIndex
        for (scalar, other) in zip(scalars, previous.unicodeScalars) {
            guard scalar == other else { break }
            shared += UTF16.width(scalar)
            rest = scalars.index(after: rest)
        }
        guard shared >= minimumSharedAnchor else { return SearchJSON.string(anchor) }
        return "[\(shared),\(SearchJSON.string(String(scalars[rest...])))]"
    }
}
