// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "docgen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "docgen", targets: ["docgen"]),
        .library(name: "DocgenKit", targets: ["DocgenKit"]),
        .library(name: "DocgenServer", targets: ["DocgenServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // cmark-gfm 0.29.0.gfm.13 built from source: Debian's 0.29.0.gfm.6 is quadratic on wide tables
        // (CVE-2023-37463) and lacks other security fixes. See Sources/CCmarkGFM/VENDORED.md.
        .target(
            name: "CCmarkGFM",
            exclude: ["COPYING", "VENDORED.md", "src/case_fold_switch.inc", "src/entities.inc"],
            cSettings: [
                .headerSearchPath("src"),
                .headerSearchPath("extensions"),
                .define("CMARK_GFM_STATIC_DEFINE"),
                .define("CMARK_GFM_EXTENSIONS_STATIC_DEFINE"),
            ]
        ),
        .target(name: "CDocgenSystem"),
        .target(
            name: "DocgenKit",
            dependencies: [
                "CCmarkGFM",
                "CDocgenSystem",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftIDEUtils", package: "swift-syntax"),
            ],
            plugins: ["EmbedTheme"]
        ),
        .target(
            name: "DocgenServer",
            dependencies: [
                "DocgenKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(name: "docgen-embed-theme", path: "Sources/docgen-embed-theme"),
        // libFuzzer target over the in-memory pipeline; built by Fuzz/build (see Fuzz/README.md).
        .executableTarget(name: "docgen-fuzz", dependencies: ["DocgenKit"], path: "Sources/DocgenFuzz"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["docgen-embed-theme"]),
        .executableTarget(
            name: "docgen",
            dependencies: [
                "DocgenKit",
                "DocgenServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "DocgenKitTests",
            dependencies: ["DocgenKit", .product(name: "Mustache", package: "swift-mustache")]
        ),
        .testTarget(
            name: "DocgenServerTests",
            dependencies: ["DocgenServer", "DocgenKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
