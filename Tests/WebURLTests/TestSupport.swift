import Foundation
import Testing
import WebURL

/// One row of a parser table: input, optional base, expected serialisation (nil = must fail).
struct ParseCase: Sendable, CustomStringConvertible {
    var input: String
    var base: String?
    var expected: String?

    init(_ input: String, base: String? = nil, _ expected: String?) {
        self.input = input
        self.base = base
        self.expected = expected
    }

    var description: String {
        base.map { "\(input.debugDescription) against \($0)" } ?? input.debugDescription
    }

    /// The serialisation, or nil if parsing failed.
    func run() throws -> String? {
        let baseURL = try base.map { try WebURL($0) }
        return try? WebURL(input, relativeTo: baseURL).serialization
    }
}

/// A file of `../shared/data`, the folder beside the repository root (this
/// file is in Tests/WebURLTests). Records an issue naming the path when it is
/// missing, so the test that needs it fails rather than passing with nothing checked.
func sharedDataFile(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data").appendingPathComponent(name)
    do {
        return try Data(contentsOf: url)
    } catch {
        Issue.record("\(url.path) is missing (shared/data beside the repository): \(error)")
        throw error
    }
}
