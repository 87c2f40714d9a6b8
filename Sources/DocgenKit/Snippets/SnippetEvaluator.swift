// MARK: - From swiftc's answer to diagnostics in the Markdown

/// Turns what swiftc said about a snippet into a verdict and diagnostics at Markdown positions,
/// applying the snippet's attributes (`expect-error`, `expect-error="…"`).
public enum SnippetEvaluator {
    /// The verdict on `snippet` given swiftc's `result` (nil: the compiler was killed after `timeout` s).
    public static func evaluate(
        _ snippet: Snippet, result: SnippetParseResult?, locator: SnippetLocator, timeout: Double, cached: Bool = false
    ) -> SnippetCheckResult {
        let fence = SourceRange(line: snippet.fenceLine, column: max(snippet.indentation, 1))
        guard let result else {
            let diagnostic = Diagnostic(.error, file: snippet.file, range: fence, id: "snippet.timeout",
                message: "swiftc did not finish parsing this example within \(Self.seconds(timeout)) and was stopped; simplify the example, raise --timeout or mark it 'ignore'",
                snippet: snippet.id)
            return SnippetCheckResult(snippet: snippet, status: .failed, diagnostics: [diagnostic], cached: cached)
        }
        let compilerDiagnostics = diagnostics(from: result, snippet: snippet, locator: locator)
        if snippet.attributes.expectError {
            return expectingError(snippet, result: result, compilerDiagnostics: compilerDiagnostics, fence: fence, cached: cached)
        }
        var all = compilerDiagnostics
        if let failure = result.compilerFailure {
            all.append(Diagnostic(.error, file: snippet.file, range: fence, id: "snippet.compiler-failure",
                message: "swiftc failed on this example without saying where (\(failure))", snippet: snippet.id))
        }
        return SnippetCheckResult(snippet: snippet, status: result.hasErrors ? .failed : .passed, diagnostics: all, cached: cached)
    }

    private static func expectingError(
        _ snippet: Snippet, result: SnippetParseResult, compilerDiagnostics: [Diagnostic], fence: SourceRange, cached: Bool
    ) -> SnippetCheckResult {
        guard result.hasErrors else {
            let diagnostic = Diagnostic(.error, file: snippet.file, range: fence, id: "snippet.unexpected-success",
                message: "expected this example to fail to compile (it is marked 'expect-error'), but it parses; remove 'expect-error' from the fence",
                snippet: snippet.id)
            return SnippetCheckResult(snippet: snippet, status: .failed, diagnostics: [diagnostic], cached: cached)
        }
        if let expected = snippet.attributes.expectedMessage, !expected.isEmpty {
            let errors = result.messages.filter { $0.severity == .error }.map(\.message)
            if !errors.contains(where: { $0.lowercased().contains(expected.lowercased()) }) {
                let said = errors.isEmpty ? (result.compilerFailure ?? "no message") : errors.map { "'\($0)'" }.joined(separator: ", ")
                let diagnostic = Diagnostic(.error, file: snippet.file, range: fence, id: "snippet.expected-message-mismatch",
                    message: "expected this example to fail with an error containing '\(expected)', but swiftc said \(said)",
                    snippet: snippet.id, notes: compilerDiagnostics.filter { $0.severity == .error }.map { asNote($0) })
                return SnippetCheckResult(snippet: snippet, status: .failed, diagnostics: [diagnostic], cached: cached)
            }
        }
        return SnippetCheckResult(snippet: snippet, status: .passed, diagnostics: [], cached: cached)
    }

    /// swiftc's errors and warnings as diagnostics, each carrying the notes that followed it.
    static func diagnostics(from result: SnippetParseResult, snippet: Snippet, locator: SnippetLocator) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for message in result.messages {
            let position = locator.position(line: message.line, column: message.column)
            let range = SourceRange(start: position, end: position)
            switch message.severity {
            case .note:
                let note = Diagnostic(.note, file: snippet.file, range: range, id: "snippet.note", message: message.message, snippet: snippet.id)
                if diagnostics.isEmpty {
                    diagnostics.append(note)
                } else {
                    diagnostics[diagnostics.count - 1].notes.append(note)
                }
            case .warning, .error:
                let id = message.severity == .error ? "snippet.parse-error" : "snippet.parse-warning"
                diagnostics.append(Diagnostic(message.severity, file: snippet.file, range: range, id: id,
                                              message: message.message, snippet: snippet.id))
            }
        }
        return diagnostics
    }

    private static func asNote(_ diagnostic: Diagnostic) -> Diagnostic {
        var note = diagnostic
        note.severity = .note
        note.message = "swiftc: " + diagnostic.message
        note.notes = []
        return note
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
