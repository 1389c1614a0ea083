import ArgumentParser
import Foundation
import Store

/// `limot history list`: the newest lookups and pages, as tables or JSON.
struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest lookups and pages read.",
        discussion: """
            Two sections, newest first: Words (time, direction, the word as typed, and the \
            translations found) and Pages (time, title, address), each at most --limit long; \
            --words or --pages shows one. --since takes an age (30m, 24h, 7d, 2w) or a date \
            (2026-01-01, or an ISO 8601 time).

            --json prints the lookups as an array of {id, looked_up_at, origin, query, \
            normalized_query, direction, headwords, translations, source_url}; with --pages, \
            the pages as an array of {id, session_id, url, title, visited_at}.
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var scope: HistoryScope

    @Option(help: ArgumentHelp("Show at most this many lookups and this many pages.", valueName: "count"))
    var limit: Int = 20

    @Option(help: ArgumentHelp("Show only lookups and pages since then: 7d, 24h, 2026-01-01 …", valueName: "when"))
    var since: TimeBound?

    @Flag(help: "Print JSON: the lookups, or with --pages the pages (see above).")
    var json = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        let opened = try store.open()
        let sinceDate = since?.date(now: Date())
        if LimotStore.historyDisabled(environment: ProcessInfo.processInfo.environment) {
            printError("note: LIMOT_NO_HISTORY is set: new lookups and pages are not kept")
        }
        if json {
            // The lookups unless --pages: scripts read `limot history --json` as the lookups.
            if scope.pages {
                print(try Self.json(try attempt { () throws(StoreError) in try opened.recentPageVisits(limit: limit, since: sinceDate) }))
            } else {
                print(try Self.json(try attempt { () throws(StoreError) in try opened.recentLookups(limit: limit, since: sinceDate) }))
            }
            return
        }
        let lookups = scope.includesWords
            ? try attempt { () throws(StoreError) in try opened.recentLookups(limit: limit, since: sinceDate) } : []
        let visits = scope.includesPages
            ? try attempt { () throws(StoreError) in try opened.recentPageVisits(limit: limit, since: sinceDate) } : []
        let both = scope.includesWords && scope.includesPages
        if both && lookups.isEmpty && visits.isEmpty {
            print(since == nil
                  ? "No lookups kept yet in \(opened.databasePath). Words you look up (limot lookup WORD) and pages you read through limot serve appear here."
                  : "No lookups or pages in that time.")
            return
        }
        var sections: [String] = []
        if scope.includesWords {
            let body = !lookups.isEmpty ? HistoryTable.render(lookups)
                : since != nil ? "No lookups in that time."
                : "No lookups kept yet\(both ? "" : " in \(opened.databasePath)"). Words you look up (limot lookup WORD) appear here."
            sections.append(both ? "Words\n" + body : body)
        }
        if scope.includesPages {
            let body = !visits.isEmpty ? HistoryTable.renderPages(visits)
                : since != nil ? "No pages in that time."
                : "No pages kept yet\(both ? "" : " in \(opened.databasePath)"). Pages you read through limot serve appear here."
            sections.append(both ? "Pages\n" + body : body)
        }
        print(sections.joined(separator: "\n\n"))
    }

    /// Pretty JSON with snake_case keys, as `limot lookup --json` writes them.
    /// Foundation's `JSONEncoder`, not LimotJSON's writer: the Store's Codable
    /// records are printed whole, their keys derived from their properties.
    static func json<T: Encodable>(_ value: [T]) throws -> String {
        if value.isEmpty { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
