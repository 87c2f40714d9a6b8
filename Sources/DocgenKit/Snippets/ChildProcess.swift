import Foundation

// MARK: - Running a program

/// Runs a program to completion without blocking a thread: output is read on background queues,
/// completion arrives through `terminationHandler`, and a timeout kills the program.
public enum ChildProcess {
    /// What a finished (or killed) program produced.
    public struct Output: Sendable {
        /// Exit status (or the signal number for a killed program).
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: Data
        /// Everything written to standard error.
        public var stderr: Data
        /// Whether the program was killed because it ran longer than the timeout.
        public var timedOut: Bool
        /// The signal that ended the program (it crashed or was killed), nil when it exited.
        public var signal: Int32? = nil
    }

    /// Why a program could not be started.
    public enum Failure: LocalizedError, Equatable {
        case launchFailed(path: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .launchFailed(let path, let reason):
                return "cannot run '\(path)': \(reason)"
            }
        }
    }

    /// Runs `executable` with `arguments`; kills it with SIGKILL after `timeout` seconds. The child's `TMPDIR`
    /// is a folder of its own, removed when it has finished: the Swift driver leaves an empty
    /// `TemporaryDirectory.*` folder in `TMPDIR` on every run, which a check of a few thousand snippets would
    /// otherwise scatter over `/tmp`.
    public static func run(
        _ executable: URL, arguments: [String], directory: URL? = nil, timeout: Double
    ) async throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docgen-child-\(getpid())-\(UUID().uuidString)")
        if (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = scratch.path
            process.environment = environment
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        let state = RunState()

        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, Error>) in
            state.install(continuation)
            let readers = DispatchGroup()
            for (pipe, isError) in [(outPipe, false), (errPipe, true)] {
                readers.enter()
                DispatchQueue.global().async {
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    state.store(data, isError: isError)
                    readers.leave()
                }
            }
            process.terminationHandler = { finished in
                let status = finished.terminationStatus
                let signal = finished.terminationReason == .uncaughtSignal ? status : nil
                // Pipes close when the program (and anything it started) has exited.
                readers.notify(queue: .global()) { state.finish(status: status, signal: signal) }
            }
            do {
                try process.run()
            } catch {
                // The readers end when the pipes are closed.
                try? outPipe.fileHandleForWriting.close()
                try? errPipe.fileHandleForWriting.close()
                state.fail(Failure.launchFailed(path: executable.path, reason: (error as NSError).localizedDescription))
                return
            }
            // The parent's copies of the write ends must be closed, or the readers never see end-of-file.
            try? outPipe.fileHandleForWriting.close()
            try? errPipe.fileHandleForWriting.close()
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard state.markTimedOut() else { return }
                kill(pid, SIGKILL)
                // If a grandchild keeps the pipes open, do not wait for it forever.
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) { state.finish(status: SIGKILL) }
            }
        }
    }

    // MARK: - State shared by the callbacks

    /// The output collected so far and the continuation, resumed exactly once.
    private final class RunState: Sendable {
        private struct Fields {
            var continuation: CheckedContinuation<Output, Error>?
            var stdout = Data()
            var stderr = Data()
            var timedOut = false
            var finished = false
        }

        private let fields = Locked(Fields())

        func install(_ continuation: CheckedContinuation<Output, Error>) {
            fields.withLock { $0.continuation = continuation }
        }

        func store(_ data: Data, isError: Bool) {
            fields.withLock { if isError { $0.stderr = data } else { $0.stdout = data } }
        }

        /// Returns true if the program was still running (so the caller should kill it).
        func markTimedOut() -> Bool {
            fields.withLock { fields in
                guard !fields.finished else { return false }
                fields.timedOut = true
                return true
            }
        }

        func finish(status: Int32, signal: Int32? = nil) {
            let resume: (CheckedContinuation<Output, Error>, Output)? = fields.withLock { fields in
                guard !fields.finished, let continuation = fields.continuation else { return nil }
                fields.finished = true
                fields.continuation = nil
                return (continuation, Output(status: status, stdout: fields.stdout, stderr: fields.stderr, timedOut: fields.timedOut,
                                             signal: signal))
            }
            if let (continuation, output) = resume { continuation.resume(returning: output) }
        }

        func fail(_ error: Error) {
            let continuation: CheckedContinuation<Output, Error>? = fields.withLock { fields in
                guard !fields.finished else { return nil }
                fields.finished = true
                defer { fields.continuation = nil }
                return fields.continuation
            }
            continuation?.resume(throwing: error)
        }
    }
}
