import DocgenKit
import Foundation

// MARK: - The whole in-memory pipeline on one input

/// Runs one fuzzer input through everything `docgen build` and `docgen check` do in memory:
/// decoding, front matter, parsing, snippet extraction, rule extraction and linking, link analysis,
/// HTML rendering with highlighting, site-wide pages, snippet export, diagnostics formatting, and the
/// mapping of compiler positions back into the Markdown. No file is written; no compiler is run.
enum FuzzPipeline {
    /// One session for the whole run, so the theme is parsed once (documents are re-analysed whenever
    /// their text changes, which is every input). The folders do not exist: nothing is read from disk
    /// except by the session's theme loader, which falls back to the built-in theme.
    static let session = BuildSession(options: BuildOptions(
        contentDirectory: URL(fileURLWithPath: "/nonexistent/docgen-fuzz/Content"),
        outputDirectory: URL(fileURLWithPath: "/nonexistent/docgen-fuzz/_site")))

    /// Processes one input. Traps (so that the fuzzer records it) on an error the pipeline must never throw.
    static func run(_ bytes: [UInt8]) {
        var sources: [SourceFile] = []
        for (path, data) in FuzzInput.documents(bytes) {
            switch SourceFile.decode(Data(data)) {
            case .success(let text):
                sources.append(SourceFile(relativePath: path, displayPath: "Content/" + path, text: text))
            case .failure(let failure):
                _ = (failure.message, failure.position)
            }
        }
        guard !sources.isEmpty else { return }
        let inputs = sources
        let outcome = BlockingTask.run { () -> Result<BuildSession.Snapshot, Error> in
            do {
                return .success(try await session.build(sources: inputs))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let snapshot):
            examine(snapshot, sources: sources)
        case .failure(SiteBuilder.Failure.invalidInput(let diagnostics, let failed)):
            _ = TextReporter(sources: failed).format(diagnostics)
        case .failure(let error):
            fatalError("the pipeline threw an unexpected error: \(error)")
        }
    }

    /// What `docgen check` adds on top of a build: errors for broken links, rule lint, and compiler
    /// positions mapped into the Markdown (for every code line, plus the positions before and after).
    private static func examine(_ snapshot: BuildSession.Snapshot, sources: [SourceFile]) {
        var diagnostics = snapshot.diagnostics
        diagnostics += RuleLinter.diagnostics(for: snapshot.rules)
        let resolver = LinkResolver(documents: snapshot.documents, extraAnchors: snapshot.rules.anchors)
        let checker = LinkChecker(resolver: resolver)
        for document in snapshot.documents {
            diagnostics += checker.check(document, severity: .error)
            let fileLines = document.source.text.split(separator: "\n", omittingEmptySubsequences: false)
            for snippet in document.snippets {
                let locator = SnippetLocator(snippet: snippet, fileLines: fileLines)
                let lineCount = snippet.code.split(separator: "\n", omittingEmptySubsequences: false).count
                var messages: [SwiftcMessage] = []
                for line in 0...(lineCount + 1) {
                    messages.append(SwiftcMessage(severity: .error, line: line, column: 1, message: "e"))
                    messages.append(SwiftcMessage(severity: .note, line: line, column: 1_000, message: "n"))
                }
                let result = SnippetParseResult(failed: true, messages: messages, compilerFailure: nil)
                diagnostics += SnippetEvaluator.evaluate(snippet, result: result, locator: locator, timeout: 1).diagnostics
                diagnostics += SnippetEvaluator.evaluate(snippet, result: nil, locator: locator, timeout: 1).diagnostics
            }
        }
        _ = TextReporter(sources: sources).format(diagnostics)
        for source in sources {
            // The input read as compiler output naming the document: the parser must cope with anything.
            _ = SwiftcDiagnosticParser.parse(source.text, paths: [source.displayPath])
        }
    }
}
