import Foundation
import Testing
@testable import DocgenKit

/// A disk that fills up while the site is written: a real one, a 1 MB tmpfs mounted for the test (where the
/// machine allows mounts), and everywhere an injected writer that fails as a full disk does.
@Suite(.serialized) struct HardeningDiskFullTests {
    @Test func aDiskThatFillsUpMidwayFailsTheWriteAndKeepsThePreviousSite() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        try await HardeningSupport.buildPreviousSite(into: site)
        let before = HardeningSupport.snapshot(site)
        var writer = SiteWriter(output: site)
        // The first two files fit; the third fills the disk.
        let written = Counter()
        writer.writeBytes = { data, path in
            guard written.increment() <= 2 else { return ENOSPC }
            return SiteWriter.writeBytes(data, to: path)
        }
        let files = (1...5).map { OutputFile(path: "page\($0).html", text: "<p>\($0)</p>") }

        #expect(throws: SiteWriter.Failure.writeFailed(path: "page3.html", reason: "No space left on device")) {
            try writer.write(files)
        }
        #expect(SiteWriter.Failure.writeFailed(path: "page3.html", reason: "No space left on device").errorDescription
                == "cannot write 'page3.html': No space left on device; the previous site was left untouched")
        #expect(HardeningSupport.snapshot(site) == before)
        // The half-written temporary folder was removed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    /// A thread-safe count of calls.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        /// Adds one and returns the new count.
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }

    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether a tmpfs can be mounted here (root, and a container that allows it).
    static let tmpfsWorks: Bool = {
        guard getuid() == 0, let probe = try? Fixtures.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) == 0 else { return false }
        return run("/bin/umount", [probe.path]) == 0
    }()

    @Test(.enabled(if: tmpfsWorks, "mounting a small tmpfs needs root in a machine or container that allows mounts"))
    func aFullDiskFailsTheBuildWithExitTwoAndKeepsThePreviousSite() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let disk = root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path]) == 0)
        defer { _ = Self.run("/bin/umount", [disk.path]) }
        let site = disk.appendingPathComponent("_site")
        try await HardeningSupport.buildPreviousSite(into: site)
        let before = HardeningSupport.snapshot(site)
        // 1.5 MB of prose: its page alone does not fit in what is left of the 1 MB disk.
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let paragraph = String(repeating: "Every word of this paragraph takes room on the disk. ", count: 20) + "\n\n"
        try Data(("# Big\n\n" + String(repeating: paragraph, count: 1_500)).utf8).write(to: content.appendingPathComponent("big.md"))

        let result = try HardeningSupport.docgen(["build", "--output", "disk/_site"], in: root)

        #expect(result.status == 2, "\(result.stderr)")
        let message = result.stderr.split(separator: "\n").first { $0.hasPrefix("error: cannot write '") }
        #expect(message?.hasSuffix("': No space left on device; the previous site was left untouched") == true, "\(result.stderr)")
        #expect(HardeningSupport.snapshot(site) == before)
        // The half-written temporary folder was removed: the disk holds only the previous site.
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["_site"])
    }
}
