import DocgenKit

// MARK: - Problems shown in the browser

/// What the overlay shows: a title and `file:line:col: message` entries. Sent as the `problems` event;
/// an empty list clears the overlay.
public struct ProblemReport: Sendable, Codable, Equatable {
    /// One entry of the overlay.
    public struct Problem: Sendable, Codable, Equatable, Hashable {
        /// `error`, `warning` or `note`.
        public var severity: String
        /// `file:line:col`, or just the file (or nothing) when the position is unknown.
        public var location: String
        /// What is wrong.
        public var message: String

        /// Creates an entry.
        public init(severity: String, location: String, message: String) {
            self.severity = severity
            self.location = location
            self.message = message
        }

        /// The entry for a diagnostic.
        public init(_ diagnostic: Diagnostic) {
            var location = diagnostic.file
            if let range = diagnostic.range, range.isKnown {
                location += ":\(range.start.line):\(max(range.start.column, 1))"
            }
            self.init(severity: diagnostic.severity.rawValue, location: location, message: diagnostic.message)
        }

        /// `file:line:col: severity: message`, as printed in the terminal.
        public var formatted: String {
            (location.isEmpty ? "" : location + ": ") + "\(severity): \(message)"
        }
    }

    /// The overlay's heading.
    public var title: String
    /// The entries; empty means "no problems".
    public var problems: [Problem]

    /// Creates a report.
    public init(title: String = "", problems: [Problem] = []) {
        self.title = title
        self.problems = problems
    }

    /// No problems.
    public static let clean = ProblemReport()

    /// Whether there is nothing to show.
    public var isEmpty: Bool { problems.isEmpty }
}
