import Foundation
import Testing
@testable import DocgenKit

/// Bad input that git cannot hold, made at run time: a FIFO named like a document, unreadable files and
/// folders, and a disk that fills up while the site is written. Each runs the `docgen` binary.
@Suite(.serialized) struct HardeningEnvironmentTests {
    /// A temporary folder holding `Content/` with `files`, and a previous site in `_site`.
    func caseFolder(_ files: [String: String]) async throws -> URL {
        let root = try Fixtures.temporaryDirectory()
        let content = root.appendingPathComponent("Content")
        for (path, text) in files {
            let url = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try await HardeningSupport.buildPreviousSite(into: root.appendingPathComponent("_site"))
        return root
    }

    @Test func aFIFONamedLikeADocumentIsSkippedWithAWarningNotRead() async throws {
        let root = try await caseFolder(["ok.md": "# OK\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(mkfifo(root.appendingPathComponent("Content/pipe.md").path, 0o644) == 0)
        let result = try HardeningSupport.docgen(["build"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Content/pipe.md: warning: not a regular file (a pipe, socket or device); it is skipped"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("_site/ok.html").path))
    }

    /// Root reads every file whatever its mode, so as root the binary is run as `nobody` (through
    /// `setpriv`); as another user the modes alone do it.
    static var canDropPermissions: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Gives the case folder to `nobody` when running as root: the binary will run as nobody and must be
    /// able to replace the site beside the content.
    func handOver(_ root: URL) throws {
        guard getuid() == 0 else { return }
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/bin/chown")
        owner.arguments = ["-R", "nobody:nogroup", root.path]
        try owner.run()
        owner.waitUntilExit()
        #expect(owner.terminationStatus == 0)
    }

    /// Runs the binary as nobody when root, else as the current user.
    func runUnprivileged(_ arguments: [String], in root: URL) throws -> HardeningSupport.Output {
        try HardeningSupport.docgen(arguments, in: root, asUser: getuid() == 0 ? "nobody" : nil)
    }

    @Test(.enabled(if: canDropPermissions, "needs a non-root user or setpriv to drop root's right to read everything"))
    func anUnreadableFileIsAnErrorAndThePreviousSiteStays() async throws {
        let root = try await caseFolder(["ok.md": "# OK\n", "secret.md": "# Secret\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try handOver(root)
        let before = HardeningSupport.snapshot(root.appendingPathComponent("_site"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: root.appendingPathComponent("Content/secret.md").path)
        let result = try runUnprivileged(["build"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Content/secret.md: error: cannot read file (Permission denied); check its permissions"),
                "\(result.stderr)")
        #expect(result.stderr.contains("error: build failed with 1 error; the previous site was left untouched"))
        #expect(HardeningSupport.snapshot(root.appendingPathComponent("_site")) == before)
    }

    @Test(.enabled(if: canDropPermissions, "needs a non-root user or setpriv to drop root's right to read everything"))
    func anUnreadableFolderIsAnErrorNamingIt() async throws {
        let root = try await caseFolder(["ok.md": "# OK\n", "private/inner.md": "# Inner\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try handOver(root)
        let before = HardeningSupport.snapshot(root.appendingPathComponent("_site"))
        let folder = root.appendingPathComponent("Content/private")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let result = try runUnprivileged(["build"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Content/private: error: cannot list folder (Permission denied); check its permissions"),
                "\(result.stderr)")
        #expect(HardeningSupport.snapshot(root.appendingPathComponent("_site")) == before)
    }
}
