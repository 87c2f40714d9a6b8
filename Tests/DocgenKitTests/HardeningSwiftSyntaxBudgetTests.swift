import Foundation
import Testing
@testable import DocgenKit

/// swift-syntax needs exponential time for deeply nested `[` (found by the fuzzer: 34 levels hung the build).
/// Such code is kept from swift-syntax: not highlighted, with a warning; `check` leaves it to swiftc alone.
@Suite struct HardeningSwiftSyntaxBudgetTests {
    static let limit = SwiftSyntaxBudget.maximumBracketNesting

    @Test func nestingUpToTheLimitIsParsedDeeperIsNot() {
        #expect(SwiftSyntaxBudget.canParse("let a: [[[Int]]] = [[[1], [2]], [[3]]]"))
        #expect(SwiftSyntaxBudget.canParse(String(repeating: "[", count: Self.limit)))
        #expect(!SwiftSyntaxBudget.canParse(String(repeating: "[", count: Self.limit + 1)))
        let deep = String(repeating: "[", count: Self.limit + 1) + "Int" + String(repeating: "]", count: Self.limit + 1)
        #expect(SwiftSyntaxBudget.firstLineTooDeep("struct A {}\n\nlet a: " + deep) == 2)
        // Sequences are not nesting.
        #expect(SwiftSyntaxBudget.canParse(String(repeating: "a[0] = b[1][2]\n", count: 1_000)))
    }

    @Test func bracketsSwiftSyntaxDoesNotSeeCannotHideRealOnes() {
        let deeper = Self.limit + 1
        // A ']' in a comment or backquoted identifier is trivia to swift-syntax: it closes nothing.
        #expect(!SwiftSyntaxBudget.canParse("x" + String(repeating: "[/* ] */", count: deeper)))
        #expect(!SwiftSyntaxBudget.canParse("x" + String(repeating: "[ // ]\n", count: deeper)))
        #expect(!SwiftSyntaxBudget.canParse("x" + String(repeating: "[`]`: ", count: deeper)))
        // A comment start inside a string is not a comment for swift-syntax: the brackets after it still count.
        #expect(!SwiftSyntaxBudget.canParse("let url = \"https://example.com\"; x" + String(repeating: "[", count: deeper)))
        // A ')' or '}' closes only what was opened after its '(' or '{'.
        #expect(!SwiftSyntaxBudget.canParse("f(" + String(repeating: "[", count: deeper)))
        #expect(!SwiftSyntaxBudget.canParse(")})" + String(repeating: "[", count: deeper)))
    }

    @Test func commentsAndLinksInDocCommentsLeaveNothingOpen() {
        let comments = String(repeating: "/// See [the guide](guide.md) and [[wiki]] links.\n// [x]: note\n", count: 50)
        #expect(SwiftSyntaxBudget.canParse(comments + "let a = [[1]]\n"))
    }

    @Test func everyExampleOfTheRealContentIsParsed() throws {
        var count = 0
        for url in Fixtures.contentFiles {
            let source = SourceFile(relativePath: url.lastPathComponent, displayPath: url.lastPathComponent,
                                    text: try String(contentsOf: url, encoding: .utf8))
            for snippet in DocumentAnalyzer.analyze(source).0.snippets {
                #expect(SwiftSyntaxBudget.canParse(snippet.code), "\(snippet.id)")
                count += 1
            }
        }
        #expect(count >= 40)
    }

    @Test func tooDeepCodeIsCheckedByTheCompilerAlone() {
        #expect(SnippetClassifier.classify("print(" + String(repeating: "[", count: 40) + ")") == .alone)
        #expect(SnippetClassifier.classify("print([[1]])") == .topLevelCode)
    }

    @Test(.timeLimit(.minutes(1)))
    func aDeeplyNestedExampleBuildsAtOnceUnhighlightedWithAWarning() async throws {
        let code = "let grid: " + String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40) + " = []"
        let text = "# Grid\n\nIntro.\n\n```swift\nlet small = [[1]]\n" + code + "\n```\n"
        let started = Date()
        let snapshot = try await HardeningSupport.buildInMemory(["grid.md": text])
        #expect(Date().timeIntervalSince(started) < 10)
        let warnings = snapshot.diagnostics.filter { $0.id == "snippet.too-deep" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.range?.start.line == 7)
        #expect(warnings.first?.message == "'[' nest more than 12 levels deep in this Swift example; swift-syntax would take exponential time, so it is not highlighted")
        let page = HardeningSupport.page("grid.html", in: snapshot)
        #expect(page.contains("let small = [[1]]\nlet grid: [[[["))
        #expect(!page.contains("<span class=\"hl-"))
    }
}
