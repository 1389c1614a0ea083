import Fetch
import Foundation
import GRDB
import HTTPTypes
import Store

/// A store the size the issue names: 50,000 cache entries and 10,000 page
/// visits, filled with SQL directly (in batches of a few thousand rows per
/// transaction, the rollback journal and no syncs while filling) so that
/// building it takes seconds, not one commit per row.
///
/// Each benchmark runs in a process of its own, so the filled store is kept
/// on disk, in `Benchmarks/.build/limot-store-fixture-v1/` (about 1.1 GB,
/// gone with the build folder), built by the first benchmark that needs it
/// and checked by every later one (entry and visit counts): benchmarks that
/// read use it as it is, the one that evicts works on a copy, and the one
/// that logs visits removes them again in its teardown.
enum StoreFixture {
    static let cacheEntries = 50_000
    static let pageVisits = 10_000
    static let sessions = 20
    /// A visit every 30 s from 2026-01-01 on.
    static let firstVisit: Int64 = 1_767_225_600_000

    /// The folder the benchmarks' temporary stores go in: beside the
    /// fixture, on the same file system (a copy is then a plain file copy).
    static var scratch: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build")
    }

    /// The filled store's data directory, built if missing or not as expected.
    static func directory() throws -> String {
        let folder = scratch.appendingPathComponent("limot-store-fixture-v1").path
        if let found = try? counts(directory: folder), found == (cacheEntries, pageVisits) { return folder }
        try? FileManager.default.removeItem(atPath: folder)
        let started = ContinuousClock.now
        let building = folder + ".building"
        try? FileManager.default.removeItem(atPath: building)
        try fill(directory: building, entries: 0..<cacheEntries, visits: pageVisits)
        try FileManager.default.moveItem(atPath: building, toPath: folder)
        let (entries, visits) = try counts(directory: folder)
        FileHandle.standardError.write(Data("store fixture: \(entries) cache entries, \(visits) page visits, \(megabytes(of: folder)) MB, built in \(started.duration(to: .now))\n".utf8))
        return folder
    }

    /// A copy of the fixture in a folder of its own, for a benchmark that changes it.
    static func copy() throws -> String {
        let source = try directory()
        let target = scratch.appendingPathComponent("limot-store-copy-\(getpid())").path
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source + "/limot.sqlite3", toPath: target + "/limot.sqlite3")
        try sync(target + "/limot.sqlite3")
        return target
    }

    /// Cache entries and page visits in the store in `directory`.
    static func counts(directory: String) throws -> (Int, Int) {
        let path = directory + "/limot.sqlite3"
        guard FileManager.default.fileExists(atPath: path) else { throw CocoaError(.fileNoSuchFile) }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        return try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT entries FROM cache_usage") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM page_visit") ?? -1)
        }
    }

    static func megabytes(of directory: String) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: directory + "/limot.sqlite3")[.size] as? Int) ?? 0
        return bytes / 1_000_000
    }

    /// Creates the store in `directory` (limot's own schema, by opening it)
    /// and fills it with the cache entries `entries` of ``CacheEntries`` and
    /// `visits` page visits in ``sessions`` sessions.
    static func fill(directory: String, entries: Range<Int>, visits: Int) throws {
        do { _ = try LimotStore(directory: directory) }
        let queue = try DatabaseQueue(path: directory + "/limot.sqlite3")
        try queue.writeWithoutTransaction { db in
            // Filling only: no write-ahead log of a gigabyte, no syncs.
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        let batch = 2_000
        for start in stride(from: entries.lowerBound, to: entries.upperBound, by: batch) {
            try queue.write { db in
                let insert = try db.makeStatement(sql: """
                    INSERT INTO http_cache (url, variant, final_url, status, headers, body, request_time, response_time,
                                            last_used, derived, derived_key, size)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for index in start..<min(start + batch, entries.upperBound) {
                    let entry = CacheEntries.entry(index)
                    let headers = try CacheEntries.headersJSON(entry.headers)
                    let size = entry.body.count + (entry.derived?.count ?? 0) + headers.utf8.count
                        + entry.url.utf8.count + entry.finalURL.utf8.count
                    try insert.execute(arguments: [
                        entry.url, entry.variant, entry.finalURL, entry.status, headers, Data(entry.body),
                        CacheEntries.milliseconds(entry.requestTime), CacheEntries.milliseconds(entry.responseTime),
                        CacheEntries.lastUsed(index), entry.derived.map { Data($0) }, entry.derivedKey, size,
                    ])
                }
            }
        }
        try queue.write { db in
            let session = try db.makeStatement(sql: """
                INSERT INTO browsing_session (id, entries, current_index, revision, updated_at) VALUES (?, ?, ?, ?, ?)
                """)
            for index in 0..<sessions {
                let urls = (0..<50).map { CacheEntries.pageURL(index * 50 + $0) }
                try session.execute(arguments: [sessionID(index), try CacheEntries.json(urls), 49, 50,
                                                firstVisit + Int64(visits) * 30_000])
            }
            let visit = try db.makeStatement(sql: """
                INSERT INTO page_visit (session_id, url, title, visited_at) VALUES (?, ?, ?, ?)
                """)
            for index in 0..<visits {
                try visit.execute(arguments: [sessionID(index % sessions), CacheEntries.pageURL(index),
                                              "\(CacheEntries.word(index)) – Wörterbuch Deutsch Persisch",
                                              firstVisit + Int64(index) * 30_000])
            }
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try queue.close()
        try sync(directory + "/limot.sqlite3")
    }

    /// Writes a file's dirty pages to disk now: else the first commit that
    /// syncs the database (a checkpoint) would pay for the whole fill or copy.
    static func sync(_ path: String) throws {
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try file.synchronize()
        try file.close()
    }

    static func sessionID(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return String(repeating: "0", count: 32 - hex.count) + hex
    }
}

/// The cache entries of the benchmarks, the same for a given index in every
/// run: one in three a dictionary result page (`/search?q=…`) with its
/// sanitized form kept beside it (about 90% of the body's size), the others
/// images, style sheets and scripts without one. Bodies are 2–60 KB,
/// log-uniformly (median about 11 KB, mean about 17 KB); with the derived
/// forms an entry counts about 22 KB toward the cache's size on average.
enum CacheEntries {
    static let words = ["Haus", "Buch", "gehen", "Straße", "Baum", "Wasser", "Freund", "Schule", "Arbeit", "Stadt",
                        "Fenster", "Zeitung", "lesen", "schreiben", "Wörterbuch", "Tür", "Garten", "Himmel"]
    /// About 128 KB of page-like text that bodies are cut from.
    static let text: [UInt8] = {
        var html = ""
        var index = 0
        while html.utf8.count < 131_072 {
            let word = words[index % words.count]
            html += "<tr><td class=\"de\"><a href=\"/search?q=\(word)\">\(word)</a> <span class=\"gram\">das, -er</span></td>"
                + "<td class=\"fa\" dir=\"rtl\" lang=\"fa\">خانه‌ها، کتاب \(index)</td></tr>\n"
            index += 1
        }
        return Array(html.utf8)
    }()

    static func word(_ index: Int) -> String { words[index % words.count] }

    static func pageURL(_ index: Int) -> String {
        "https://www.loghatnameh.de/search?q=\(word(index))\(index)&dir=de-fa"
    }

    static func entry(_ index: Int) -> StoredResponse {
        var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        // 2 KB × 30^u: log-uniform between 2 and 60 KB.
        let length = Int(2_000 * pow(30, Double(random.next() >> 11) / Double(1 << 53)))
        let offset = Int(random.next() % UInt64(text.count - length))
        let body = Array(text[offset..<offset + length])
        let time = Date(timeIntervalSince1970: 1_767_225_600 + Double(index))
        let url: String
        let type: String
        var derived: [UInt8]?
        switch index % 3 {
        case 0:
            url = pageURL(index)
            type = "text/html; charset=utf-8"
            derived = Array(body.prefix(length * 9 / 10))
        case 1:
            url = "https://www.loghatnameh.de/img/\(word(index).lowercased())-\(index).png"
            type = "image/png"
        default:
            url = "https://www.loghatnameh.de/static/site-\(index).css?v=3"
            type = "text/css"
        }
        let headers: HTTPFields = [
            .server: "nginx",
            .date: "Thu, 01 Jan 2026 00:00:00 GMT",
            .contentType: type,
            .contentLength: "\(length)",
            .lastModified: "Wed, 31 Dec 2025 12:00:00 GMT",
            .eTag: "\"\(String(random.next(), radix: 16))\"",
            .cacheControl: "max-age=3600",
        ]
        return StoredResponse(url: url, variant: "", finalURL: url, status: 200, headers: headers, body: body,
                              requestTime: time, responseTime: time, derived: derived,
                              derivedKey: derived == nil ? nil : "sanitized-v1 https://www.loghatnameh.de/ 0123456789abcdef")
    }

    /// When entry `index` was last used: within the 30 days before 2026-01-01, at random.
    static func lastUsed(_ index: Int) -> Int64 {
        var random = SplitMix64(seed: UInt64(index) &+ 0x5151)
        return 1_767_225_600_000 - Int64(random.next() % (30 * 86_400_000))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// As the store writes them: a JSON array of `[name, value]` pairs.
    static func headersJSON(_ headers: HTTPFields) throws -> String {
        try json(headers.map { [$0.name.rawName, $0.value] })
    }
}

/// A small, fast generator with a seed, so that every run makes the same entries.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
