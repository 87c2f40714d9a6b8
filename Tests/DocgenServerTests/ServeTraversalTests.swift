import DocgenServer
import Foundation
import Testing

/// No request form reaches a file outside the site: the server answers from the built site in memory,
/// and rejects paths that try to step out of it.
@Suite(.timeLimit(.minutes(3))) struct ServeTraversalTests {
    /// A file beside the site copy, outside everything served, and its marker text.
    static let secretName = "secret.txt"
    static let marker = "TOP-SECRET-MARKER-4711"

    static let attempts = [
        "/../secret.txt",
        "/../../../../../../etc/passwd",
        "/assets/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/..%2fsecret.txt",
        "/..%2Fsecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/%252e%252e/secret.txt",
        "/%252e%252e%252fsecret.txt",
        "/..\\secret.txt",
        "/assets\\..\\..\\secret.txt",
        "/%5c..%5csecret.txt",
        "/..%5csecret.txt",
        "/index.html%00.css",
        "/%00",
        "//etc/passwd",
        "/%2fetc/passwd",
        "/./index.html",
        "/assets/./docgen.css",
        "/%zz",
        "/%c0%ae%c0%ae/secret.txt",
        "/Content/../secret.txt",
        "/leak.txt",
        "/linked/secret.txt",
        "/assets/leak.txt",
        "/assets/linked/secret.txt",
        "http://127.0.0.1/../secret.txt",
    ]

    @Test func traversalAttemptsNeverServeAFileOutsideTheSite() async throws {
        try await RunningServer.with(prepare: { site in
            let outside = site.root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Self.marker.write(to: outside.appendingPathComponent(Self.secretName), atomically: true, encoding: .utf8)
            try Self.marker.write(to: site.root.appendingPathComponent(Self.secretName), atomically: true, encoding: .utf8)
            // Symbolic links in the content and theme folders that lead outside them.
            let manager = FileManager.default
            try manager.createSymbolicLink(at: site.content.appendingPathComponent("leak.txt"),
                                           withDestinationURL: outside.appendingPathComponent(Self.secretName))
            try manager.createSymbolicLink(at: site.content.appendingPathComponent("linked"), withDestinationURL: outside)
            try manager.createSymbolicLink(at: site.theme.appendingPathComponent("assets/leak.txt"),
                                           withDestinationURL: outside.appendingPathComponent(Self.secretName))
            try manager.createSymbolicLink(at: site.theme.appendingPathComponent("assets/linked"), withDestinationURL: outside)
        }) { _, running in
            for target in Self.attempts {
                let response = try await running.client.send("GET", target)
                #expect([400, 404].contains(response.status), "\(target) answered \(response.status)")
                #expect(!response.text.contains(Self.marker), "\(target) leaked a file outside the site")
                #expect(!response.text.contains("root:x:0:0"), "\(target) leaked /etc/passwd")
            }
            // The server still serves the site after all that.
            let home = try await running.client.send("GET", "/")
            #expect(home.status == 200)
        }
    }

    @Test(arguments: [
        ("/", RequestPath(segments: [], isDirectory: true)),
        ("/a/b.html", RequestPath(segments: ["a", "b.html"], isDirectory: false)),
        ("/a%20b/", RequestPath(segments: ["a b"], isDirectory: true)),
        ("/caf%C3%A9.html", RequestPath(segments: ["café.html"], isDirectory: false)),
    ])
    func validPathsAreDecodedOnce(raw: String, expected: RequestPath) throws {
        #expect(try RequestPath.parse(raw).get() == expected)
    }

    @Test(arguments: [
        ("a.html", RequestPath.Rejection.notAbsolute),
        ("/../a", .dotSegment),
        ("/a/..", .dotSegment),
        ("/%2e%2e/a", .dotSegment),
        ("/.%2e/a", .dotSegment),
        ("/a/./b", .dotSegment),
        ("/%252e%252e/a", .doubleEncoding),
        ("/a%2fb", .encodedSeparator),
        ("/a%5Cb", .encodedSeparator),
        ("/a\\b", .forbiddenCharacter),
        ("/a%00b", .forbiddenCharacter),
        ("/a%0Ab", .forbiddenCharacter),
        ("//a", .emptySegment),
        ("/a//b", .emptySegment),
        ("/%zz", .malformedEncoding),
        ("/%e", .malformedEncoding),
        ("/%c0%ae", .malformedEncoding),
    ])
    func unsafePathsAreRejected(raw: String, rejection: RequestPath.Rejection) {
        #expect(throws: rejection) { try RequestPath.parse(raw).get() }
    }
}
