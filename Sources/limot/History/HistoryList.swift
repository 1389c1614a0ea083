import ArgumentParser
import Foundation
import Store

/// `limot history list`: the newest lookups, as a table or JSON.
struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest lookups.",
        discussion: """
            Newest first: time, direction, the word as typed, and the translations found. \
            --since takes an age (30m, 24h, 7d, 2w) or a date (2026-01-01, or an ISO 8601 time).
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Show at most this many lookups.", valueName: "count"))
    var limit: Int = 20

    @Option(help: ArgumentHelp("Show only lookups made since then: 7d, 24h, 2026-01-01 …", valueName: "when"))
    var since: TimeBound?

    @Flag(help: "Print JSON: an array of {id, lookedUpAt, origin, query, normalizedQuery, direction, headwords, translations, sourceURL}.")
    var json = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        let opened = try store.open()
        let sinceDate = since?.date(now: Date())
        let entries = try attempt { () throws(StoreError) in try opened.recentLookups(limit: limit, since: sinceDate) }
        if LimotStore.historyDisabled(environment: ProcessInfo.processInfo.environment) {
            printError("note: LIMOT_NO_HISTORY is set: new lookups are not kept")
        }
        if json && entries.isEmpty {
            print("[]")
        } else if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            // snake_case, as `limot lookup --json` writes its keys.
            encoder.keyEncodingStrategy = .convertToSnakeCase
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
        } else if entries.isEmpty {
            print(since == nil
                  ? "No lookups kept yet in \(opened.databasePath). Words you look up (limot lookup WORD) appear here."
                  : "No lookups in that time.")
        } else {
            print(HistoryTable.render(entries))
        }
    }
}
