import Foundation
import Testing
@testable import DocgenKit

/// Inputs the fuzzer saved (crashes, timeouts, out-of-memory), replayed through the whole in-memory pipeline
/// as `docgen-fuzz` runs them: each must build, or fail with diagnostics, and never crash.
@Suite struct HardeningFuzzRegressionTests {
    static let directory = Fixtures.directory.appendingPathComponent("bad/fuzz")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The documents of one input, split as `Sources/DocgenFuzz/FuzzInput.swift` splits them.
    static func documents(_ data: Data) -> [String: Data] {
        let separator = Data("\n<<<docgen-next>>>\n".utf8)
        let paths = ["a.md", "guides/b.md", "c.md", "guides/deeper/d.md"]
        var parts: [Data] = []
        var rest = data[...]
        while parts.count < paths.count - 1, let range = rest.range(of: separator) {
            parts.append(Data(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Data(rest))
        if parts.count == 1 { return ["fuzz.md": parts[0]] }
        return Dictionary(uniqueKeysWithValues: zip(paths, parts).map { ($0, $1) })
    }

    @Test func thereAreSavedInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(.timeLimit(.minutes(2)), arguments: inputs)
    func savedInputBuildsOrFailsCleanly(_ name: String) async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        var texts: [String: String] = [:]
        for (path, bytes) in Self.documents(data) {
            if case .success(let text) = SourceFile.decode(bytes) { texts[path] = text }
        }
        guard !texts.isEmpty else { return }
        do {
            let snapshot = try await HardeningSupport.buildInMemory(texts)
            #expect(snapshot.files["index.html"] != nil)
        } catch SiteBuilder.Failure.invalidInput(let diagnostics, _) {
            #expect(diagnostics.containsErrors)
        }
    }
}
