import ContentRules
import Foundation
import Sanitize
import WebURL

/// What the sanitizer and the CSS rewriter are checked against: the shipped
/// rules, and a second look at their output as the browser behind the proxy
/// would load it.
///
/// The second look runs the output through the same rewriters with an engine
/// that blocks every load, so that each URL the output would load is
/// reported (resolved, fragment removed) instead of rewritten. That reuses
/// limot's own tokenizer and resource classification as the observer: it
/// does not find places where a browser tokenizes differently, but it does
/// find every load the rewriters themselves left pointing anywhere else.
enum ProxyObservation {
    /// The dictionary site, as `limot serve` is usually started.
    static let site = try! WebURL("https://www.loghatnameh.de/")
    static let urlMap = ProxyURLMap(site: site)
    /// The page every fuzzed document is sanitized as.
    static let pageURL = try! WebURL("https://www.loghatnameh.de/dict?query=Haus")
    /// The style sheet every fuzzed sheet is rewritten as.
    static let sheetURL = try! WebURL("https://www.loghatnameh.de/static/css/site.css")

    /// Where the browser sees the proxy; the page is at the same path there.
    static let proxyOrigin = "http://127.0.0.1:8080"
    static let proxiedPageURL = try! WebURL(proxyOrigin + pageURL.pathAndQuery)
    static let proxiedSheetURL = try! WebURL(proxyOrigin + urlMap.subresourcePath(for: sheetURL, type: .styleSheet)!)

