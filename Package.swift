// swift-tools-version:6.1
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
        .library(name: "Sanitize", targets: ["Sanitize"]),
        .library(name: "WebURL", targets: ["WebURL"]),
        // For the benchmarks in Benchmarks/ (the store at scale): not an API
        // for other users.
        .library(name: "Store", targets: ["Store"]),
        .library(name: "Fetch", targets: ["Fetch"]),
        // For the fuzz executables in Fuzz/ only: not an API for other users.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // A thin C++ shim over RE2 and RE2::Set with a C API. Swift's C++
        // interop cannot import re2::RE2 of Debian's version (not movable).
        .target(
            name: "CRE2",
            linkerSettings: [.linkedLibrary("re2")]
        ),
        // libpsl from Debian: the Public Suffix List's own C library, for
        // registrable domains (libcurl already loads it).
        .systemLibrary(name: "CPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev"])]),
        // Debian's ICU (libicu-dev) for two jobs: UTS #46 (IDNA) for hosts, as
        // browsers' URL parsers call it, and the bidirectional algorithm for
        // Persian on terminals that do not reorder it. A C shim with plain C
        // types, not a systemLibrary: ICU's headers clash with the ICU copy
        // Foundation bundles when Swift sees both.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // A vectorised UTF-8 validator in C (SSSE3/AVX2 by the CPU), in front
        // of UTF8Check's scanner: Swift's SIMD types do not compile to pshufb.
        .target(name: "CUTF8"),
        // Where bytes stop being UTF-8: the one check fetch and the sanitizer share.
        .target(name: "UTF8Check", dependencies: ["CUTF8"]),
        // The sanitizer's whole-page byte searches (`<base`) with AVX2
        // chosen at run time, which Swift's SIMD types cannot do.
        .target(name: "CMarkupSearch"),
        // WHATWG URL parsing and serialisation, registrable domains (PSL).
        .target(name: "WebURL", dependencies: ["CPSL", "CICU"]),
        // JSON read with source lines (rule lists, site profiles) and written
        // with keys in order (every --json output, converted rule lists).
        .target(name: "LimotJSON"),
        // OpenSSL's libcrypto (libssl-dev): SHA-256 for the proxy's control token.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // getrandom(2) from glibc, for the proxy's random tokens in one call each.
        .systemLibrary(name: "CRandom"),
        // xxHash (libxxhash-dev): XXH3-128 names and checks the compiled rule
        // lists kept in the data directory, ten times faster than SHA-256.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // WKContentRuleList: parse, validate, compile to RE2, decide.
        .target(name: "ContentRules", dependencies: ["CRE2", "WebURL", "LimotJSON", "CXXHash"]),
        // libcurl from Debian's -dev package, with typed shims for the
        // variadic calls Swift cannot make directly.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // zlib from Debian: the proxy sends its own injected files (the
        // guard script, the style sheets) compressed, made once at start.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Fetch: an async HTTP client over libcurl with named limits. Its
        // headers are swift-http-types' HTTPFields, the model the proxy's
        // server (Hummingbird) speaks, so the two share one.
        .target(name: "Fetch", dependencies: ["CCurl", "WebURL", "UTF8Check", .product(name: "HTTPTypes", package: "swift-http-types")]),
        // Sanitize: HTML and CSS in, filtered and proxy-routed HTML and CSS out,
        // as a stream of tokens (see Sources/Sanitize/HTMLSanitizer.swift).
        .target(name: "Sanitize", dependencies: ["ContentRules", "WebURL", "UTF8Check", "CMarkupSearch"]),
        // Vocabulary: what a lookup found (entries, grammar, examples), the
        // model the notebook keeps and every front end shows; no dependencies.
        .target(name: "Vocabulary"),
        // Store: limot's SQLite database (GRDB): the vocabulary notebook, the
        // browsing history, the HTTP cache.
        .target(name: "Store", dependencies: ["Vocabulary", "Fetch", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "HTTPTypes", package: "swift-http-types")]),
        // libxml2 from Debian: its HTML parser builds the tree Lookup reads
        // result pages from (repaired markup, decoded references).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Lookup: site profiles, finding dictionary entries in a result page
        // (by the profile's selectors, else by structure), query normalisation,
        // the one lookup service that `limot lookup`, `limot prefetch` and the
        // proxy's `/_limot/lookup` share, and the polite bulk prefetcher.
        .target(name: "Lookup", dependencies: ["Vocabulary", "CLibXML2", "LimotJSON", "ContentRules", "WebURL", "Fetch", "Store", .product(name: "HTTPTypes", package: "swift-http-types")]),
        // libedit (libedit-dev, BSD licence): the lookup prompt's line editing and history.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Terminal: lookup results laid out for a terminal, Persian ordered for
        // it, and the prompt's line editor.
        .target(name: "Terminal", dependencies: ["Lookup", "Vocabulary", "CICU", "CEditLine"]),
        // The invariants the fuzz targets (Fuzz/) check, shared with the
        // regression tests that replay Fuzz/Corpus and Fuzz/Crashers.
        .target(name: "FuzzChecks", dependencies: ["ContentRules", "Sanitize", "WebURL", "CRE2", "Lookup", "Vocabulary"]),
        // Proxy: the HTTP server on loopback, sessions, history, security.
        .target(
            name: "Proxy",
            dependencies: [
                "Fetch", "Sanitize", "ContentRules", "WebURL", "UTF8Check", "Lookup", "Vocabulary", "Store", "CZlib",
                // The reader's own list, which `/_limot/rules` shows and changes (Subscriptions needs nothing of Proxy),
                // and SHA-256 for the session-bound token of those pages.
                "Subscriptions", "CCrypto",
                // The kernel's CSPRNG in one call a token (session ids, nonces, page ids).
                "CRandom",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Subscriptions: the reader's rule lists in the data directory: lists
        // kept current from a URL (conditional requests, `! Expires:`, the
        // last good version kept) and their own rules (`user-rules.json`),
        // for `limot rules subscribe/update/add/pause…` and `serve`.
        .target(
            name: "Subscriptions",
            dependencies: ["ContentRules", "LimotJSON", "Fetch", "WebURL", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // The executable: argument parsing and wiring only.
        .executableTarget(
            name: "limot",
            dependencies: [
                "ContentRules", "LimotJSON", "Proxy", "Fetch", "Lookup", "Vocabulary", "Store", "Terminal", "Subscriptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // A release build links the Swift runtime and Foundation into the
            // executable (as `swift build --static-swift-stdlib` would), so that
            // each start does not load and bind 14 more shared libraries: half
            // the dynamic loader's instructions (README, "Large lists are kept
            // compiled"). The module is compiled with the flag too, so that it
            // names the static Foundation's own libraries (its ICU) to the linker.
            // Debug builds and the tests stay dynamic (XCTest and swift-testing
            // link the shared runtime, and one process must not hold two).
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(name: "WebURLTests", dependencies: ["WebURL"]),
        .testTarget(name: "UTF8CheckTests", dependencies: ["UTF8Check"]),
        .testTarget(name: "ContentRulesTests", dependencies: ["ContentRules", "FixtureSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CLITests", dependencies: ["limot", "Store", "Lookup", "Vocabulary", "Terminal", "FixtureSupport", .product(name: "HTTPTypes", package: "swift-http-types")], resources: [.copy("Golden")]),
        // Starts the loopback fixture servers (Tests/Fixtures/fixture_server.py)
        // that stand in for the dictionary site and the ad and tracker hosts.
        .target(name: "FixtureSupport", path: "Tests/FixtureSupport"),
        .testTarget(name: "FetchTests", dependencies: ["Fetch", "FixtureSupport", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "SanitizeTests", dependencies: ["Sanitize", "FixtureSupport"], exclude: ["Goldens"], resources: [.copy("Pages")]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzChecks"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "LookupTests", dependencies: ["Lookup", "Vocabulary"], resources: [.copy("Pages")]),
        .testTarget(name: "CacheTests", dependencies: ["Fetch", "Store", "FixtureSupport", "WebURL", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Vocabulary", "Fetch", "FixtureSupport", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "ProxyTests", dependencies: ["Proxy", "Store", "Subscriptions", "FixtureSupport", "limot", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "NIOPosix", package: "swift-nio")]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
