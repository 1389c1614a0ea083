import Foundation
import Testing
@testable import WebURL

/// `WebURL(canonicalHTTP:)`, the shortcut `WebURL(_:)` takes for http(s)
/// URLs already in canonical form, must give exactly the URL the full parser
/// gives, wherever it answers: on every input and expected href of the Web
/// Platform Tests' URL data and every URL of the request corpus
/// (`../shared/data`), and on inputs built to need the full parser.
@Suite("WebURL: the canonical http(s) shortcut")
struct CanonicalHTTPTests {
    @Test("wherever the shortcut answers, on the WPT data and the request corpus, it answers as the full parser")
    func agreesWithTheFullParser() throws {
        var inputs: Set<String> = []
        for (input, entry) in try WebPlatformTests.cases(in: "wpt-urltestdata.json") {
            inputs.insert(input)
            if let href = entry["href"] as? String { inputs.insert(href) }
        }
        let corpus = try JSONSerialization.jsonObject(with: try sharedDataFile("requests-adblock-rust-matching-test.json"))
        let requests = try #require(corpus as? [[String: Any]], "the corpus is not an array of objects")
        var corpusURLs: Set<String> = []
        for request in requests {
            for key in ["url", "sourceUrl"] { if let url = request[key] as? String { corpusURLs.insert(url) } }
        }
        var answered = (wpt: 0, corpus: 0)
        for input in inputs.union(corpusURLs) {
            guard let fast = WebURL(canonicalHTTP: input) else { continue }
            if corpusURLs.contains(input) { answered.corpus += 1 } else { answered.wpt += 1 }
            let full: WebURL
            do {
                full = try WebURL(fullyParsing: input)
            } catch {
                Issue.record("\(input.debugDescription): the shortcut answers, the full parser refuses (\(error))")
                continue
            }
            #expect(Self.components(fast) == Self.components(full), "\(input.debugDescription)")
            #expect(fast.host == full.host, "\(input.debugDescription)")
        }
        // The shortcut is worth having only if it takes most of a real corpus.
        #expect(answered.corpus * 10 >= corpusURLs.count * 9, "the shortcut took \(answered.corpus) of \(corpusURLs.count) corpus URLs")
        #expect(answered.wpt > 50, "the shortcut took \(answered.wpt) WPT inputs")
    }

    @Test("inputs the full parser rewrites or reads otherwise are left to it", arguments: [
        "HTTP://a.example/", "http://A.example/", "http://a.example?x", "http://a.example#x", "http:///a.example/",
        "http://a.example:80/", "http://a.example:8080/", "http://u@a.example/", "http://1.2.3.4/", "http://a.0x7f/", "http://a.example.1./",
        "http://a.example/./b", "http://a.example/b/..", "http://a.example/%2e%2E/c", "http://a.example/.%2e?x",
        "http://a.example/b c", "http://a.example/b\\c", "http://a.example/{x}", "http://a.example/?a'b", "http://a.example/?a b",
        "http://a.example/#a b", "http://a.example/#a`b", "http://bücher.example/", "http://a.example/é", " http://a.example/",
        "http://a.exa\tmple/", "http://a.example/\n", "ws://a.example/", "file:///tmp/x",
    ])
    func leavesOthersToTheFullParser(input: String) {
        #expect(WebURL(canonicalHTTP: input) == nil)
    }

    @Test("canonical http(s) URLs take the shortcut and keep every component", arguments: [
        "http://a.example/", "https://www.news.example/a/b.js?x=1&y=%20#top", "https://cdn_1.example./x.y/..z/%2f?q#f#g",
        "https://xn--bcher-kva.example/", "http://a.b-c.example/.a/a./...?",
    ])
    func takesCanonicalURLs(input: String) throws {
        let fast = try #require(WebURL(canonicalHTTP: input))
        #expect(fast.serialization == input)
        let full = try WebURL(fullyParsing: input)
        #expect(Self.components(fast) == Self.components(full))
        #expect(fast.host == full.host)
    }

    @Test("a URL that ends with its host gets the path / as the full parser gives it")
    func addsTheRootPath() throws {
        let fast = try #require(WebURL(canonicalHTTP: "https://ads.example"))
        #expect(fast.serialization == "https://ads.example/")
        #expect(Self.components(fast) == Self.components(try WebURL(fullyParsing: "https://ads.example")))
    }

    @Test("the shortcut's byte table answers as the host test and the percent-encode sets, for every byte")
    func byteClassesAgreeWithTheSets() {
        for value in 0...255 {
            let byte = UInt8(value)
            let classes = CanonicalByteClasses.table[value]
            #expect((classes & CanonicalByteClasses.hostStop == 0) == WebURL.isCanonicalHostByte(byte), "byte \(value)")
            #expect((classes & CanonicalByteClasses.pathStop != 0) == PercentEncodeSet.pathOrSlash.contains(byte), "byte \(value)")
            #expect((classes & CanonicalByteClasses.query != 0) == PercentEncodeSet.specialQuery.contains(byte), "byte \(value)")
            #expect((classes & CanonicalByteClasses.fragment != 0) == PercentEncodeSet.fragment.contains(byte), "byte \(value)")
        }
        #expect(CanonicalByteClasses.table.count == 256)
    }

    /// Every component a caller can read.
    static func components(_ url: WebURL) -> [String] {
        [url.serialization, url.scheme, url.username, url.password, url.hostname,
         "\(url.port.map(String.init) ?? "nil")", url.path, url.query ?? "nil", url.fragment ?? "nil",
         "\(url.hasOpaquePath)", "\(url.isSpecial)", url.origin, "\(url.hostnameRange)", url.pathAndQuery]
    }
}
