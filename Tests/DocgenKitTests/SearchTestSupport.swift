import Foundation
@testable import DocgenKit

/// Reads a search index back the way `Theme/assets/search.js` does, for tests.
struct SearchIndexReader {
    /// One entry's display record.
    struct Record: Hashable {
        var kind: Int
        var document: Int
        var title: String
        var text: String
        var anchor: String
        var path: String
        var detail: String
    }

    /// A posting: entry number and field bits (1 title, 2 body).
    struct Posting: Hashable {
        var entry: Int
        var fields: Int
    }

    enum Failure: Error {
        case missingFile(String)
        case notAScript(String)
        case malformed(String)
    }

    var documents: [[String]] = []
    var stopWords: [String] = []
    var shardKeys: [String] = []
    var chunkStarts: [Int] = []
    var records: [Record] = []
    var postings: [String: [Posting]] = [:]
    /// The key of the shard each term was found in.
    var shardOfTerm: [String: String] = [:]
    /// The terms of each shard, in file order.
    var termsOfShard: [[String]] = []
    /// The document of each record chunk's entries.
    var documentsOfChunk: [Set<Int>] = []

    init(_ files: [OutputFile]) throws {
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        guard let manifestFile = byPath[SearchIndexBuilder.indexPath] else { throw Failure.missingFile(SearchIndexBuilder.indexPath) }
        let manifest = try Self.object(manifestFile, variable: "window.docgenSearchIndex=") as? [String: Any] ?? [:]
        guard manifest["v"] as? Int == 1 else { throw Failure.malformed("version") }
        documents = manifest["d"] as? [[String]] ?? []
        stopWords = manifest["s"] as? [String] ?? []
        shardKeys = manifest["k"] as? [String] ?? []
        chunkStarts = manifest["c"] as? [Int] ?? []
        let inlineTerms = manifest["t"] as? [[String: String]]
        let inlineRecords = manifest["r"] as? [[String: Any]]

        for (number, key) in shardKeys.enumerated() {
            let shard: [String: String]
            if let inlineTerms {
                shard = inlineTerms[number]
            } else {
                guard let file = byPath["search/t\(number).js"] else { throw Failure.missingFile("search/t\(number).js") }
                shard = try Self.object(file, variable: "(window.docgenSearchShards=window.docgenSearchShards||{})[\"t\(number)\"]=") as? [String: String] ?? [:]
            }
            let terms = SearchTermDictionary.decodeFrontCoded(shard["t"] ?? "")
            let lists = (shard["p"] ?? "").split(separator: ";", omittingEmptySubsequences: false)
            guard terms.count == lists.count else { throw Failure.malformed("shard \(number): \(terms.count) terms, \(lists.count) lists") }
            termsOfShard.append(terms)
            for (term, list) in zip(terms, lists) {
                var entry = 0
                var decoded: [Posting] = []
                for value in list.split(separator: ",") {
                    guard let number = Int(value, radix: 36) else { throw Failure.malformed("posting \(value)") }
                    entry += number >> 2
                    decoded.append(Posting(entry: entry, fields: number & 3))
                }
                if postings[term] != nil { throw Failure.malformed("term \(term) in two shards") }
                postings[term] = decoded
                shardOfTerm[term] = key
            }
        }
        for number in 0..<max(chunkStarts.count - 1, 0) {
            let chunk: [String: Any]
            if let inlineRecords {
                chunk = inlineRecords[number]
            } else {
                guard let file = byPath["search/r\(number).js"] else { throw Failure.missingFile("search/r\(number).js") }
                chunk = try Self.object(file, variable: "(window.docgenSearchShards=window.docgenSearchShards||{})[\"r\(number)\"]=") as? [String: Any] ?? [:]
            }
            let paths = chunk["p"] as? [String] ?? []
            let entries = chunk["e"] as? [[Any]] ?? []
            guard entries.count == chunkStarts[number + 1] - chunkStarts[number] else { throw Failure.malformed("chunk \(number) size") }
            var chunkDocuments: Set<Int> = []
            var previousAnchor: [UInt16] = []
            for values in entries {
                guard values.count == 7, let kind = values[0] as? Int, let document = values[1] as? Int,
                      let title = values[2] as? String, let text = values[3] as? String,
                      let pathNumber = values[5] as? Int, paths.indices.contains(pathNumber), let detail = values[6] as? String else {
                    throw Failure.malformed("record \(values)")
                }
                var anchor: [UInt16]
                if let whole = values[4] as? String {
                    anchor = Array(whole.utf16)
                } else if let pair = values[4] as? [Any], pair.count == 2, let shared = pair[0] as? Int, let rest = pair[1] as? String,
                          shared <= previousAnchor.count {
                    anchor = Array(previousAnchor.prefix(shared)) + Array(rest.utf16)
                } else {
                    throw Failure.malformed("anchor \(values[4])")
                }
                previousAnchor = anchor
                records.append(Record(kind: kind, document: document, title: title, text: text,
                                      anchor: String(decoding: anchor, as: UTF16.self), path: paths[pathNumber], detail: detail))
                chunkDocuments.insert(document)
            }
            documentsOfChunk.append(chunkDocuments)
        }
    }

    /// The JSON value a script assigns after `variable`.
    static func object(_ file: OutputFile, variable: String) throws -> Any {
        let text = String(decoding: file.data, as: UTF8.self)
        guard let start = text.range(of: variable), let end = text.range(of: ";\n", options: .backwards) else {
            throw Failure.notAScript(file.path)
        }
        return try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8), options: [.fragmentsAllowed])
    }

    /// Entries holding a term that starts with each word (the script's AND query), best first by the
    /// script's word score: a title match counts 10, a body match 3, times 1 for an exact term and
    /// 0.4 + 0.4 × (word length / term length) for a longer one (kind weights and phrase bonus left out).
    func search(_ query: String) -> [Record] {
        let words = SearchTokenizer.words(query).map(SearchTokenizer.normalize).filter { $0.count >= 2 && !stopWords.contains($0) }
        var scores: [Int: Double] = [:]
        var counts: [Int: Int] = [:]
        for word in words {
            var best: [Int: Double] = [:]
            for (term, list) in postings where term.hasPrefix(word) {
                let exactness = term == word ? 1 : 0.4 + 0.4 * Double(word.count) / Double(term.count)
                for posting in list {
                    let score = (posting.fields & 1 == 1 ? 10 : 3) * exactness
                    best[posting.entry] = max(best[posting.entry] ?? 0, score)
                }
            }
            for (entry, score) in best {
                scores[entry, default: 0] += score
                counts[entry, default: 0] += 1
            }
        }
        return scores.filter { counts[$0.key] == words.count }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { records[$0.key] }
    }
}

/// Documents and rules of Markdown texts, for search tests.
enum SearchTestSupport {
    /// Analyses `(slug, markdown)` pairs and extracts their rules, as the build does.
    static func site(_ texts: [(String, String)]) -> ([Document], RuleCatalog) {
        let documents = texts.map { slug, markdown in
            DocumentAnalyzer.analyze(SourceFile(relativePath: slug + ".md", displayPath: "Content/\(slug).md", text: markdown)).0
        }
        return (documents, RuleExtractor.extract(documents))
    }

    /// The real `Content/` as the build sees it.
    static func realContent() async throws -> ([Document], RuleCatalog) {
        let temp = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let options = BuildOptions(contentDirectory: Fixtures.content, outputDirectory: temp.appendingPathComponent("_site"),
                                   themeDirectory: Fixtures.theme)
        let snapshot = try await BuildSession(options: options).build()
        return (snapshot.documents, snapshot.rules)
    }
}
