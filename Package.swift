// swift-tools-version:6.0
import PackageDescription

/// limot: a content-filtering proxy browser for the German–Persian dictionary
/// loghatnameh.de. One target per pipeline stage; each stage depends only on
/// the stages before it (see README.md, "Architecture").
let package = Package(
    name: "limot",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "limot", targets: ["limot"]),
        .library(name: "ContentRules", targets: ["ContentRules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // A thin C++ shim over RE2 and RE2::Set with a C API. Swift's C++
        // interop cannot import re2::RE2 of Debian's version (not movable).
        .target(
            name: "CRE2",
            linkerSettings: [.linkedLibrary("re2")]
        ),
        // WHATWG URL parsing and serialisation, registrable domains (PSL).
        .target(name: "WebURL"),
        // WKContentRuleList: parse, validate, compile to RE2, decide.
        .target(name: "ContentRules", dependencies: ["CRE2", "WebURL"]),
        // The executable: argument parsing and wiring only.
        .executableTarget(
            name: "limot",
            dependencies: [
                "ContentRules",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WebURLTests", dependencies: ["WebURL"]),
        .testTarget(name: "ContentRulesTests", dependencies: ["ContentRules"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CLITests", dependencies: ["limot"], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