    /// The lists in Rules/, which `limot serve` uses by default, compiled once.
    static let shippedEngine: ContentRuleEngine = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = RuleFileLoader.expand([repository.appendingPathComponent("Rules").path])
        let lists = files.compactMap { RuleFileLoader.load($0).list }
        guard !files.isEmpty, lists.count == files.count else { fatalError("the shipped rules in \(repository.path)/Rules do not load") }
        return try! ContentRuleEngine(lists: lists)
    }()

    /// Blocks every load, so that the rewriters report each one. A blocked
    /// element leaves with its content, so what is inside a blocked element
    /// is not seen: `leakingEngine` covers that.
    static let everyLoadEngine = observingEngine(#"[{"trigger":{"url-filter":".*"},"action":{"type":"block"}}]"#)

    /// Blocks every load but those from the proxy: keeps the elements that
    /// load through the proxy (and so sees inside them) and reports every
    /// load that would leave it.
    static let leakingEngine = observingEngine(#"""
        [{"trigger":{"url-filter":".*"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"^http://127\\.0\\.0\\.1:8080/"},"action":{"type":"ignore-previous-rules"}}]
        """#)

    private static func observingEngine(_ json: String) -> ContentRuleEngine {
        try! ContentRuleEngine(lists: [RuleListParser.parse(json, source: "observer.json").list!])
    }

    static let shippedContext = SanitizeContext(documentURL: pageURL, engine: shippedEngine, urlMap: urlMap)
    // The observers read markup only: with every URL blocked, each kept
    // inline script that names one would count as a leak, but a URL an
    // allowed script names is routed by the guard script when it is used.
    // What must hold for scripts is `checkScriptsNameNoBlockedURL`'s.
    static let everyLoadContext = SanitizeContext(documentURL: proxiedPageURL, engine: everyLoadEngine, urlMap: urlMap, checksInlineScripts: false)
    static let leakingContext = SanitizeContext(documentURL: proxiedPageURL, engine: leakingEngine, urlMap: urlMap, checksInlineScripts: false)
    /// The shipped rules on the output, as the browser has it.
    static let shippedProxiedContext = SanitizeContext(documentURL: proxiedPageURL, engine: shippedEngine, urlMap: urlMap)
    static let shippedProxiedMarkupContext = SanitizeContext(documentURL: proxiedPageURL, engine: shippedEngine, urlMap: urlMap, checksInlineScripts: false)

    /// The loads of a sanitized page that leave the proxy.
    static func leakingLoads(ofPage page: [UInt8]) -> [BlockedResource] {
        HTMLSanitizer.sanitize(page, context: leakingContext).blocked
    }

    /// Every load of a sanitized page (but those inside elements that load
    /// something themselves).
    static func loads(ofPage page: [UInt8]) -> [BlockedResource] {
        HTMLSanitizer.sanitize(page, context: everyLoadContext).blocked
    }

    /// The loads of a rewritten style sheet that leave the proxy.
    static func leakingLoads(ofSheet css: String) -> [BlockedResource] {
        CSSRewriter.rewrite(css, baseURL: proxiedSheetURL, context: leakingContext).blocked
    }

    /// Every load of a rewritten style sheet.
    static func loads(ofSheet css: String) -> [BlockedResource] {
        CSSRewriter.rewrite(css, baseURL: proxiedSheetURL, context: everyLoadContext).blocked
    }

    /// The URLs named in the kept inline scripts of a sanitized page that
    /// the shipped rules block: what sanitizing the output again blocks
    /// with scripts read, beyond what it blocks reading markup only.
    static func blockedScriptURLs(ofPage page: [UInt8]) -> [BlockedResource] {
        let markup = HTMLSanitizer.sanitize(page, context: shippedProxiedMarkupContext).blocked
        return HTMLSanitizer.sanitize(page, context: shippedProxiedContext).blocked.filter { !markup.contains($0) }
    }

    /// Whether `load`, seen by the pass that removes every loading element,
    /// is a load of `page` as the browser builds it. That pass removes an
    /// element with its content, so it may miss an `<svg>` opened there and
    /// read an SVG `<frame src>` or `<video src>` after the element's end tag
    /// as HTML (`<video src=g><table><svg></video><frame src=_limot/sub/g>`:
    /// `<table>` stops `</video>`, the SVG stays open, nothing loads). The
    /// leak pass keeps every element that loads through the proxy, so it
    /// reads the page's structure as the browser does: `load` is one when
    /// that pass, with a rule blocking exactly its URL, blocks it. A URL the
    /// sanitizer left as written, not being a load, is a path on the proxy
    /// at worst, never another host's (those are `checkNoLeaks`'s), and the
    /// proxy answers a path under its subresource prefix that maps back to
    /// nothing with an error. (Compiles an engine per call: only a load
    /// that would otherwise fail a check is asked.)
    static func routesAsLoad(_ load: BlockedResource, ofPage page: [UInt8]) -> Bool {
        var pattern = "^"
        for character in load.url {
            if "\\^$.*+?()[]{}|".contains(character) { pattern += "\\" }
            pattern.append(character)
        }
        pattern += "$"
        let filter = pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let json = #"""
            [{"trigger":{"url-filter":".*"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"^http://127\\.0\\.0\\.1:8080/"},"action":{"type":"ignore-previous-rules"}},
             {"trigger":{"url-filter":"\#(filter)"},"action":{"type":"block"}}]
            """#
        guard let list = RuleListParser.parse(json, source: "observer.json").list, let engine = try? ContentRuleEngine(lists: [list]) else {
            return true
        }
        let context = SanitizeContext(documentURL: proxiedPageURL, engine: engine, urlMap: urlMap, checksInlineScripts: false)
        return HTMLSanitizer.sanitize(page, context: context).blocked.contains { $0.url == load.url }
    }

    /// No kept inline script names a URL the rules block (it would run as written).
    static func checkScriptsNameNoBlockedURL(_ named: [BlockedResource], target: FuzzTarget, output: String) throws(InvariantViolation) {
        if let url = named.first {
            throw InvariantViolation(target: target, invariant: "no kept inline script names a blocked URL",
                detail: "\(url.url) in \(excerpt(output))")
        }
    }

    /// No load leaves the proxy.
    static func checkNoLeaks(_ leaks: [BlockedResource], target: FuzzTarget, output: String) throws(InvariantViolation) {
        if let leak = leaks.first {
            throw InvariantViolation(target: target, invariant: "every load goes to the proxy",
                detail: "\(leak.type) \(leak.url) in \(excerpt(output))")
        }
    }

    /// Every load of the output under the proxy's subresource prefix maps
    /// back to a subresource of a host the output was reported to use (the
    /// proxy serves subresources of those hosts only). A URL limot could not
    /// read stays as written, and may then resolve to a page path of the
    /// proxy: that loads through the proxy too, so it is no violation.
    ///
    /// `isLoad` confirms a load whose path does not map back, or maps back
    /// to a host the output did not report, before it counts (see
    /// `routesAsLoad(_:ofPage:)`).
    static func checkProxied(_ loads: [BlockedResource], subresourceHosts: Set<String>, target: FuzzTarget, output: String,
                             isLoad: (BlockedResource) -> Bool = { _ in true }) throws(InvariantViolation) {
        for load in loads {
            // Leaks are `checkNoLeaks`'s: this pass removes every element that
            // loads, which changes where a removed element's content ends, so
            // it may see loads the browser does not.
            guard let url = try? WebURL(load.url), url.origin == proxyOrigin,
                url.pathAndQuery.hasPrefix(ProxyURLMap.subresourcePrefix)
            else { continue }
            guard let proxied = urlMap.target(ofProxyPath: url.pathAndQuery), case .subresource = proxied.kind else {
                guard isLoad(load) else { continue }
                throw InvariantViolation(target: target, invariant: "every proxy subresource path maps back",
                    detail: "\(load.type) \(load.url) in \(excerpt(output, around: url.pathAndQuery))")
            }
            guard subresourceHosts.contains(proxied.url.hostname) else {
                // The page may itself name a proxy path in an element that
                // loads nothing (an SVG `<frame>`), which the sanitizer
                // rightly leaves as written and reports no host for.
                guard isLoad(load) else { continue }
                throw InvariantViolation(target: target, invariant: "every proxied host is reported",
                    detail: "\(proxied.url.hostname) of \(load.url) not in \(subresourceHosts.sorted()) for \(excerpt(output))")
            }
        }
    }
}
