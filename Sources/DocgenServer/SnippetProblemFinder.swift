import DocgenKit
import Foundation

// MARK: - Checking the snippets of edited documents

/// Runs `docgen check`'s snippet check (`swiftc -parse`, cached by snippet hash) on a few documents.
struct SnippetProblemFinder: Sendable {
    let checker: SnippetChecker

    /// Finds the compiler; throws `SwiftCompiler.Failure` when there is none.
    init(options: CheckOptions) throws {
        let compiler = try SwiftCompiler.locate(explicit: options.swiftc, environment: options.environment)
        checker = SnippetChecker(compiler: compiler, swiftVersion: options.swiftVersion,
                                 cache: options.cacheDirectory.map { CheckCache(directory: $0) },
                                 jobs: options.jobs, timeout: options.timeout)
    }

    /// Errors and warnings about the snippets of `documents`, by the documents' relative paths (every
    /// document checked gets an entry, possibly empty).
    func problems(in documents: [Document]) async throws -> [String: [Diagnostic]] {
        let outcome = try await checker.check(documents)
        var found: [String: [Diagnostic]] = [:]
        for document in documents { found[document.source.relativePath] = [] }
        let pathByDisplay = Dictionary(documents.map { ($0.source.displayPath, $0.source.relativePath) }, uniquingKeysWith: { first, _ in first })
        for result in outcome.results {
            for diagnostic in result.diagnostics where diagnostic.severity >= .warning {
                if let path = pathByDisplay[diagnostic.file] { found[path, default: []].append(diagnostic) }
            }
        }
        return found
    }
}
