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
        var previousAnchor: [UInt16] = []
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
            let anchor = Array(entry.anchor.utf16)
            records.append("[\(entry.kind.rawValue),\(entry.document),\(SearchJSON.string(entry.title)),"
                + "\(SearchJSON.string(entry.text)),\(encodedAnchor(anchor, after: previousAnchor)),"
                + "\(pathNumber),\(SearchJSON.string(entry.detail))]")
            previousAnchor = anchor
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
    private static func encodedAnchor(_ anchor: [UInt16], after previous: [UInt16]) -> String {
        var shared = 0
        while shared < anchor.count, shared < previous.count, anchor[shared] == previous[shared] { shared += 1 }
        if shared > 0, shared < anchor.count, UTF16.isTrailSurrogate(anchor[shared]) { shared -= 1 }
        let text = String(decoding: anchor, as: UTF16.self)
        guard shared >= minimumSharedAnchor else { return SearchJSON.string(text) }
        return "[\(shared),\(SearchJSON.string(String(decoding: anchor[shared...], as: UTF16.self)))]"
    }
}
