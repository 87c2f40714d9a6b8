import Foundation
import Testing
@testable import DocgenKit

/// Batching keeps every snippet's meaning: each verdict and message equals what `swiftc -parse` says
/// of the snippet alone.
@Suite struct CheckBatchingTests {
    /// Snippets of every batching path, in one document.
    static let codes: [String] = [
        // Top-level expressions: legal only in a main file.
        "print(\"hello\")\nlet doubled = [1, 2].map { $0 * 2 }\n",
        // Declarations only.
        "struct Point {\n    var x: Int\n    var y: Int\n}\n",
        // Declarations only, with an error that a library file reports exactly as a main file would.
        "init(x: Int) {}\n",
        // Top-level code that swift-syntax accepts but swiftc rejects (an initializer outside a type) …
        "print(1)\ninit(x: Int) {}\n",
        // … followed by clean top-level code that shares its main.swift.
        "for index in 0..<3 { print(index) }\n",
        "guard let first = [1].first else { fatalError() }\nprint(first)\n",
        // Top-level code with a syntax error: parsed alone at once.
        "print(\n",
        // Declarations followed by an expression: an error in a library file, legal alone (a main file).
        "struct Point3 {\n    var x: Int\n}\nPoint3(x: 1)\n",
    ]

    static var markdown: String {
        "# Batch\n\n" + codes.enumerated().map { "## Case \($0.offset)\n\n```swift\n\($0.element)```\n" }.joined(separator: "\n")
    }

    @Test func planPutsTopLevelAndDeclarationSnippetsInTheSameBatch() {
        let items = Self.codes.enumerated().map { offset, code in
            (item: ParseItem(key: "\(offset)", code: code), kind: SnippetClassifier.classify(code))
        }
        #expect(items.map(\.kind) == [.topLevelCode, .declarations, .declarations, .topLevelCode, .topLevelCode,
                                      .topLevelCode, .alone, .topLevelCode])
        let plan = SnippetBatcher.plan(items, workers: 1)
        #expect(plan.count == 2)
        guard case .batch(let library, let main)? = plan.first else {
            Issue.record("first job is not a batch: \(plan)")
            return
        }
        #expect(library.map(\.key) == ["1", "2"])
        #expect(main.map(\.key) == ["0", "3", "4", "5", "7"])
        #expect(plan.last == .alone(items[6].item))
    }

    @Test func mainFileWrapsEachSnippetAndRecordsItsLines() {
        let file = SnippetBatcher.mainFile(for: [ParseItem(key: "a", code: "print(1)\n"), ParseItem(key: "b", code: "let x = 1\nprint(x)")])
        #expect(file.text == "#if true\nprint(1)\n#endif\n#if true\nlet x = 1\nprint(x)\n#endif\n")
        #expect(file.lines == [1...3, 4...7])
    }

    @Test func everyVerdictAndMessageEqualsSwiftcAlone() async throws {
        let content = try CheckSupport.contentFolder(["batch.md": Self.markdown])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let cacheDirectory = content.deletingLastPathComponent().appendingPathComponent("cache")
        let compiler = try CheckSupport.compiler()
        let checker = SnippetChecker(compiler: compiler, swiftVersion: "6", cache: CheckCache(directory: cacheDirectory), jobs: 1)
        let (document, _) = DocumentAnalyzer.analyze(SourceFile(relativePath: "batch.md", displayPath: "Content/batch.md", text: Self.markdown))
        let outcome = try await checker.check([document])

        // Fewer compiler runs than snippets: they were batched.
        #expect(outcome.compilerRuns < Self.codes.count)
        let version = try await compiler.version()
        let flags = compiler.parseArguments(files: [], swiftVersion: "6")
        let index = CheckCache(directory: cacheDirectory).load()
        for code in Self.codes {
            let alone = try await CheckSupport.swiftcAlone(code)
            let stored = index.entries[CheckCache.key(code: code, compilerVersion: version, flags: flags)]?.result
            #expect(stored?.failed == alone.failed, "verdict of \(code.debugDescription)")
            #expect(stored?.messages == alone.messages, "messages of \(code.debugDescription)")
        }
        #expect(outcome.results.map(\.status) == [.passed, .passed, .failed, .failed, .passed, .passed, .failed, .passed])
    }

    @Test func libraryMessagesAboutTheTopLevelAreRecognised() {
        #expect(SwiftcRunner.dependsOnMainFile("expressions are not allowed at the top level"))
        #expect(SwiftcRunner.dependsOnMainFile("statements are not allowed at the top level"))
        #expect(SwiftcRunner.dependsOnMainFile("hashbang line is allowed only in the main file"))
        #expect(!SwiftcRunner.dependsOnMainFile("initializers may only be declared within a type"))
    }

    @Test func diagnosticParserAttributesMessagesToTheirFilesOnly() {
        let output = """
            /tmp/b/s0.swift:1:5: error: initializers may only be declared within a type
            init(x: Int) {}
                ^
            /tmp/b/main.swift:3:1: warning: something odd
            /tmp/b/main.swift:2:7: note: to match this opening '('
            /tmp/b/s0.swift:9:9: error: quoted source lines are never headers
            <unknown>:0: error: unable to load standard library
            """
        let parsed = SwiftcDiagnosticParser.parse(output, paths: ["/tmp/b/s0.swift", "/tmp/b/main.swift"])
        #expect(parsed.messages["/tmp/b/s0.swift"]?.first == SwiftcMessage(severity: .error, line: 1, column: 5, message: "initializers may only be declared within a type"))
        #expect(parsed.messages["/tmp/b/s0.swift"]?.count == 2)
        #expect(parsed.messages["/tmp/b/main.swift"]?.map(\.severity) == [.warning, .note])
        #expect(parsed.unattributed == ["<unknown>:0: error: unable to load standard library"])
    }
}
