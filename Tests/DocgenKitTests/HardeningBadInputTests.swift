import Foundation
import Testing
@testable import DocgenKit

/// The bad-input corpus of `Tests/Fixtures/bad/`: each case runs the `docgen` binary and checks its exit
/// status, its messages (file, line and column where there is one) and what happened to the previous site.
@Suite(.serialized) struct HardeningBadInputTests {
    /// One case folder and what its `expected` file says.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String] = []
        var exitStatus: Int32 = 0
        var stderr: [String] = []
        var stdout: [String] = []
        var absent: [String] = []
        var site = "untouched"
        var exists: [String] = []

        var testDescription: String { name }

        static let directory = Fixtures.directory.appendingPathComponent("bad")

        /// Every case folder, sorted.
        static var all: [Case] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().compactMap { name in
                guard let text = try? String(contentsOf: directory.appendingPathComponent(name).appendingPathComponent("expected"), encoding: .utf8) else {
                    return nil
                }
                var result = Case(name: name)
                for line in text.split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let key = line[..<colon], value = String(line[line.index(after: colon)...].dropFirst())
                    switch key {
                    case "run": result.arguments = value.split(separator: " ").map(String.init)
                    case "exit": result.exitStatus = Int32(value) ?? -1
                    case "stderr": result.stderr.append(value)
                    case "stdout": result.stdout.append(value)
                    case "absent": result.absent.append(value)
                    case "site": result.site = value
                    case "exists": result.exists.append(value)
                    default: continue
                    }
                }
                return result
            }
        }
    }

    @Test func theCorpusHasEveryCaseOfTheIssue() {
        let names = Set(Case.all.map(\.name))
        for required in ["invalid-utf8", "utf16-bom", "nul-bytes", "empty-file", "directory-named-md", "symlink-loop",
                         "symlink-outside", "front-matter-not-mapping", "front-matter-unterminated", "missing-partial",
                         "output-is-a-file", "output-inside-content", "swiftc-crash", "swiftc-hang",
                         "nested-block-quotes", "nested-lists"] {
            #expect(names.contains(required), "Tests/Fixtures/bad/\(required) is missing")
        }
    }

    @Test(arguments: Case.all)
    func badInput(_ badCase: Case) async throws {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let root = temp.appendingPathComponent(badCase.name)
        try HardeningSupport.copyTree(Case.directory.appendingPathComponent(badCase.name), to: root)
        let site = root.appendingPathComponent("_site")
        if badCase.site != "none", !FileManager.default.fileExists(atPath: site.path) {
            try await HardeningSupport.buildPreviousSite(into: site)
        }
        let before = HardeningSupport.snapshot(site)
        let arguments = badCase.arguments.map { $0.replacingOccurrences(of: "{root}", with: root.path) }

        let result = try HardeningSupport.docgen(arguments, in: root)

        #expect(result.status == badCase.exitStatus, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let stderrLines = Set(result.stderr.split(separator: "\n").map(String.init))
        for line in badCase.stderr.map({ $0.replacingOccurrences(of: "{root}", with: root.path) }) {
            #expect(stderrLines.contains(line), "expected on stderr: \(line)\ngot: \(result.stderr)")
        }
        for text in badCase.absent {
            #expect(!result.stderr.contains(text), "not expected on stderr: \(text)\ngot: \(result.stderr)")
        }
        let stdoutLines = Set(result.stdout.split(separator: "\n").map(String.init))
        for line in badCase.stdout.map({ $0.replacingOccurrences(of: "{root}", with: root.path) }) {
            #expect(stdoutLines.contains(line), "expected on stdout: \(line)\ngot: \(result.stdout)")
        }
        switch badCase.site {
        case "untouched":
            #expect(HardeningSupport.snapshot(site) == before, "the previous site changed")
        case "replaced":
            #expect(HardeningSupport.snapshot(site)["previous.html"] == nil, "the previous site is still there")
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(SiteWriter.markerName).path))
        default:
            #expect(!FileManager.default.fileExists(atPath: site.path))
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/_site").path))
        }
        for path in badCase.exists {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path) is missing")
        }
        // No temporary folder of the build is left beside the output; only the spare of a successful build
        // (the site it replaced, `SpareSite`), which carries docgen's marker.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("._site.") }
        #expect(leftovers.filter { $0 != "._site.spare" }.isEmpty)
        if leftovers.contains("._site.spare") {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("._site.spare/\(SiteWriter.markerName)").path))
        }
    }
}
