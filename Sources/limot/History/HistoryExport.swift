import ArgumentParser
import Store

/// `limot history export (--anki FILE | --csv FILE)`.
struct HistoryExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the notebook as an Anki import file or as CSV.",
        discussion: """
            One note per distinct headword, German first whichever way it was looked up, with \
            the newest translations, examples and source page. --anki writes tab-separated text \
            for Anki's File > Import (2.1.55 or later): German, Persian, Examples, Source, Tags. \
            --csv writes RFC 4180 CSV in UTF-8 with a byte order mark, so that spreadsheets show \
            Persian right. The file is replaced whole or not at all; nothing is written when no \
            lookup found a translation (exit status 1).
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Write a tab-separated file for Anki.", valueName: "file"))
    var anki: String?

    @Option(help: ArgumentHelp("Write a CSV file for spreadsheets.", valueName: "file"))
    var csv: String?

    func validate() throws {
        if (anki == nil) == (csv == nil) { throw ValidationError("give one of --anki FILE or --csv FILE") }
    }

    func run() throws {
        let opened = try store.open()
        let count: Int
        let path: String
        if let anki {
            path = anki
            count = try attempt { () throws(StoreError) in try opened.exportAnki(to: anki) }
        } else {
            path = csv ?? ""
            count = try attempt { () throws(StoreError) in try opened.exportCSV(to: path) }
        }
        if count == 0 {
            printError("Nothing to export: no kept lookup found a translation; \(path) was not written.")
            throw ExitCode(1)
        }
        print("Wrote \(count) note\(count == 1 ? "" : "s") to \(path).")
    }
}
