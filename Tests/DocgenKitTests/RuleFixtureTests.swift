import Foundation
import Testing
@testable import DocgenKit

/// The extractor against hand-written labels of the five real documents (`Tests/Fixtures/rules/`).
@Suite struct RuleFixtureTests {
    /// One labels file.
    struct Labels: Decodable, Sendable, CustomTestStringConvertible {
        struct Expected: Decodable, Sendable {
            var contains: String
            var strength: RuleStrength
            var priority: String?
        }

        var document: String
        var rules: [Expected]
        var notRules: [String]

        var testDescription: String { document }
    }

    static let labels: [Labels] = {
        let directory = Fixtures.directory.appendingPathComponent("rules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { return nil }
            return try? JSONDecoder().decode(Labels.self, from: data)
        }
    }()

    static let catalog: RuleCatalog = {
        let documents = Fixtures.contentFiles.compactMap { url -> Document? in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let file = SourceFile(relativePath: url.lastPathComponent, displayPath: "Content/" + url.lastPathComponent, text: text)
            return DocumentAnalyzer.analyze(file).0
        }
        return RuleExtractor.extract(documents)
    }()

    static func rules(of document: String, containing text: String) -> [Rule] {
        catalog.rules.filter { $0.document == document && $0.statement.contains(text) }
    }

    @Test func everyDocumentIsLabelled() {
        #expect(Self.labels.count == 5)
        #expect(Set(Self.labels.map(\.document)) == Set(Fixtures.contentFiles.map { $0.deletingPathExtension().lastPathComponent }))
    }

    @Test(arguments: labels)
    func labelledRulesAreExtractedWithStrengthAndPriority(_ labels: Labels) {
        for expected in labels.rules {
            let found = Self.rules(of: labels.document, containing: expected.contains)
            #expect(!found.isEmpty, "not extracted: \(expected.contains)")
            for rule in found {
                #expect(rule.strength == expected.strength, "\(rule.id): \(rule.strength) instead of \(expected.strength)")
                #expect(rule.priority == expected.priority, "\(rule.id): priority \(rule.priority ?? "nil")")
            }
        }
    }

    @Test(arguments: labels)
    func labelledNonRulesAreNotExtracted(_ labels: Labels) {
        for text in labels.notRules {
            let found = Self.rules(of: labels.document, containing: text)
            #expect(found.isEmpty, "extracted although not a rule: \(text) → \(found.map(\.id))")
        }
    }

    @Test(arguments: labels)
    func labelsMatchTheDocumentText(_ labels: Labels) throws {
        // A label that no longer matches any text of the document would pass vacuously as "not extracted".
        let url = Fixtures.content.appendingPathComponent(labels.document + ".md")
        let (document, _) = DocumentAnalyzer.analyze(SourceFile(relativePath: labels.document + ".md", displayPath: "",
                                                                text: try String(contentsOf: url, encoding: .utf8)))
        var plain = ""
        document.root.forEachDescendant { node, _ in
            switch node.kind {
            case .paragraph, .tableCell: plain += InlineMarkdown.plain(node.children) + "\n"
            default: break
            }
        }
        for text in labels.notRules + labels.rules.map(\.contains) {
            #expect(plain.contains(text), "label text not found in \(labels.document).md: \(text)")
        }
    }

    @Test func precisionAndRecallOnTheLabels() {
        var truePositives = 0, falseNegatives = 0, falsePositives = 0, strengthCorrect = 0
        for labels in Self.labels {
            for expected in labels.rules {
                let found = Self.rules(of: labels.document, containing: expected.contains)
                if found.isEmpty {
                    falseNegatives += 1
                } else {
                    truePositives += 1
                    if found.allSatisfy({ $0.strength == expected.strength }) { strengthCorrect += 1 }
                }
            }
            for text in labels.notRules where !Self.rules(of: labels.document, containing: text).isEmpty {
                falsePositives += 1
            }
        }
        let precision = Double(truePositives) / Double(max(truePositives + falsePositives, 1))
        let recall = Double(truePositives) / Double(max(truePositives + falseNegatives, 1))
        let strengthAccuracy = Double(strengthCorrect) / Double(max(truePositives, 1))
        #expect(truePositives + falseNegatives >= 200, "the labels should cover every rule of the five documents")
        #expect(precision >= 0.95, "precision \(precision)")
        #expect(recall >= 0.95, "recall \(recall)")
        #expect(strengthAccuracy >= 0.9, "strength accuracy \(strengthAccuracy)")
    }

    @Test func everyExtractedRuleIsLabelled() {
        // The labels cover every rule of the five documents: an extraction without a label is either a
        // new false positive or a label to add.
        var unlabelled: [String] = []
        for rule in Self.catalog.rules {
            guard let labels = Self.labels.first(where: { $0.document == rule.document }) else { continue }
            if !labels.rules.contains(where: { rule.statement.contains($0.contains) }) { unlabelled.append(rule.id) }
        }
        #expect(unlabelled.isEmpty, "extracted but not labelled: \(unlabelled)")
    }
}
