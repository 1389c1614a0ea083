import Foundation

/// The data the project is given beside the repository, `../shared/data`
/// (real rule lists, the request corpus, the Public Suffix List's tests, the
/// Web Platform Tests' URL data): read from there, never copied in. CI
/// clones the repository with `shared` beside it; a test that needs a file
/// that is missing fails with the path it looked for, it does not skip.
public enum SharedData {
    /// `../shared/data` from the repository's root (this file is in Tests/FixtureSupport).
    public static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data")

    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "\(path) is missing: the tests read ../shared/data beside the repository (CI clones it there)"
        }
    }

    /// The file's URL, or `Missing` naming where it was looked for.
    public static func file(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// The file's bytes, or `Missing`.
    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: file(name)))
    }

    /// The file's text, or `Missing`.
    public static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}
