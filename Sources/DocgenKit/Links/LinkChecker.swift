// MARK: - Checking links

/// Checks every link of every document against the documents, their anchors and the content files.
public struct LinkChecker: Sendable {
    /// The resolver holding the site's documents and anchors.
    public var resolver: LinkResolver

    /// Creates a checker.
    public init(resolver: LinkResolver) {
        self.resolver = resolver
    }

    /// Diagnostics for the broken internal links of `document`, with `severity`.
    public func check(_ document: Document, severity: Diagnostic.Severity = .error) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for link in document.links {
            let resolution = resolver.resolve(link.destination, from: document.slug)
            let hint = resolver.suggestion(for: resolution).map { "; did you mean '\($0)'?" } ?? ""
            let message: String
            let id: String
            switch resolution {
            case .external, .document, .file:
                continue
            case .missingDocument(let path):
                id = "link.missing-document"
                message = "link to '\(link.destination)': document '\(path)' does not exist in the content folder\(hint)"
            case .missingFile(let path):
                id = "link.missing-file"
                message = "link to '\(link.destination)': '\(path)' does not exist in the content folder\(hint)"
            case .missingAnchor(let slug, let fragment):
                id = "link.missing-anchor"
                let place = slug == document.slug ? "this document" : "'\(slug).md'"
                message = "link to '\(link.destination)': \(place) has no heading or anchor '#\(fragment)'\(hint)"
            }
            diagnostics.append(Diagnostic(severity, file: document.source.displayPath, range: link.range, id: id, message: message))
        }
        return diagnostics
    }

    /// The external links (with a scheme) of `document`, for `docgen check --external`.
    public func externalLinks(of document: Document) -> [LinkReference] {
        document.links.filter { LinkResolver.isExternal($0.destination) }
    }
}
