import FixtureSupport
import Foundation
import Testing
@testable import ContentRules

/// The compiled rule cache: EasyList and EasyPrivacy read back from a cache
/// file decide exactly as when compiled from the lists, and a file that does
/// not verify (damaged, foreign, another version or selection) is never used.
@Suite("Compiled rule cache")
struct CompiledRuleCacheTests {
    private static let names = ["easylist.txt", "easyprivacy.txt"]

    /// The two lists as `limot serve --rules` loads them: one list per file.
    private static let loaded = Result { () throws -> (lists: [RuleList], contents: [[UInt8]]) in
        let files = try names.map { try SharedData.file($0).path }
        let lists = try files.map { file in
            guard let list = RuleFileLoader.load(file).list else { throw Unreadable(path: file) }
            return list
        }
        return (lists, try names.map { try SharedData.bytes($0) })
    }

    private struct Unreadable: Error { var path: String }

    /// A fresh folder for one test's cache files, removed by `body`'s end.
    private func withCache<T>(version: String = "1.0", _ body: (CompiledRuleCache) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-rule-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(CompiledRuleCache(directory: folder.path, toolVersion: version))
    }

    /// A load's whole decision in comparable form: actions, deciding rules,
    /// hidden selectors and the global stylesheets with their rules.
    static func summary(of decision: Decision) -> [String] {
        decision.actions.map(\.summary) + decision.decidingRules.map(\.description) + decision.hiddenSelectors
            + decision.globalStylesheets.map { "\($0.source) \($0.selectors.count) \($0.rules) \($0.switchedOffBy.map(\.description) ?? "-")" }
            + decision.globalStylesheetsSwitchedOff
    }

    @Test("EasyList + EasyPrivacy from the cache decide as compiled from the lists, over the whole request corpus")
    func cachedDecisionsEqualFresh() throws {
        let (lists, contents) = try Self.loaded.get()
        let sources = lists.map(\.source)
        let fresh = try ContentRuleEngine(lists: lists)
        let cached = try withCache { cache in
            let key = cache.key(forContents: contents)
            try cache.store(fresh, key: key)
            return try cache.load(key: key, sources: sources).get()
        }
        #expect(cached.lists.map(\.source) == sources)
        #expect(cached.statistics.rules == fresh.statistics.rules)
        #expect(cached.statistics.rulesByAction == fresh.statistics.rulesByAction)
        #expect(cached.lists.map(\.globalSelectors) == fresh.lists.map(\.globalSelectors))
        var compared = 0, blocked = 0, hidden = 0, styled = 0
        for (url, type, request) in try RequestCorpus.requests() {
            let expected = fresh.decide(request), actual = cached.decide(request)
            #expect(actual.actions == expected.actions, "\(url) \(type)")
            #expect(Self.summary(of: actual) == Self.summary(of: expected), "\(url) \(type)")
            compared += 1
            if expected.isBlocked { blocked += 1 }
            if !expected.hiddenSelectors.isEmpty { hidden += 1 }
            if !expected.globalStylesheets.isEmpty { styled += 1 }
        }
        #expect(compared > 8_000)
        #expect(blocked > 1_000, "the lists block many of the corpus's requests, or the comparison proves little")
        #expect(hidden > 100)
        #expect(styled > 100, "documents of the corpus get the lists' global stylesheets")
    }

    @Test("a truncated, bit-flipped or foreign file is reported damaged, never used")
    func damagedFiles() throws {
        let (lists, contents) = try Self.loaded.get()
        let engine = try ContentRuleEngine(lists: lists)
        try withCache { cache in
            let key = cache.key(forContents: contents)
            try cache.store(engine, key: key)
            let path = cache.path(forKey: key)
            let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            var damaged: [[UInt8]] = [[], Array(good.prefix(7)), Array(good.prefix(60)), Array(good.dropLast()), good + [0],
                                      Array("[{\"trigger\":{\"url-filter\":\".*\"},\"action\":{\"type\":\"block\"}}]".utf8)]
            // One flipped bit in the magic, the key (bytes 24-39 with version "1.0"), the length (40-47), the
            // checksum (48-63) and the payload's start, middle and end.
            for offset in [0, 30, 44, 50, 60, 120, good.count / 2, good.count - 1] {
                var flipped = good
                flipped[offset] ^= 0x10
                damaged.append(flipped)
            }
            // A flipped bit in the format or the memory layout: written by another limot, stale.
            for offset in [8, 12] {
                var flipped = good
                flipped[offset] ^= 0x01
                try Data(flipped).write(to: URL(fileURLWithPath: path))
                guard case .failure(.stale) = cache.load(key: key, sources: lists.map(\.source)) else {
                    Issue.record("a file with another format or layout was not reported stale")
                    continue
                }
            }
            for bytes in damaged {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let result = cache.load(key: key, sources: lists.map(\.source))
                guard case .failure(.damaged) = result else {
                    Issue.record("a damaged file of \(bytes.count) bytes was not reported damaged: \(result)")
                    continue
                }
            }
        }
    }

