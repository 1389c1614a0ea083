import Foundation

/// The prompt's earlier queries, one per line in the data folder, given to
/// `LineEditor` at start. limot's own plain file rather than libedit's
/// history file (which escapes every space with vis(3)): files kept by
/// earlier versions still load, and the file reads as it is.
public struct PromptHistory {
    public let path: String
    public let enabled: Bool
    public static let kept = 500

    public init(directory: String, enabled: Bool) {
        path = directory + "/prompt-history"
        self.enabled = enabled
    }

    public func load() -> [String] {
        guard enabled, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").map(String.init).suffix(Self.kept))
    }

    public func append(_ line: String) {
        guard enabled else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var lines = load()
        lines.append(line.replacingOccurrences(of: "\n", with: " "))
        try? (lines.suffix(Self.kept).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
