import Testing
import WebURL
@testable import ContentRules

/// `rules match` builds most requests straight from a line's bytes
/// (`MatchRequestReader`); whatever path a line takes, the request (or the
/// error) must be the one the JSON reader and `ResourceRequest`'s string
/// initialiser make of it, also when lines repeat a page or a type, and a
/// decision on its prepared page must be the decision without one.
@Suite("rules match request reader")
struct MatchRequestReaderTests {
    /// Lines in the order a run reads them: repeated and changing pages,
    /// "" and "http://" pages, type names, a frame and a method, a URL the
    /// canonical shortcut leaves to the parser, escapes, and bad fields.
    static let lines = [
        #"{"url": "https://ads.example/a.js", "type": "script", "page": "https://news.example/"}"#,
        #"{"url": "https://cdn.news.example/b.png", "type": "image", "page": "https://news.example/"}"#,
        #"{"url": "https://ads.example/c", "type": "xhr", "page": "https://other.example/x?y=1"}"#,
        #"{"url": "https://ads.example/c", "type": "xhr", "page": "https://news.example/"}"#,
        #"{"url": "https://ads.example/d", "type": "script", "page": ""}"#,
        #"{"url": "https://ads.example/e", "type": "subdocument", "page": "http://"}"#,
        #"{"url": "https://news.example/"}"#,
        #"{"url": "HTTPS://Ads.EXAMPLE:443/./f", "type": "image", "page": "https://news.example/"}"#,
        #"{"url": "https://ads.example/g", "type": "script", "page": "https://news.example/", "frame": "https://frame.example/", "method": "post"}"#,
        #"{"url": "https://ads.example/h", "type": null, "page": null, "frame": "", "method": null}"#,
        #"{"url": "https://ads.example/\u0069", "type": "script"}"#,
        #"{"url": "https://ads.example/j", "type": "scripts"}"#,
        #"{"url": "https://ads.example/j", "type": "script", "page": "http://[1::2::3]/"}"#,
        #"{"url": "https://ads.example/k", "method": "FETCH"}"#,
        #"{"url": "http://"}"#,
        #"{"url": 1}"#,
        // Type names past 16 bytes, of 8 and more sharing their first or last
        // eight, and again from what the reader kept; hosts whose last label
        // ends in a letter, a number or not.
        #"{"url": "https://ads.example/l", "type": "object_subrequest"}"#,
        #"{"url": "https://ads.example/l", "type": "object_subrequest"}"#,
        #"{"url": "https://ads.example/m", "type": "stylesheet"}"#,
        #"{"url": "https://ads.example/m", "type": "stylesheets"}"#,
        #"{"url": "https://ads.example/n", "type": "imageset"}"#,
        #"{"url": "https://ads.example/n", "type": "image"}"#,
        #"{"url": "https://ads.example/o", "type": "sub-frame"}"#,
        #"{"url": "https://ads.example/o", "type": "sub_frame"}"#,
        #"{"url": "https://ads.example/p", "type": "stylesheet"}"#,
        #"{"url": "https://ads.1g/q", "type": "script"}"#,
        #"{"url": "https://ads.0x/r", "type": "script"}"#,
        #"{"url": "https://a.0xfz/s", "type": "script"}"#,
    ]

    /// Rules whose decisions turn on the page: third-party, if-domain, unless-domain.
    static let list = """
        [{"trigger":{"url-filter":"ads","load-type":["third-party"]},"action":{"type":"block"}},
         {"trigger":{"url-filter":".*","if-domain":["*news.example"]},"action":{"type":"css-display-none","selector":".n"}},
         {"trigger":{"url-filter":"cdn","unless-domain":["other.example"]},"action":{"type":"block-cookies"}}]
        """

    /// What a request is made of, to compare two requests.
    struct Fields: Equatable {
        var url: String
        var type: ResourceTypes
        var page: String?
        var frame: String?
        var method: RequestMethod?
        var loadContext: LoadContexts

        init(_ request: ResourceRequest) {
            (url, type, page, frame) = (request.url.serialization, request.type, request.pageURL?.serialization, request.frameURL?.serialization)
            (method, loadContext) = (request.method, request.loadContext)
        }
    }

