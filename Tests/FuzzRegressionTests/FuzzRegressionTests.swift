import Foundation
import Testing
@testable import FuzzChecks

/// Every seed in Fuzz/Corpus (and the sanitizer tests' pages) and every crasher the fuzzers found, kept in
/// Fuzz/Crashers, through the fuzz targets' own checks: a fixed crasher
/// stays fixed, and a check that rejects a seed is caught before fuzzing.
@Suite("Fuzz regression")
struct FuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// One stored input: its target and its file.
    struct StoredInput: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var file: URL
        var testDescription: String { "\(file.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent)/\(target.rawValue)/\(file.lastPathComponent)" }
    }

    /// The files (not dotfiles) in `Fuzz/<folder>/<target>/`, by name.
    static func inputs(in folder: String) -> [StoredInput] {
        FuzzTarget.allCases.flatMap { target in
            let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map {
                StoredInput(target: target, file: directory.appendingPathComponent($0))
            }
        }
    }

    /// The sanitizer's and the lookup's test pages seed the HTML and the
    /// result-page fuzzers too (`.ci/fuzz` passes their folders), rather
    /// than copies of them in Fuzz/Corpus.
    static func testPages(in folder: String, for target: FuzzTarget) -> [StoredInput] {
        let directory = fuzzFolder.deletingLastPathComponent().appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted().map {
            StoredInput(target: target, file: directory.appendingPathComponent($0))
        }
    }

    static let corpus = inputs(in: "Corpus") + testPages(in: "Tests/SanitizeTests/Pages", for: .htmlSanitizer)
        + testPages(in: "Tests/LookupTests/Pages", for: .resultPage)
    static let crashers = inputs(in: "Crashers")

    @Test("every target has seeds", arguments: FuzzTarget.allCases)
    func seeded(_ target: FuzzTarget) {
        #expect(Self.corpus.contains { $0.target == target })
    }

    @Test("seeds pass their target's check", arguments: corpus)
    func seed(_ input: StoredInput) throws {
        try Self.expectCheckPasses(input)
    }

    @Test("found crashers pass their target's check", arguments: crashers)
    func crasher(_ input: StoredInput) throws {
        try Self.expectCheckPasses(input)
    }

    static func expectCheckPasses(_ input: StoredInput) throws {
        let bytes = Array(try Data(contentsOf: input.file))
        #expect(throws: Never.self) { try input.target.check(bytes) }
    }
}
