import ArgumentParser
import DocgenKit
import Foundation

/// `--cache-dir` and `--no-cache`: where `build` and `serve` keep the build caches (one set per content folder,
/// shared by both commands), or that they keep none.
struct BuildCacheOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Folder of the build caches (analysed documents, rules, rule pairs, search entries; default: .build/docgen-build-cache).", valueName: "dir"))
    var cacheDir: String?

    @Flag(name: .long, help: "Read and write no cache: analyse every document, extract and pair every rule and collect every search entry again. build also keeps no replaced site beside the output (.<output>.spare) to write the next site into; serve also checks snippets without the snippet check cache.")
    var noCache = false

    /// The folder of the build caches; nil with `--no-cache`.
    var cacheDirectory: URL? {
        noCache ? nil : cacheDir.map { URL(fileURLWithPath: $0) } ?? BuildOptions.defaultCacheDirectory
    }

    /// The folder of the snippet check cache that `serve` uses (`docgen check`'s default); nil with `--no-cache`.
    var checkCacheDirectory: URL? {
        noCache ? nil : CheckCache.defaultDirectory
    }
}
