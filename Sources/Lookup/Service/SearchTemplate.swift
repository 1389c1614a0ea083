import Foundation
import Vocabulary
import WebURL

/// Where the dictionary answers a word: an absolute URL with `{query}` and
/// optionally `{dir}` (`https://www.loghatnameh.de/search?q={query}&dir={dir}`).
///
/// One value does both directions of the job: making a result page's URL
/// for a word, and recognising a result page among the pages the proxy
/// serves (so a word looked up on the site itself reaches the notebook).
public struct SearchTemplate: Sendable, Equatable, CustomStringConvertible {
    public let text: String
    /// Host, path and the parameter that carries the word, worked out once:
    /// the proxy asks `word(in:)` of every page it serves.
    private let shape: Shape?

    private struct Shape: Sendable, Equatable {
        var host: String
        var path: String
        var parameter: String
    }

    public init(_ text: String) {
        self.text = text
        self.shape = Self.shape(of: text)
    }

    public static func == (lhs: SearchTemplate, rhs: SearchTemplate) -> Bool { lhs.text == rhs.text }

    public var description: String { text }

    /// The result page's address for `word`: `{query}` percent-encoded as one
    /// URL component, `{dir}` as `de-fa` or `fa-de`.
    public func address(for word: String, direction: LookupDirection) -> String {
        text.replacingOccurrences(of: "{query}", with: WebURL.percentEncodedComponent(word))
            .replacingOccurrences(of: "{dir}", with: direction.rawValue)
    }

    /// The result page's URL, or nil when the template does not make an
    /// http or https URL.
    public func url(for word: String, direction: LookupDirection) -> WebURL? {
        guard let url = try? WebURL(address(for: word, direction: direction)), url.scheme == "http" || url.scheme == "https" else { return nil }
        return url
    }

    /// The word `url` asks the site for, when it is a result page of this
    /// template (same host and path, the word in the query parameter that
    /// carries `{query}`); nil otherwise.
    public func word(in url: WebURL) -> String? {
        guard let shape = shape, url.hostname == shape.host, url.path == shape.path,
              let word = WebURL.formValue(shape.parameter, inQuery: url.query).map(Self.trimmed),
              !word.isEmpty
        else { return nil }
        return word
    }

    /// `text` without leading and trailing white space and newlines, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` has it. A word
    /// whose first and last scalars are not white space (nearly every one)
    /// is returned as it is: Foundation's trimming copied it, some 7,000
    /// instructions a page the proxy serves (callgrind).
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              !whiteSpace.contains(first), !whiteSpace.contains(last)
        else { return text.trimmingCharacters(in: whiteSpace) }
        return text
    }

    private static let whiteSpace = CharacterSet.whitespacesAndNewlines

    /// Whether both ask the same page for the word (host, path and the
    /// parameter that carries it), whatever else their queries carry:
    /// `search?q={query}&dir={dir}` and a form's `search?q={query}` do.
    func asksLike(_ other: SearchTemplate) -> Bool {
        guard let mine = shape, let theirs = other.shape else { return self == other }
        return mine == theirs
    }

    /// Host, path and the parameter that carries the word; nil when the word
    /// is not a query parameter of its own (`/wort/{query}`).
    private static func shape(of text: String) -> Shape? {
        let marker = "limotquerymarker"
        guard let url = SearchTemplate(unshaped: text).url(for: marker, direction: .germanToPersian), let query = url.query,
              let pair = query.split(separator: "&").first(where: { $0.hasSuffix("=" + marker) })
        else { return nil }
        return Shape(host: url.hostname, path: url.path, parameter: String(pair.dropLast(marker.count + 1)))
    }

    private init(unshaped text: String) {
        self.text = text
        self.shape = nil
    }
}
