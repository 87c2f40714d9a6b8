import Foundation
import Testing
@testable import DocgenKit

/// The check pipeline: links, attributes, exit statuses, compiler problems.
@Suite struct CheckRunnerTests {
    static let links = """
        # Links

        ## Setup

        See [setup](#setup), [the other](other.md#details), [a typo](#setpu),
        [missing doc](missing.md), [missing anchor](other.md#nothing) and [the web](https://swift.org).

        """
    static let other = "# Other\n\n## Details\n\nText.\n"

    @Test func brokenLinksAreErrorsWithSuggestions() async throws {
        let content = try CheckSupport.contentFolder(["links.md": Self.links, "other.md": Self.other])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(content)).run()
        let line = try #require(CheckSupport.line(of: "[a typo]", in: Self.links))
        let lineText = Self.links.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let typoColumn = try #require(lineText.range(of: "[a typo]")).lowerBound.utf16Offset(in: lineText) + 1
        #expect(report.diagnostics.map(\.formatted) == [
            "Content/links.md:\(line):\(typoColumn): error: link to '#setpu': this document has no heading or anchor '#setpu'; did you mean '#setup'?",
            "Content/links.md:\(line + 1):1: error: link to 'missing.md': document 'missing.md' does not exist in the content folder",
            "Content/links.md:\(line + 1):28: error: link to 'other.md#nothing': 'other.md' has no heading or anchor '#nothing'",
        ])
        #expect(report.diagnostics.allSatisfy { diagnostic in diagnostic.severity == .error })
        #expect(report.summary.line == "0 snippets: 0 passed, 0 failed, 0 skipped; 5 links: 3 broken")
        #expect(report.exitStatus() == 1)
    }

    @Test func externalLinksAreListedOnlyWhenAskedAndNeverCounted() async throws {
        let content = try CheckSupport.contentFolder(["links.md": Self.links, "other.md": Self.other])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let listed = try await CheckRunner(options: CheckSupport.options(content, external: true)).run()
        let notes = listed.diagnostics.filter { $0.id == "link.external" }
        #expect(notes.map(\.message) == ["external link to 'https://swift.org' (not fetched)"])
        #expect(notes.first?.severity == .note)
        #expect(listed.externalLinkCount == 1)
        let unlisted = try await CheckRunner(options: CheckSupport.options(content)).run()
        #expect(!unlisted.diagnostics.contains { $0.id == "link.external" })
    }

    static let attributes = """
        # Attributes

        ```swift expect-error
        init() {}
        ```

        ```swift expect-error="initializers may only be declared within a type"
        init() {}
        ```

        ```swift expect-error="no such message"
        init() {}
        ```

        ```swift expect-error
        let fine = 1
        ```

        ```swift ignore
        this is { not swift
        ```

        ```swift
        let ok = 1
        ```

        """

    @Test func expectErrorAndIgnore() async throws {
        let content = try CheckSupport.contentFolder(["attributes.md": Self.attributes])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(content)).run()
        #expect(report.snippets.map(\.status) == [.passed, .passed, .failed, .failed, .skipped, .passed])
        let mismatchFence = try #require(CheckSupport.line(of: "no such message", in: Self.attributes))
        let successFence = try #require(CheckSupport.line(of: "let fine", in: Self.attributes)) - 1
        #expect(report.diagnostics.map(\.formatted) == [
            "Content/attributes.md:\(mismatchFence):1: error: expected this example to fail with an error containing 'no such message', but swiftc said 'initializers may only be declared within a type'",
            "Content/attributes.md:\(successFence):1: error: expected this example to fail to compile (it is marked 'expect-error'), but it parses; remove 'expect-error' from the fence",
        ])
        #expect(report.diagnostics.first?.notes.count == 1)
        #expect(report.summary.line == "6 snippets: 3 passed, 2 failed, 1 skipped; 0 links: 0 broken")
    }

    @Test func exitStatusIsZeroWhenCleanAndWarningsFailOnlyWhenStrict() async throws {
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n\n```swift tested\nlet b = 2\n```\n"])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(content)).run()
        #expect(report.diagnostics.map(\.id) == ["snippet.unknown-attribute"])
        #expect(report.exitStatus() == 0)
        #expect(report.exitStatus(strict: true) == 1)
        #expect(report.summary.line == "2 snippets: 2 passed, 0 failed, 0 skipped; 0 links: 0 broken; 1 warning")
    }

    @Test func aMissingCompilerIsAnEnvironmentError() async throws {
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n"])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        await #expect(throws: SwiftCompiler.Failure.notFound("/nonexistent/swiftc")) {
            try await CheckRunner(options: CheckSupport.options(content, swiftc: "/nonexistent/swiftc")).run()
        }
        var options = CheckSupport.options(content)
        options.environment = ["PATH": "/nonexistent"]
        await #expect(throws: SwiftCompiler.Failure.noCompilerOnPath) {
            try await CheckRunner(options: options).run()
        }
        // Without snippets to check, no compiler is needed.
        let noSnippets = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift ignore\nlet a = 1\n```\n"])
        defer { try? FileManager.default.removeItem(at: noSnippets.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(noSnippets, swiftc: "/nonexistent/swiftc")).run()
        #expect(report.summary.skipped == 1)
    }

    @Test func aHangingCompilerIsKilledAndReported() async throws {
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n"])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let fake = try CheckSupport.fakeCompiler(in: root, body: "exec sleep 60")
        let report = try await CheckRunner(options: CheckSupport.options(content, swiftc: fake.path, timeout: 1)).run()
        #expect(report.diagnostics.map(\.formatted) == [
            "Content/a.md:3:1: error: swiftc did not finish parsing this example within 1 s and was stopped; simplify the example, raise --timeout or mark it 'ignore'",
        ])
        #expect(report.summary.failed == 1)
    }

    @Test func theCompilerRunsWithATemporaryFolderOfDocgensThatIsRemovedAfter() async throws {
        // The Swift driver leaves an empty TemporaryDirectory.* folder in TMPDIR on every run; this fake does too.
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n\n```swift\nlet b = 2\n```\n"])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let log = root.appendingPathComponent("tmpdirs.log")
        let fake = root.appendingPathComponent("litter-swiftc")
        let script = """
            #!/bin/sh
            echo "$TMPDIR" >> '\(log.path)'
            mkdir -p "$TMPDIR/TemporaryDirectory.fake"
            if [ "$1" = "--version" ]; then echo "Fake Swift version 0.0 (litter)"; fi
            exit 0

            """
        try Data(script.utf8).write(to: fake)
        #expect(chmod(fake.path, 0o755) == 0)
        let report = try await CheckRunner(options: CheckSupport.options(content, swiftc: fake.path)).run()
        #expect(report.summary.failed == 0)
        let folders = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!folders.isEmpty)
        let shared = FileManager.default.temporaryDirectory.standardizedFileURL.path
        for folder in folders {
            #expect(URL(fileURLWithPath: folder).standardizedFileURL.path != shared)
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was left behind")
        }
    }

    @Test func aCompilerFailureWithoutAPositionIsReported() async throws {
        let content = try CheckSupport.contentFolder(["a.md": "# A\n\n```swift\nlet a = 1\n```\n"])
        let root = content.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let fake = try CheckSupport.fakeCompiler(in: root, body: "echo '<unknown>:0: error: unable to load standard library' >&2; exit 1")
        let report = try await CheckRunner(options: CheckSupport.options(content, swiftc: fake.path)).run()
        #expect(report.diagnostics.map(\.id) == ["snippet.compiler-failure"])
        #expect(report.diagnostics.first?.message.contains("unable to load standard library") == true)
        #expect(report.exitStatus() == 1)
    }

    @Test func badOptionsAreRejected() async throws {
        let content = try CheckSupport.contentFolder(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        var options = CheckSupport.options(content)
        options.swiftVersion = "7"
        await #expect(throws: CheckRunner.Failure.unsupportedSwiftVersion("7")) { try await CheckRunner(options: options).run() }
        let missing = CheckSupport.options(content.appendingPathComponent("nope"))
        await #expect(throws: ContentLoader.Failure.self) { try await CheckRunner(options: missing).run() }
    }

    @Test func rulesAndOtherChecksPlugIn() async throws {
        struct Always: DocumentCheck {
            var name: String { "always" }
            func diagnostics(for documents: [Document]) -> [Diagnostic] {
                documents.map { Diagnostic(.warning, file: $0.source.displayPath, line: 1, id: "rule.example", message: "a rule warning") }
            }
        }
        let content = try CheckSupport.contentFolder(["a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let report = try await CheckRunner(options: CheckSupport.options(content), additionalChecks: [Always()]).run()
        #expect(report.diagnostics.map(\.formatted) == ["Content/a.md:1:1: warning: a rule warning"])
    }
}
