import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// A policy's subresource decisions read the frame's URL and the load
/// context as a plain request with the document's URL as its frame does:
/// for a page (the frame is the page, which the policy's request leaves
/// out) and for a document in another page's frame, on rules that test the
/// frame's URL, the top URL and the load context.
@Suite struct PolicyFrameTests {
    static let rules = #"""
    [{"trigger":{"url-filter":"frame-only","if-frame-url":["^https://www\\.loghatnameh\\.de/dict"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"not-frame","unless-frame-url":["^https://www\\.loghatnameh\\.de/dict"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"top-only","if-top-url":["^https://www\\.loghatnameh\\.de/dict"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"child","load-context":["child-frame"]},"action":{"type":"block"}},
     {"trigger":{"url-filter":"top-frame","load-context":["top-frame"]},"action":{"type":"block"}}]
    """#

    @Test(arguments: [("https://www.loghatnameh.de/dict?q=a", nil), ("https://www.loghatnameh.de/other", nil),
                      ("https://frame.example/x", "https://www.loghatnameh.de/dict?q=a"),
                      ("https://www.loghatnameh.de/dict?q=b", "https://www.loghatnameh.de/other")] as [(String, String?)])
    func decisionsAreThePlainRequests(_ document: String, _ top: String?) {
        let engine = Fixtures.engine(Self.rules)
        let context = Fixtures.context(document, top: top, engine: engine)
        var policy = ResourcePolicy(context: context, base: Fixtures.url(document))
        var blocked = 0
        for name in ["frame-only", "not-frame", "top-only", "child", "top-frame", "plain"] {
            for type in [ResourceTypes.image, .script, .childDocument] {
                let raw = "https://cdn.example/\(name).png"
                let fromPolicy = policy.decide(raw, type: type) == .blocked
                // The plain request: the document's URL as its frame, the load context derived.
                let page = Fixtures.url(top ?? document)
                let request = ResourceRequest(url: Fixtures.url(raw), type: type, pageURL: page, frameURL: Fixtures.url(document), method: .get)
                #expect(fromPolicy == engine.decide(request).isBlocked, "\(raw) as \(type) in \(document) on \(top ?? "itself")")
                if fromPolicy { blocked += 1 }
            }
        }
        // Each rule blocks in some documents and not in others; here some are blocked, never all.
        #expect(blocked > 0 && blocked < 18)
    }
}
