// MARK: - Finding markers in text

/// A fixed list of markers (", not ", " (", " — " …) searched for in text byte by byte.
///
/// Foundation's `range(of:)` goes through `NSString`, and the standard library's `firstRange(of:)`
/// compares characters: both dominate the rule analysis of large sites. UTF-8 is self-synchronising
/// (a lead byte is never a continuation byte), so a byte match of a marker starts and ends on scalar
/// boundaries. Unlike a character comparison, it can match before a combining mark that follows the
/// marker's last scalar; for the markers used (spaces and punctuation around words) that does not matter.
struct TextMarkers: Sendable {
    /// The markers' UTF-8 bytes, in priority order.
    private let markers: [[UInt8]]
    /// For each first byte, the markers starting with it, in priority order.
    private let byFirstByte: [[Int]]

    /// Markers in priority order (earlier wins when two start at the same place); empty ones never match.
    init(_ markers: [String]) {
        self.markers = markers.map { Array($0.utf8) }
        var table = [[Int]](repeating: [], count: 256)
        for (index, marker) in self.markers.enumerated() {
            if let first = marker.first { table[Int(first)].append(index) }
        }
        byFirstByte = table
    }

    /// The earliest marker in `text` (the first in priority order where several start at the same
    /// place): its index in the list and its range.
    func firstMatch<S: StringProtocol>(in text: S) -> (marker: Int, range: Range<String.Index>)? {
        let bytes = Array(text.utf8)
        var position = 0
        while position < bytes.count {
            for index in byFirstByte[Int(bytes[position])] where matches(markers[index], bytes, at: position) {
                let start = text.utf8.index(text.startIndex, offsetBy: position)
                let end = text.utf8.index(start, offsetBy: markers[index].count)
                return (index, start..<end)
            }
            position += 1
        }
        return nil
    }

    private func matches(_ marker: [UInt8], _ bytes: [UInt8], at position: Int) -> Bool {
        guard position + marker.count <= bytes.count else { return false }
        for offset in 1..<marker.count where bytes[position + offset] != marker[offset] { return false }
        return true
    }
}
