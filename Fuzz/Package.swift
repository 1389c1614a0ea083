// swift-tools-version: 6.1

import Foundation
import PackageDescription

/// limot's fuzz targets, a package of their own so that the main package
/// (and its CI's `swift build`) never builds executables that only link with
/// libFuzzer. Build and run from this folder (see README.md):
///
///     swift build -c release -Xswiftc -sanitize=fuzzer
///     .build/release/RuleListFuzzer Corpus/rule-list
///
/// Each executable runs libFuzzer's driver on one check of the main package's
/// FuzzChecks target, which the regression tests share.

/// SwiftPM names a path dependency after its folder, so the identity of the
/// main package is the name of the checkout's folder. Derive it.
let limotIdentity = URL(fileURLWithPath: Context.packageDirectory)
    .deletingLastPathComponent()
    .lastPathComponent
    .lowercased()

/// One fuzz executable per target, in Targets/<name>.
func fuzzer(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["CLibFuzzer", .product(name: "FuzzChecks", package: limotIdentity)],
        path: "Targets/\(name)"
    )
}

let package = Package(
    name: "limot-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // The declaration of libFuzzer's driver (the library itself comes with -sanitize=fuzzer).
        .systemLibrary(name: "CLibFuzzer", path: "Targets/CLibFuzzer"),
        fuzzer("RuleListFuzzer"),
        fuzzer("URLFilterFuzzer"),
        fuzzer("HTMLSanitizerFuzzer"),
        fuzzer("CSSRewriterFuzzer"),
        fuzzer("ResultPageFuzzer"),
        fuzzer("RequestLineFuzzer"),
        fuzzer("CompiledCacheFuzzer"),
    ],
    swiftLanguageModes: [.v6]
)
