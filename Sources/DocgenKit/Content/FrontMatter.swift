import Foundation
import Yams

// MARK: - Front matter

/// A YAML front matter block (`---` … `---` at the very top of a document), parsed with Yams.
public struct FrontMatter: Sendable, Hashable {
    /// The top-level keys and values, values flattened to strings, in source order.
    public var entries: [(key: String, value: String)]
    /// Number of lines the block occupies, fences included: the body starts on line `lineCount + 1`.
    public var lineCount: Int

    /// Value of a top-level key.
    public subscript(key: String) -> String? {
        entries.first { $0.key == key }?.value
    }

    public static func == (lhs: FrontMatter, rhs: FrontMatter) -> Bool {
        lhs.lineCount == rhs.lineCount && lhs.entries.map(\.key) == rhs.entries.map(\.key)
            && lhs.entries.map(\.value) == rhs.entries.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lineCount)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }

    /// Why a front matter block could not be read; `line` is 1-based in the document.
    public enum Failure: Error, Sendable, Equatable {
        case unterminated
        case invalidYAML(line: Int, message: String)
        case notAMapping(line: Int, found: String)
    }

    /// Splits `text` into front matter and body.
    ///
    /// - Returns: nil front matter when the document does not start with `---`; the body is then `text`.
    public static func split(_ text: String) -> Result<(FrontMatter?, body: String), Failure> {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") || text == "---" else {
            return .success((nil, text))
        }
        var lines = Self.lines(text)
        lines.removeFirst()
        var yamlLines: [Substring] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed == "---" || trimmed == "..." {
                let body = lines[(index + 1)...].joined(separator: "\n")
                let yaml = yamlLines.joined(separator: "\n")
                return parseYAML(yaml, lineCount: index + 2).map { ($0, body) }
            }
            yamlLines.append(line)
        }
        return .failure(.unterminated)
    }

    /// The lines of `text`, split at every `\n` byte (a `\r` before it stays at the line's end). Not
    /// `split(separator: "\n")`: `\r\n` is one `Character`, so that found no line in Windows files.
    static func lines(_ text: String) -> [Substring] {
        text[...].utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    private static func parseYAML(_ yaml: String, lineCount: Int) -> Result<FrontMatter, Failure> {
        let value: Any?
        do {
            value = try Yams.load(yaml: yaml)
        } catch let error as YamlError {
            return .failure(invalid(error))
        } catch {
            return .failure(.invalidYAML(line: 2, message: "\(error)"))
        }
        guard let value else {
            return .success(FrontMatter(entries: [], lineCount: lineCount))
        }
        guard let mapping = value as? [AnyHashable: Any] else {
            return .failure(.notAMapping(line: 2, found: describeType(value)))
        }
        let keys = orderedKeys(yaml, available: Set(mapping.keys.map { "\($0)" }))
        let entries = keys.compactMap { key -> (key: String, value: String)? in
            guard let item = mapping.first(where: { "\($0.key)" == key }) else { return nil }
            return (key, flatten(item.value))
        }
        return .success(FrontMatter(entries: entries, lineCount: lineCount))
    }

    /// Keys in source order (Yams' dictionaries are unordered).
    private static func orderedKeys(_ yaml: String, available: Set<String>) -> [String] {
        var seen: [String] = []
        for line in lines(yaml) where !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimming(.whitespaces)
                .trimming(CharacterSet(charactersIn: "\"'"))
            if available.contains(key), !seen.contains(key) { seen.append(key) }
        }
        for key in available.sorted() where !seen.contains(key) { seen.append(key) }
        return seen
    }

    private static func flatten(_ value: Any) -> String {
        switch value {
        case let string as String: return string
        case let array as [Any]: return array.map(flatten).joined(separator: ", ")
        case let mapping as [AnyHashable: Any]:
            return mapping.map { "\($0.key): \(flatten($0.value))" }.sorted().joined(separator: ", ")
        default: return "\(value)"
        }
    }

    private static func describeType(_ value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "a list"
        case is Int, is Double: return "a number"
        case is Bool: return "a boolean"
        default: return "a scalar"
        }
    }

    private static func invalid(_ error: YamlError) -> Failure {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            if problem.hasPrefix("Maximum nesting level reached") {
                // libyaml's words name its C API; say what it means.
                return .invalidYAML(line: mark.line + 1, message: "it is nested too deeply for the YAML parser (about 1,000 levels at most)")
            }
            return .invalidYAML(line: mark.line + 1, message: problem)
        default:
            return .invalidYAML(line: 2, message: "\(error)")
        }
    }
}
