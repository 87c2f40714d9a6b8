import Foundation

// MARK: - Entry point

#if DOCGEN_FUZZ
/// libFuzzer's driver (`FuzzerDriver.cpp`): parses libFuzzer's flags and calls `callback` with each input.
/// SwiftPM renames every executable's `main`, so libFuzzer's own `main` cannot be used; its driver can.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// `docgen-fuzz`: built by `Fuzz/build` (libFuzzer and AddressSanitizer, `-DDOCGEN_FUZZ`), it is a libFuzzer
/// binary taking libFuzzer's flags and corpus folders. Built without the flag (an ordinary `swift build`),
/// `docgen-fuzz FILE…` replays inputs, such as a crash file libFuzzer wrote, through the same pipeline.
@main
struct FuzzEntry {
    static func main() {
        #if DOCGEN_FUZZ
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            guard let data else { return 0 }
            FuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: docgen-fuzz FILE...  (replays fuzzer inputs; see Fuzz/README.md)\n".utf8))
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("docgen-fuzz: cannot read \(path)\n".utf8))
                exit(2)
            }
            FuzzPipeline.run([UInt8](data))
            print("ok \(path)")
        }
        #endif
    }
}
