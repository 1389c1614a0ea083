import FixtureSupport
import Foundation
import Testing

/// The compiled rule cache as a user meets it: the second `limot rules
/// compile` of the same large lists reads them from `<data-dir>/rules-cache`,
/// a changed byte of a list compiles again, and a damaged cache file is
/// replaced by a fresh compile with the same rules.
@Suite("limot rules compile with the rule cache")
struct RulesCacheCommandTests {
    /// The first 300 KB of EasyList and of EasyPrivacy, cut at a line: above
    /// the size from which limot caches a selection, and quick to convert.
    private static func writeLists(to folder: URL) throws -> [String] {
        try ["easylist.txt", "easyprivacy.txt"].map { name in
            let bytes = try SharedData.bytes(name)
            let end = bytes[300_000...].firstIndex(of: 0x0A)! + 1
            let path = folder.appendingPathComponent(name).path
            try Data(bytes[..<end]).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// The summary's first line, "compiled N rules from 2 lists in …", up to "in".
    private static func ruleCount(_ output: String) -> Substring {
        output.prefix { $0 != "\n" }.components(separatedBy: " in ").first.map { Substring($0) } ?? ""
    }

    /// The summary's lines but the first (its time and memory) and where the rules came from.
    private static func statistics(_ output: String) -> [Substring] {
        output.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("rules ") }
    }

    @Test("a second compile reads the cache; a damaged file or a changed list compiles again, with the same rules")
    func secondCompileUsesTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-rules-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lists = try Self.writeLists(to: folder)
        let data = folder.appendingPathComponent("data").path
        let compile = ["rules", "compile", "--data-dir", data] + lists

        let first = try LimotProcess.run(compile)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("rules compiled in "))
        #expect(first.standardOutput.contains("(no cache file), kept in \(data)/rules-cache/"))
        let files = try FileManager.default.contentsOfDirectory(atPath: data + "/rules-cache")
        #expect(files.count == 1)

        let second = try LimotProcess.run(compile)
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("rules loaded from the cache \(data)/rules-cache/"))
        #expect(Self.ruleCount(second.standardOutput) == Self.ruleCount(first.standardOutput))
        #expect(Self.statistics(second.standardOutput) == Self.statistics(first.standardOutput), "the same actions, matchers, indexes and selectors")

        // A flipped byte in the file: compiled again, replaced, and used by the next start.
        let cacheFile = URL(fileURLWithPath: data + "/rules-cache/" + files[0])
        var bytes = try [UInt8](Data(contentsOf: cacheFile))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: cacheFile)
        let damaged = try LimotProcess.run(compile)
        #expect(damaged.status == 0)
        #expect(damaged.standardOutput.contains("(damaged cache file (checksum does not match)), kept in"))
        #expect(Self.ruleCount(damaged.standardOutput) == Self.ruleCount(first.standardOutput))
        #expect(try LimotProcess.run(compile).standardOutput.contains("rules loaded from the cache"))

        // One more rule in a list: another key, compiled again.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: lists[1]))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("||tracker.example^\n".utf8))
        try handle.close()
        let changed = try LimotProcess.run(compile)
        #expect(changed.standardOutput.contains("(no cache file), kept in"))
        #expect(Self.ruleCount(changed.standardOutput) != Self.ruleCount(first.standardOutput))
    }
}
