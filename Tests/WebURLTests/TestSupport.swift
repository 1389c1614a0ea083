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
