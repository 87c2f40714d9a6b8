import Foundation
import Mustache

// MARK: - Theme

/// The templates and static assets a site is rendered with.
///
/// The theme built into the binary (from the repository's `Theme/`) is always the base; a theme
/// folder (`--theme DIR`, or `Theme/` next to `Content/`) overrides it file by file.
public struct Theme: Sendable {
    /// Templates by name (path under `templates/` without `.mustache`).
    public let library: MustacheLibrary
    /// Static files by path relative to the theme folder (e.g. `assets/docgen.css`).
    public let assets: [String: Data]
    /// Where each template came from, for messages (`Theme/templates/layout.mustache` or `built-in:…`).
    public let templateSources: [String: String]

    /// Errors in a theme, naming the template file and line.
    public enum Failure: LocalizedError, Equatable {
        case syntax(file: String, line: Int, column: Int, message: String)
        case missingPartial(file: String, line: Int, name: String)
        case missingTemplate(name: String)
        case unreadable(file: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .syntax(let file, let line, let column, let message):
                return "\(file):\(line):\(column): error: template syntax error: \(message)"
            case .missingPartial(let file, let line, let name):
                return "\(file):\(line): error: template uses partial '\(name)', which does not exist; add templates/\(name).mustache or fix the name"
            case .missingTemplate(let name):
                return "error: the theme has no template '\(name)'; add templates/\(name).mustache"
            case .unreadable(let file, let reason):
                return "\(file): error: cannot read theme file (\(reason))"
            }
        }
    }

    /// Templates every theme must provide.
    public static let requiredTemplates = ["layout", "document", "index", "404"]

    /// Loads the built-in theme overlaid with the files of `directory` (if given).
    public static func load(overlay directory: URL?, displayName: String = "Theme") throws -> Theme {
        var texts: [String: (text: String, source: String)] = [:]
        for (path, text) in EmbeddedTheme.files {
            texts[path] = (text, "built-in theme: \(path)")
        }
        var assets: [String: Data] = [:]
        for (path, text) in EmbeddedTheme.files where !path.hasPrefix("templates/") {
            assets[path] = Data(text.utf8)
        }
        if let directory {
            for path in try files(in: directory) {
                let url = directory.appendingPathComponent(path)
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw Failure.unreadable(file: "\(displayName)/\(path)", reason: error.localizedDescription)
                }
                if path.hasPrefix("templates/") {
                    guard let text = String(data: data, encoding: .utf8) else {
                        throw Failure.unreadable(file: "\(displayName)/\(path)", reason: "not UTF-8")
                    }
                    texts[path] = (text, "\(displayName)/\(path)")
                } else {
                    assets[path] = data
                }
            }
        }
        _ = registeredEscaping
        var library = MustacheLibrary()
        var sources: [String: String] = [:]
        var partialUses: [(template: String, line: Int, name: String)] = []
        for (path, entry) in texts.sorted(by: { $0.key < $1.key }) where path.hasPrefix("templates/") && path.hasSuffix(".mustache") {
            let name = String(path.dropFirst("templates/".count).dropLast(".mustache".count))
            do {
                library.register(try MustacheTemplate(string: escapingPragma + entry.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw Failure.syntax(file: entry.source, line: error.context.lineNumber - 1,
                                     column: error.context.columnNumber, message: "\(error.error)")
            }
            sources[name] = entry.source
            partialUses += referencedPartials(entry.text).map { (name, $0.line, $0.name) }
        }
        for name in requiredTemplates where library.getTemplate(named: name) == nil {
            throw Failure.missingTemplate(name: name)
        }
        // swift-mustache renders a missing partial as nothing: check every reference here.
        for use in partialUses where library.getTemplate(named: use.name) == nil {
            throw Failure.missingPartial(file: sources[use.template] ?? use.template, line: use.line, name: use.name)
        }
        return Theme(library: library, assets: assets, templateSources: sources)
    }

    // MARK: - Escaping

    /// The line put before every template (so a template's line 1 is the parser's line 2): each template escapes
    /// `{{value}}` with `TemplateEscaping`, which gives swift-mustache's own HTML escaping
    /// byte for byte, without its per-`Character` work on text that needs none. (A template or partial starts
    /// with swift-mustache's escaping, whatever its caller used; a theme's own `CONTENT_TYPE` pragma still
    /// applies after this one.)
    static let escapingPragma = "{{% CONTENT_TYPE: DOCGEN_HTML }}\n"

    private static let registeredEscaping: Void = {
        MustacheContentTypes.register(TemplateEscaping(), named: "DOCGEN_HTML")
    }()

    /// Renders template `name` with `context`.
    public func render(_ name: String, _ context: [String: Any]) throws -> String {
        guard let output = library.render(context, withTemplate: name) else {
            throw Failure.missingTemplate(name: name)
        }
        return output
    }

    // MARK: - Helpers

    /// Partials (`{{> name}}`) and parents (`{{< name}}`) a template refers to, with their lines.
    static func referencedPartials(_ text: String) -> [(line: Int, name: String)] {
        var uses: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                let trimmed = rest.drop(while: { $0 == " " })
                guard let sigil = trimmed.first, sigil == ">" || sigil == "<" else { continue }
                guard let close = trimmed.range(of: "}}") else { break }
                let name = trimmed[trimmed.index(after: trimmed.startIndex)..<close.lowerBound]
                    .trimming(.whitespaces)
                if !name.isEmpty { uses.append((index + 1, name)) }
                rest = trimmed[close.upperBound...]
            }
        }
        return uses
    }

    /// Regular files under `directory`, relative paths, hidden files skipped.
    private static func files(in directory: URL) throws -> [String] {
        let root = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        for case let path as String in enumerator {
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}
