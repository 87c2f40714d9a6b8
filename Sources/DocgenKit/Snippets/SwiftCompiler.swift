import Foundation

// MARK: - Finding the compiler

/// The Swift compiler `docgen check` parses snippets with, and how to invoke it.
///
/// `swiftc -parse` is the authority. When `swift-frontend` sits beside the chosen `swiftc` (as in every
/// toolchain), it is run directly as `swift-frontend -frontend -parse`: the same parser, messages and exit
/// status, at less than half the start-up cost. Any other program (a wrapper script, say) is run as
/// `PROGRAM -parse`.
public struct SwiftCompiler: Sendable, Hashable {
    /// The program that is run.
    public var executable: URL
    /// Whether `executable` is `swift-frontend` (and needs `-frontend`).
    public var isFrontend: Bool
    /// The path the user chose (or that was found on `PATH`), for messages.
    public var requestedPath: String

    /// Creates a compiler description without checks (tests use it for fake compilers).
    public init(executable: URL, isFrontend: Bool, requestedPath: String? = nil) {
        self.executable = executable
        self.isFrontend = isFrontend
        self.requestedPath = requestedPath ?? executable.path
    }

    /// Why no usable compiler was found.
    public enum Failure: LocalizedError, Equatable {
        case notFound(String)
        case notExecutable(String)
        case noCompilerOnPath
        case versionFailed(path: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .notFound(let path):
                return "Swift compiler '\(path)' not found; pass an existing compiler with --swiftc PATH or the SWIFTC environment variable"
            case .notExecutable(let path):
                return "Swift compiler '\(path)' is not an executable file; pass a compiler with --swiftc PATH or SWIFTC"
            case .noCompilerOnPath:
                return "no Swift compiler found: 'swiftc' is not on PATH; install Swift or pass --swiftc PATH (or set SWIFTC)"
            case .versionFailed(let path, let reason):
                return "cannot ask '\(path)' for its version (\(reason)); is it a Swift compiler? Pass another with --swiftc PATH"
            }
        }
    }

    // MARK: - Locating

    /// The compiler chosen by `--swiftc` (`explicit`), else `SWIFTC`, else `swiftc` on `PATH`.
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SwiftCompiler {
        let requested = explicit ?? environment["SWIFTC"].flatMap { $0.isEmpty ? nil : $0 }
        let path: String
        if let requested {
            path = try resolve(requested, environment: environment)
        } else {
            guard let found = search("swiftc", in: environment["PATH"] ?? "") else { throw Failure.noCompilerOnPath }
            path = found
        }
        let url = URL(fileURLWithPath: path)
        if url.lastPathComponent == "swift-frontend" {
            return SwiftCompiler(executable: url, isFrontend: true, requestedPath: requested ?? path)
        }
        let sibling = url.deletingLastPathComponent().appendingPathComponent("swift-frontend")
        if ["swiftc", "swift-driver", "swift"].contains(url.lastPathComponent),
           FileManager.default.isExecutableFile(atPath: sibling.path) {
            return SwiftCompiler(executable: sibling, isFrontend: true, requestedPath: requested ?? path)
        }
        return SwiftCompiler(executable: url, isFrontend: false, requestedPath: requested ?? path)
    }

    private static func resolve(_ requested: String, environment: [String: String]) throws -> String {
        if requested.contains("/") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: requested, isDirectory: &isDirectory) else { throw Failure.notFound(requested) }
            guard !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: requested) else {
                throw Failure.notExecutable(requested)
            }
            return requested
        }
        guard let found = search(requested, in: environment["PATH"] ?? "") else { throw Failure.notFound(requested) }
        return found
    }

    private static func search(_ name: String, in path: String) -> String? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    // MARK: - Invoking

    /// Arguments that parse `files` in language mode `swiftVersion`, with one-line (`llvm` style) diagnostics.
    public func parseArguments(files: [String], swiftVersion: String) -> [String] {
        (isFrontend ? ["-frontend"] : []) + ["-parse", "-diagnostic-style", "llvm", "-swift-version", swiftVersion] + files
    }

    /// A string that changes whenever the compiler binary changes (resolved path, size, modification time),
    /// so that its version can be remembered without running it.
    public func identity() -> String {
        let resolved = executable.resolvingSymlinksInPath().path
        let attributes = (try? FileManager.default.attributesOfItem(atPath: resolved)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(resolved)|\(size)|\(modified)|\(isFrontend ? "frontend" : "driver")"
    }

    /// The compiler's `--version` text (one process run).
    public func version(timeout: Double = 30) async throws -> String {
        let output: ChildProcess.Output
        do {
            output = try await ChildProcess.run(executable, arguments: ["--version"], timeout: timeout)
        } catch {
            throw Failure.versionFailed(path: requestedPath, reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        let text = String(decoding: output.stdout, as: UTF8.self).trimming(.whitespacesAndNewlines)
        guard output.status == 0, !output.timedOut, !text.isEmpty else {
            let reason = output.timedOut ? "it did not answer within \(Int(timeout)) s" : "exit status \(output.status)"
            throw Failure.versionFailed(path: requestedPath, reason: reason)
        }
        return text
    }
}
