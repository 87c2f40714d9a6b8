import DocgenServer
import Foundation
import Testing

/// The HTTP building blocks: dates, entity tags, content types, conditional-request decisions.
@Suite struct ServeHTTPPartsTests {
    @Test func httpDatesFormatAndParseImfFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        for seconds in [0, 951_782_400, 1_700_000_000, 2_000_000_000] {
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil, "obsolete forms are ignored")
        #expect(HTTPDate.parse("yesterday") == nil)
    }

    @Test func entityTagsFollowTheBytes() {
        let tag = ContentHash.entityTag(Data("hello".utf8))
        #expect(tag == ContentHash.entityTag(Data("hello".utf8)))
        #expect(tag != ContentHash.entityTag(Data("hellp".utf8)))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(ContentHash.matches(ifNoneMatch: tag, tag: tag))
        #expect(ContentHash.matches(ifNoneMatch: "\"a\", W/\(tag)", tag: tag))
        #expect(ContentHash.matches(ifNoneMatch: "*", tag: tag))
        #expect(!ContentHash.matches(ifNoneMatch: "\"a\", \"b\"", tag: tag))
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/docgen.css", "text/css; charset=utf-8"),
        ("assets/docgen.js", "text/javascript; charset=utf-8"),
        ("rules.json", "application/json"),
        ("snippets/a/b.swift", "text/plain; charset=utf-8"),
        ("logo.SVG", "image/svg+xml"),
        ("font.woff2", "font/woff2"),
        ("README", "application/octet-stream"),
        (".hidden", "application/octet-stream"),
        ("archive.xyz", "application/octet-stream"),
    ])
    func contentTypesComeFromTheExtension(path: String, type: String) {
        #expect(ContentType.forPath(path) == type)
    }

    @Test func ifNoneMatchDecidesBeforeIfModifiedSince() {
        let file = ServedFile(path: "a.html", data: Data("<p>a</p>".utf8), lastModified: 1_700_000_000)
        let date = HTTPDate.format(1_700_000_000)
        #expect(file.isNotModified(ifNoneMatch: file.entityTag, ifModifiedSince: nil))
        #expect(file.isNotModified(ifNoneMatch: nil, ifModifiedSince: date))
        #expect(file.isNotModified(ifNoneMatch: nil, ifModifiedSince: HTTPDate.format(1_700_000_100)))
        #expect(!file.isNotModified(ifNoneMatch: nil, ifModifiedSince: HTTPDate.format(1_699_999_999)))
        #expect(!file.isNotModified(ifNoneMatch: "\"other\"", ifModifiedSince: date))
        #expect(!file.isNotModified(ifNoneMatch: nil, ifModifiedSince: "not a date"))
        #expect(!file.isNotModified(ifNoneMatch: nil, ifModifiedSince: nil))
    }

    @Test func theStoreKeepsTagsAndDatesOfUnchangedFiles() {
        let store = SiteStore()
        #expect(!store.hasSite)
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        store.publish(["a.html": Data("a".utf8), "b.html": Data("b".utf8)], changed: ["a.html", "b.html"], at: first)
        let later = Date(timeIntervalSince1970: 1_700_000_500)
        let generation = store.publish(["a.html": Data("a2".utf8), "b.html": Data("b".utf8)], changed: ["a.html"], at: later)
        #expect(generation == 2)
        #expect(store.file(at: "a.html")?.lastModified == 1_700_000_500)
        #expect(store.file(at: "b.html")?.lastModified == 1_700_000_000)
        #expect(store.paths == ["a.html", "b.html"])
        store.publish(["a.html": Data("a2".utf8)], changed: [], at: later)
        #expect(store.file(at: "b.html") == nil, "a removed file is no longer served")
    }

    @Test func theStoreSharesTheCallersBytesInsteadOfCopyingThem() throws {
        // Large enough that `Data` keeps its bytes in a buffer of their own (small values are stored inline).
        func page(_ letter: Character) -> Data { Data(String(repeating: letter, count: 4096).utf8) }
        func address(_ data: Data?) -> UnsafeRawPointer? { data?.withUnsafeBytes { $0.baseAddress } }
        let store = SiteStore()
        let first = ["a.html": page("a"), "b.html": page("b")]
        store.publish(first, changed: Set(first.keys))
        #expect(address(store.file(at: "a.html")?.data) == address(first["a.html"]), "a new file is held in the caller's buffer")
        // b.html rendered again to the same bytes, in a new buffer: the store keeps its tag and date but lets
        // go of the old buffer.
        let second = ["a.html": first["a.html"] ?? Data(), "b.html": page("b")]
        #expect(address(second["b.html"]) != address(first["b.html"]))
        let tag = try #require(store.file(at: "b.html")?.entityTag)
        store.publish(second, changed: [])
        #expect(store.file(at: "b.html")?.entityTag == tag)
        #expect(address(store.file(at: "b.html")?.data) == address(second["b.html"]), "an unchanged file takes the new buffer")
    }

    @Test func reloadEventsAreOneLineJSON() throws {
        let report = ProblemReport(title: "1 problem", problems: [.init(severity: "error", location: "a.md:1:2", message: "two\nlines </script>")])
        let encoded = ReloadEvent.problems(report).encoded
        #expect(encoded.hasPrefix("event: problems\ndata: {"))
        #expect(encoded.hasSuffix("}\n\n"))
        #expect(encoded.split(separator: "\n").count == 2, "the data is one line: \(encoded)")
        let data = try #require(encoded.split(separator: "\n").last?.dropFirst("data: ".count))
        #expect(try JSONDecoder().decode(ProblemReport.self, from: Data(data.utf8)) == report)
    }

    @Test func onlyLoopbackHostsAreLocal() {
        for host in ["127.0.0.1", "localhost", "::1", "127.0.1.1"] { #expect(PreviewConfiguration.isLoopback(host), "\(host)") }
        for host in ["0.0.0.0", "::", "192.168.1.10", "example.com"] { #expect(!PreviewConfiguration.isLoopback(host), "\(host)") }
    }
}