    /// The JSON reader's and the string initialiser's answer for a line.
    static func expected(_ line: String, number: Int) -> Result<(Fields, String), RequestLineError> {
        switch RequestLine.parseJSON(Array(line.utf8)[...], line: number) {
        case .failure(let error):
            return .failure(error)
        case .success(let fields):
            do {
                let request = try ResourceRequest(url: fields.url, type: fields.type, page: fields.page, frame: fields.frame, method: fields.method)
                return .success((Fields(request), fields.url))
            } catch {
                return .failure(RequestLineError(line: number, message: error.description))
            }
        }
    }

    @Test("every line gives the request, URL text and error the JSON reader and the string initialiser give")
    func sameAsTheStringPath() throws {
        let engine = try ContentRuleEngine(lists: [try #require(RuleListParser.parse(Self.list, source: "list.json").list)])
        var reader = MatchRequestReader(engine: engine)
        var flatLines = 0
        var preparedPages = 0
        for (index, line) in Self.lines.enumerated() {
            let bytes = Array(line.utf8)
            let read = bytes.withUnsafeBufferPointer { buffer in
                reader.request(from: buffer, number: index + 1).map { read -> (Fields, String) in
                    if let page = read.page {
                        preparedPages += 1
                        let (prepared, plain) = (engine.decide(read.request, page: page), engine.decide(read.request))
                        #expect(prepared.actionSummaries == plain.actionSummaries, "line \(index + 1): \(line)")
                        #expect(prepared.isBlocked == plain.isBlocked && prepared.blocksCookies == plain.blocksCookies, "line \(index + 1)")
                    }
                    switch read.url {
                    case .bytes(let range), .plainBytes(let range):
                        flatLines += 1
                        return (Fields(read.request), String(decoding: buffer[range], as: UTF8.self))
                    case .string(let text):
                        return (Fields(read.request), text)
                    }
                }
            }
            switch (read, Self.expected(line, number: index + 1)) {
            case (.success(let got), .success(let want)):
                #expect(got.0 == want.0, "line \(index + 1): \(line)")
                #expect(got.1 == want.1, "line \(index + 1): \(line)")
            case (.failure(let got), .failure(let want)):
                #expect(got == want, "line \(index + 1): \(line)")
            default:
                Issue.record("line \(index + 1) \(line): read \(read), expected \(Self.expected(line, number: index + 1))")
            }
        }
        // Lines 1-5, 7-10, 17-19, 21-26 and 28 are read from their bytes; line 6's "http://" page is no URL, which both paths refuse.
        #expect(flatLines == 19)
        // Lines 1-4, 8 and 9 name a page with a host.
        #expect(preparedPages == 6)
    }

    @Test("a URL read as plain bytes needs no JSON escape: every byte, in the host, path, query and fragment")
    func plainBytesNeedNoEscape() throws {
        let engine = try ContentRuleEngine(lists: [try #require(RuleListParser.parse(Self.list, source: "list.json").list)])
        var reader = MatchRequestReader(engine: engine)
        var plain = 0
        for value in 0...255 {
            for (prefix, suffix) in [("https://a", ".example/"), ("https://a.example/p", "q"), ("https://a.example/?q", "r"), ("https://a.example/#f", "g")] {
                let url = Array(prefix.utf8) + [UInt8(value)] + Array(suffix.utf8)
                let line = Array(#"{"url": ""#.utf8) + url + Array(#"", "type": "script"}"#.utf8)
                line.withUnsafeBufferPointer { buffer in
                    guard case .success(let read) = reader.request(from: buffer, number: 1), case .plainBytes(let range) = read.url else { return }
                    plain += 1
                    #expect(!ByteScan.needsJSONEscape(UnsafeBufferPointer(rebasing: buffer[range])), "byte \(value) after \(prefix)")
                    #expect(Array(buffer[range]) == url, "byte \(value) after \(prefix)")
                }
            }
        }
        // Letters and digits at least, in every component.
        #expect(plain > 4 * 36)
    }
}
