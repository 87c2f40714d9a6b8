import Foundation
import Testing
@testable import DocgenKit

/// `docgen check` on the real documents: exactly the defects of the verbatim originals
/// (`Tests/Fixtures/original-content/`), and none left in the fixed `Content/`.
@Suite struct CheckOriginalContentTests {
    static let originals = Fixtures.directory.appendingPathComponent("original-content")

    /// Every finding on the originals: id, file:line:column.
    static let expected = [
        "snippet.parse-error Content/style-guide.md:122:13",
        "snippet.parse-error Content/style-guide.md:139:9",
        "snippet.parse-error Content/style-guide.md:140:20",
        "snippet.parse-error Content/style-guide.md:140:20",
        "link.missing-document Content/swift-mvc-skill.md:92:10",
        "link.missing-document Content/swift-mvc-skill.md:109:10",
        "link.missing-document Content/swift-mvc-skill.md:151:10",
        "link.missing-document Content/swift-mvc-skill.md:175:10",
        "link.missing-document Content/swift-mvc-skill.md:204:10",
        "link.missing-document Content/swift-mvc-skill.md:211:20",
        "link.missing-document Content/swift-mvc-skill.md:217:17",
        "link.missing-document Content/swift-mvc-skill.md:223:15",
        "link.missing-document Content/swift-mvc-skill.md:228:14",
        "link.missing-document Content/swift-mvc-skill.md:234:23",
        "link.missing-document Content/swift-mvc-skill.md:239:19",
        "link.missing-document Content/swift-mvc-skill.md:245:26",
        "link.missing-document Content/swift-mvc-skill.md:250:16",
        "link.missing-document Content/swift-mvc-skill.md:255:21",
        "link.missing-document Content/swift-mvc-skill.md:261:17",
        "link.missing-document Content/swift-mvc-skill.md:266:24",
        "link.missing-document Content/swift-mvc-skill.md:294:31",
        "link.missing-document Content/swift-mvc-skill.md:295:43",
        "link.missing-document Content/swift-mvc-skill.md:296:25",
        "link.missing-document Content/swift-mvc-skill.md:297:28",
        "link.missing-document Content/swift-mvc-skill.md:298:33",
        "link.missing-document Content/swift-mvc-skill.md:299:36",
        "link.missing-document Content/swift-mvc-skill.md:300:38",
        "link.missing-document Content/swift-mvc-skill.md:301:30",
        "link.missing-document Content/swiftui-conventions.md:459:3",
    ]

    static func describe(_ diagnostic: Diagnostic) -> String {
        let position = diagnostic.range.map { "\($0.start.line):\($0.start.column)" } ?? "?"
        return "\(diagnostic.id) \(diagnostic.file):\(position)"
    }

    @Test func theOriginalsHaveExactlyTheKnownDefects() async throws {
        let options = CheckOptions(contentDirectory: Self.originals, contentDisplayName: "Content", cacheDirectory: nil)
        let report = try await CheckRunner(options: options).run()
        #expect(report.diagnostics.map(Self.describe) == Self.expected)
        #expect(report.summary.line == "49 snippets: 47 passed, 2 failed, 0 skipped; 25 links: 25 broken")
        #expect(report.diagnostics.first?.formatted == "Content/style-guide.md:122:13: error: initializers may only be declared within a type")
        // The failing snippets are the two client examples of the style guide.
        #expect(report.snippets.filter { $0.status == .failed }.map(\.snippet.id) == ["style-guide.clients.2", "style-guide.live-implementation.1"])
        #expect(report.exitStatus() == 1)
    }

    @Test func theFixedContentIsClean() async throws {
        let options = CheckOptions(contentDirectory: Fixtures.content, contentDisplayName: "Content", cacheDirectory: nil)
        let report = try await CheckRunner(options: options).run()
        #expect(report.diagnostics.map(\.formatted) == [])
        #expect(report.exitStatus(strict: true) == 0)
        #expect(report.summary.snippets == 49)
        #expect(report.summary.failed == 0)
    }
}
