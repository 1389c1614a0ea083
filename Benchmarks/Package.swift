// swift-tools-version: 6.1

import Foundation
import PackageDescription

/// limot's benchmarks, a package of their own so that the main package (and
/// its CI) never builds ordo-one/benchmark. Run from this folder:
///
///     swift package benchmark
///
/// See README.md beside this file.

/// SwiftPM names a path dependency after its folder, so the identity of the
/// main package is the name of the checkout's folder ("main" here, anything in
/// another clone). Derive it instead of hard-coding it.
let limotIdentity = URL(fileURLWithPath: Context.packageDirectory)
    .deletingLastPathComponent()
    .lastPathComponent
    .lowercased()

let package = Package(
    name: "limot-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // The store benchmarks fill their database with SQL directly (50,000
        // rows in seconds, not one transaction each); the main package pins it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The header fields of the stored responses (Fetch's model); the main package pins it.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "ContentRulesBenchmarks",
            dependencies: [
                .product(name: "ContentRules", package: limotIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ContentRules",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .target(
            name: "BenchmarkPages",
            dependencies: [
                .product(name: "Sanitize", package: limotIdentity),
                .product(name: "WebURL", package: limotIdentity),
                .product(name: "ContentRules", package: limotIdentity),
            ],
            path: "Benchmarks/Pages"
        ),
        // The sanitizer alone under callgrind (profile_sanitize.sh); no harness.
        .executableTarget(
            name: "SanitizeProfile",
            dependencies: ["BenchmarkPages", .product(name: "Sanitize", package: limotIdentity)],
            path: "Benchmarks/SanitizeProfile"
        ),
        .executableTarget(
            name: "SanitizeBenchmarks",
            dependencies: [
                "BenchmarkPages",
                .product(name: "Sanitize", package: limotIdentity),
                .product(name: "WebURL", package: limotIdentity),
                .product(name: "ContentRules", package: limotIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Sanitize",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Store", package: limotIdentity),
                .product(name: "Fetch", package: limotIdentity),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Store",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