    @Test("payloads that pass no checksum decode to an error, never out of bounds (every truncation of a small engine)")
    func truncatedPayloads() throws {
        let list = try #require(RuleListParser.parse(Array(Self.variedRules.utf8), source: "varied.json").list)
        let engine = try ContentRuleEngine(lists: [list])
        var writer = BinaryWriter()
        EngineCoding.encode(engine, into: &writer)
        let payload = writer.bytes
        func decoded(_ bytes: ArraySlice<UInt8>) -> Result<ContentRuleEngine.Tables, BinaryReader.Damaged> {
            bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes)
                return Result { () throws(BinaryReader.Damaged) in try EngineCoding.decode(from: &reader, sources: ["varied.json"]) }
            }
        }
        for length in 0..<payload.count {
            if case .success = decoded(payload.prefix(length)) { Issue.record("a payload cut at \(length) of \(payload.count) bytes decoded") }
        }
        let whole = ContentRuleEngine(try decoded(payload[...]).get())
        #expect(whole.lists.first?.locations.actionAtLocation == engine.lists.first?.locations.actionAtLocation,
                "every kind of action reads back as written")
        for (url, page) in [("https://ads.example/x.js", "https://example.org/"), ("https://n.example/r1/m/z", "https://a.example/"),
                            ("http://frame.example/y", "https://news.example/")] {
            let request = try ResourceRequest(url: url, type: "script", page: page, frame: nil, method: "post")
            #expect(Self.summary(of: whole.decide(request)) == Self.summary(of: engine.decide(request)), "\(url)")
        }
    }

    @Test("an engine read from a file decides as before after a newer file is stored over it (its tables stay mapped)")
    func fileReplacedUnderAnEngine() throws {
        let list = try #require(RuleListParser.parse(Array(Self.variedRules.utf8), source: "varied.json").list)
        let engine = try ContentRuleEngine(lists: [list])
        let other = try ContentRuleEngine(lists: [#require(RuleListParser.parse(Array(#"[{"trigger":{"url-filter":"q"},"action":{"type":"block"}}]"#.utf8), source: "q.json").list)])
        let request = try ResourceRequest(url: "https://ads.example/x.js", type: "script", page: "https://example.org/", frame: nil, method: "post")
        let blockedByOther = try ResourceRequest(url: "https://q.example/q.js", type: "script", page: "https://example.org/", frame: nil, method: "get")
        try withCache { cache in
            let key = cache.key(forContents: [Array(Self.variedRules.utf8)])
            try cache.store(engine, key: key)
            let cached = try cache.load(key: key, sources: ["varied.json"]).get()
            try cache.store(other, key: key)
            #expect(Self.summary(of: cached.decide(request)) == Self.summary(of: engine.decide(request)))
            #expect(!cached.decide(blockedByOther).isBlocked)
            #expect(try cache.load(key: key, sources: ["q.json"]).get().decide(blockedByOther).isBlocked, "the new file is what a new load reads")
        }
    }

    @Test("padding that is not zeros, before the payload or before a table, makes a file damaged")
    func nonZeroPadding() throws {
        let list = try #require(RuleListParser.parse(Array(Self.variedRules.utf8), source: "varied.json").list)
        var writer = BinaryWriter()
        EngineCoding.encode(try ContentRuleEngine(lists: [list]), into: &writer)
        // A version of five characters leaves the header 66 bytes long: six zeros follow it.
        try withCache(version: "1.0.0") { cache in
            let key = cache.key(forContents: [])
            let good = cache.file(sealing: writer.bytes, key: key)
            #expect(good.count - writer.bytes.count == 72)
            guard case .success = cache.engine(fromFile: good, key: key, sources: ["varied.json"]) else {
                Issue.record("the sealed file was not used")
                return
            }
            var header = good
            header[68] = 1
            #expect(throws: CompiledRuleCache.Miss.damaged("padding before the payload is not zero")) {
                try cache.engine(fromFile: header, key: key, sources: ["varied.json"]).get()
            }
            // The first table, the first list's rule indexes: after the list count and their own (a byte each), six zeros.
            var payload = writer.bytes
            payload[1 + 1] = 1
            let result = cache.engine(fromFile: cache.file(sealing: payload, key: key), key: key, sources: ["varied.json"])
            guard case .failure(.damaged(let reason)) = result, reason.contains("padding before a table") else {
                Issue.record("a table's padding that is not zero was not reported: \(result)")
                return
            }
        }
    }

    @Test("the key of the list files as read from disk a block at a time is the key of their bytes; a missing file keys as empty")
    func keyOfFilesIsKeyOfBytes() throws {
        let (_, contents) = try Self.loaded.get()
        let files = try Self.names.map { try SharedData.file($0).path }
        let cache = CompiledRuleCache(directory: "/nonexistent", toolVersion: "1.0")
        #expect(cache.key(forFiles: files) == cache.key(forContents: contents), "serve would miss the cache a compile stored")
        #expect(cache.key(forFiles: files.reversed()) == cache.key(forContents: contents.reversed()))
        let missing = "/nonexistent/limot-no-such-list.txt"
        #expect(cache.key(forFiles: [files[0], missing]) == cache.key(forContents: [contents[0], []]))
        #expect(CompiledRuleCache.byteCount(ofFile: files[0]) == contents[0].count)
        #expect(CompiledRuleCache.byteCount(ofFile: missing) == nil)
    }

    @Test("another limot version, another format or other lists are stale or absent, not used")
    func otherVersionsAndSelections() throws {
        let (lists, contents) = try Self.loaded.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limot-rule-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = CompiledRuleCache(directory: folder.path, toolVersion: "0.9")
        let current = CompiledRuleCache(directory: folder.path, toolVersion: "1.0")
        #expect(old.key(forContents: contents) != current.key(forContents: contents), "the version is part of the key")
        var changed = contents
        changed[1][100] ^= 1
        #expect(current.key(forContents: changed) != current.key(forContents: contents), "one byte of a list changes the key")
        #expect(current.key(forContents: contents.reversed()) != current.key(forContents: contents), "the order of the lists is part of the key")

        // An old version's file at this version's name (as if copied over) is stale.
        let key = current.key(forContents: contents)
        let engine = try ContentRuleEngine(lists: lists)
        try old.store(engine, key: key)
        guard case .failure(.stale) = current.load(key: key, sources: lists.map(\.source)) else {
            Issue.record("a file written by another version was used")
            return
        }
        guard case .failure(.absent) = current.load(key: current.key(forContents: changed), sources: lists.map(\.source)) else {
            Issue.record("a changed list found a cache file")
            return
        }
        // Replaced by this version's file, it is used.
        try current.store(engine, key: key)
        #expect(try current.load(key: key, sources: ["a", "b"]).get().lists.map(\.source) == ["a", "b"], "lists take the paths they have now")
        guard case .failure(.damaged) = current.load(key: key, sources: ["only one"]) else {
            Issue.record("a file for two lists was used for one")
            return
        }
    }

    /// Every action and trigger field the format writes.
    private static let variedRules = """
        [
          {"trigger": {"url-filter": "ads", "url-filter-is-case-sensitive": true, "resource-type": ["image", "script"],
                       "load-type": ["third-party"], "load-context": ["child-frame"], "request-method": "post",
                       "if-domain": ["*example.org", "news.example"]}, "action": {"type": "block"}},
          {"trigger": {"url-filter": ".*", "unless-top-url": ["^https://a\\\\.example/"], "top-url-filter-is-case-sensitive": true},
           "action": {"type": "css-display-none", "selector": ".ad, #banner"}},
          {"trigger": {"url-filter": "x", "if-frame-url": ["frame"], "frame-url-filter-is-case-sensitive": true}, "action": {"type": "block-cookies"}},
          {"trigger": {"url-filter": "y"}, "action": {"type": "ignore-previous-rules"}},
          {"trigger": {"url-filter": "^http:"}, "action": {"type": "make-https"}},
          {"trigger": {"url-filter": "n"}, "action": {"type": "notify", "notification": "شنیده شد"}},
          {"trigger": {"url-filter": "r1"}, "action": {"type": "redirect", "redirect": {"url": "https://example.org/"}}},
          {"trigger": {"url-filter": "r2"}, "action": {"type": "redirect", "redirect": {"extension-path": "/a.js"}}},
          {"trigger": {"url-filter": "(r3)"}, "action": {"type": "redirect", "redirect": {"regex-substitution": "\\\\1"}}},
          {"trigger": {"url-filter": "r4"}, "action": {"type": "redirect", "redirect": {"transform": {"host": "h.example", "port": "8080",
            "query-transform": {"remove-parameters": ["utm"], "add-or-replace-parameters": [{"key": "k", "value": "v", "replace-only": true}]}}}}},
          {"trigger": {"url-filter": "m"}, "action": {"type": "modify-headers", "priority": 3,
            "request-headers": [{"operation": "set", "header": "X-A", "value": "1"}], "response-headers": [{"operation": "remove", "header": "X-B"}]}},
          {"trigger": {"url-filter": "z"}, "action": {"type": "ignore-following-rules"}}
        ]
        """
}
