import Foundation
import Testing
@testable import Sanitize

/// The sanitizer's output, byte for byte, as it was before it was made
/// faster (issue 20): every page in `Pages/`, the fuzz corpus, a 1 MB page
/// and generated splices of them, sanitized with the shipped rules, must
/// render exactly as recorded in `Goldens/sanitized-outputs.txt` (a 64-bit
/// FNV-1a hash and the length of each output). Speed work may change how
/// the bytes are made, never which bytes come out. A page added
/// since the recording is not compared until it is recorded; a recorded
/// page that went missing fails.
///
/// When an output changes on purpose, dump the outputs of the recording
/// commit and of the change (`LIMOT_SANITIZE_GOLDEN_DUMP=DIR swift test
/// --filter GoldenOutputTests` on each), read the diff, and only then
/// record again with `LIMOT_SANITIZE_GOLDEN_RECORD=1`.
@Suite struct GoldenOutputTests {
    static let goldenFile = Fixtures.repository.appendingPathComponent("Tests/SanitizeTests/Goldens/sanitized-outputs.txt")

    @Test func everyPageSanitizesToTheRecordedBytes() throws {
        let environment = ProcessInfo.processInfo.environment
        let outputs = GoldenInputs.all().map { input in (input.name, Self.output(of: input.bytes, at: input.url)) }
        if let dump = environment["LIMOT_SANITIZE_GOLDEN_DUMP"] {
            try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
            for (name, bytes) in outputs {
                try Data(bytes).write(to: URL(fileURLWithPath: dump).appendingPathComponent(name.replacingOccurrences(of: "/", with: "_")))
            }
        }
        let lines = outputs.map { name, bytes in "\(Self.fnv1a(bytes)) \(bytes.count) \(name)" }
        if environment["LIMOT_SANITIZE_GOLDEN_RECORD"] == "1" {
            try (lines.joined(separator: "\n") + "\n").write(to: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        var recorded: [String: String] = [:]
        for line in try String(contentsOf: Self.goldenFile, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            recorded[String(fields[2])] = String(line)
        }
        #expect(recorded.count > 200, "the recorded outputs went missing (\(recorded.count))")
        for (line, (name, _)) in zip(lines, outputs) {
            // A page added since the recording is new input, not a change of output.
            guard let expected = recorded.removeValue(forKey: name) else { continue }
            if line != expected {
                Issue.record("sanitized output differs from the recorded one: made \(line), recorded \(expected)")
            }
        }
        #expect(recorded.isEmpty, "recorded pages no longer sanitized: \(recorded.keys.sorted())")
    }

    /// What a page's sanitizing yields for the reader: the rendered page,
    /// and what the proxy reports about it (blocked URLs and types, hidden
    /// selectors, hosts, title). The rules' names are left out: they name
    /// the lists' files, which differ from checkout to checkout.
    static func output(of html: [UInt8], at url: String) -> [UInt8] {
        let document = HTMLSanitizer.sanitize(html, context: Fixtures.context(url))
        var out = document.render(nonce: Fixtures.nonce, headStart: Fixtures.headMarker, bodyEnd: Fixtures.barMarker)
        var report = "\n--- blocked\n"
        for blocked in document.blocked { report += "\(blocked.type.rawValue) \(blocked.url)\n" }
        report += "--- hidden\n" + document.hiddenSelectors.joined(separator: "\n")
        report += "\n--- hosts\n" + document.subresourceHosts.sorted().joined(separator: "\n")
        report += "\n--- title\n" + (document.title ?? "(none)")
        out += Array(report.utf8)
        return out
    }

    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
