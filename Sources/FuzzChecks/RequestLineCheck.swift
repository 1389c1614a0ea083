import ContentRules

/// The `rules match` request-line reader on arbitrary bytes.
///
/// What must hold: a line is either an error naming its line or a request,
/// and exactly what the JSON parser alone reads from it: the direct reader
/// of flat lines takes a line only when it would read the same fields as the
/// parser (string values decoded alike, the last of a repeated key winning),
/// and a line it leaves gets the parser's answer, with its wording.
public enum RequestLineCheck {
    /// The line number the check reads its input as.
    static let lineNumber = 7

    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let read = RequestLine.parse(input[...], line: lineNumber)
        let parsed = RequestLine.parseJSON(input[...], line: lineNumber)
        if case .failure(let error) = read, error.line != lineNumber {
            throw violation("an error names its line", "line \(error.line) for line \(lineNumber) in \(excerpt(String(decoding: input, as: UTF8.self)))")
        }
        if read != parsed {
            throw violation("the reader reads a line as the JSON parser does",
                            "\(excerpt(String(decoding: input, as: UTF8.self))): \(read) but the parser \(parsed)")
        }
    }

    private static func violation(_ invariant: String, _ detail: String) -> InvariantViolation {
        InvariantViolation(target: .requestLine, invariant: invariant, detail: detail)
    }
}
