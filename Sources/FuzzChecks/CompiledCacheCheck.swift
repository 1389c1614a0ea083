import ContentRules
import WebURL

/// The compiled rule cache's decoder on arbitrary payloads.
///
/// The input is a payload, sealed into a whole cache file with a correct
/// header and checksum (`CompiledRuleCache.file(sealing:key:)`), so that the
/// fuzzer's bytes reach the decoder instead of stopping at the checksum:
/// the decoder's own checks are what stands between a file that passes the
/// checksum by accident (or was written by a buggy limot) and a crash.
///
/// What must hold: the bytes are either refused as a damaged file, or make
/// an engine that decides every probe without crashing (AddressSanitizer
/// reports a read out of bounds as one).
public enum CompiledCacheCheck {
    private static let cache = CompiledRuleCache(directory: "/nonexistent", toolVersion: "fuzz")
    private static let key = cache.key(forContents: [])
    /// One list, as the seeds in Fuzz/Corpus/compiled-cache were compiled from.
    static let sources = ["fuzz.json"]

    /// A seed: the payload of the engine compiled from one rule list (a
    /// WKContentRuleList JSON file), or nil when the list does not compile.
    public static func seed(compiling ruleList: [UInt8]) -> [UInt8]? {
        guard let list = RuleListParser.parse(ruleList, source: sources[0]).list,
              let engine = try? ContentRuleEngine(lists: [list]) else { return nil }
        return CompiledRuleCache.payload(of: engine)
    }

    /// Whether `payload` (sealed as `check` seals it) decodes to an engine:
    /// a seed that does not tries only the decoder's refusals.
    public static func decodes(_ payload: [UInt8]) -> Bool {
        if case .success = cache.engine(fromFile: cache.file(sealing: payload, key: key), key: key, sources: sources) { return true }
        return false
    }

    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let file = cache.file(sealing: input, key: key)
        let engine: ContentRuleEngine
        switch cache.engine(fromFile: file, key: key, sources: sources) {
        case .success(let decoded): engine = decoded
        case .failure(.damaged): return
        case .failure(let miss): throw violation("a sealed payload is used or refused as damaged", "\(miss)")
        }
        for request in probes {
            let decision = engine.decide(request)
            _ = decision.actions
            _ = decision.decidingRules.map(\.description)
        }
    }

    private static func violation(_ invariant: String, _ detail: String) -> InvariantViolation {
        InvariantViolation(target: .compiledCache, invariant: invariant, detail: detail)
    }

    /// Loads the seeds' rules match (see the seeds' lists), of every kind of page.
    private static let probes: [ResourceRequest] = {
        let urls = ["https://www.loghatnameh.de/dict?query=Haus", "http://ads.example.com/banner.js?id=1", "https://cdn.tracker.net/p.gif",
                    "https://example.org/ads/x.js", "https://n.example/r1/m/z", "http://frame.example/y"].map { try! WebURL($0) }
        return urls.flatMap { url in
            [ResourceTypes.script, .image, .topDocument].map { type in
                ResourceRequest(url: url, type: type, pageURL: type == .topDocument ? url : urls[0])
            }
        }
    }()
}
