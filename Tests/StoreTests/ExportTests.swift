import Foundation
import Vocabulary
@testable import Store
import Testing

@Suite("Notebook exports")
struct ExportTests {
    /// The notebook of SampleLookups: Haus (twice: the newer lookup wins,
    /// the note stays where Haus was first looked up), کتاب‌خانه (Persian to
    /// German, German first all the same), the quotation, and no note for
    /// the lookup that found nothing.
    static func filledStore(in directory: TemporaryDirectory) throws -> LimotStore {
        let store = try LimotStore(directory: directory.path)
        for (result, date) in SampleLookups.notebook { try store.recordLookup(result, origin: .commandLine, at: date) }
        return store
    }

    static let ankiGolden = "#separator:tab\n#html:false\n#tags column:5\n"
        + "Haus\tخانه\t\thttps://www.loghatnameh.de/search?q=haus&lang=de\tlimot limot::de-fa\n"
        + "Bibliothek; Bücherei\tکتاب\u{200C}خانه\t\thttps://www.loghatnameh.de/search?q=ketabkhane\tlimot limot::fa-de\n"
        + "\"Zitat \"\"Anführung\"\"\"\tنقل\u{200C}قول, گفتاورد\t\"Er sagte: \"\"Ja\"\" und ging. — او گفت: «بله»\"\t"
        + "https://www.loghatnameh.de/search?q=Zitat\tlimot limot::de-fa\n"

    static let csvGolden = "\u{FEFF}German,Persian,Examples,Source,Direction,Last looked up,Lookups\r\n"
        + "Haus,خانه,,https://www.loghatnameh.de/search?q=haus&lang=de,de-fa,2026-01-01T00:04:00Z,2\r\n"
        + "Bibliothek; Bücherei,کتاب\u{200C}خانه,,https://www.loghatnameh.de/search?q=ketabkhane,fa-de,2026-01-01T00:01:00Z,1\r\n"
        + "\"Zitat \"\"Anführung\"\"\",\"نقل\u{200C}قول, گفتاورد\",\"Er sagte:\n\"\"Ja\"\"\tund ging. — او گفت: «بله»\","
        + "https://www.loghatnameh.de/search?q=Zitat,de-fa,2026-01-01T00:02:00Z,1\r\n"

    @Test("the Anki export is one note per headword, German first, fields cleaned for Anki's reader")
    func ankiExport() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.filledStore(in: directory)
        let path = directory.appending("notebook.txt")
        #expect(try store.exportAnki(to: path) == 3)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == Self.ankiGolden)
        #expect(written.unicodeScalars.contains("\u{200C}"), "zero-width non-joiners are kept")
    }

    @Test("the CSV export is RFC 4180 with a byte order mark, quoting only what needs it")
    func csvExport() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.filledStore(in: directory)
        let path = directory.appending("notebook.csv")
        #expect(try store.exportCSV(to: path) == 3)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: bytes, as: UTF8.self) == Self.csvGolden)
    }

    @Test("an empty notebook writes no file and leaves an earlier export alone")
    func emptyNotebook() throws {
        let directory = try TemporaryDirectory()
        let store = try LimotStore(directory: directory.path)
        try store.recordLookup(SampleLookups.notFound, origin: .commandLine, at: SampleLookups.start)
        let path = directory.appending("notebook.csv")
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try store.exportCSV(to: path) == 0)
        #expect(try store.exportAnki(to: path) == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier")
    }

    @Test("an export that cannot be written names its path and leaves no file behind")
    func failedExportLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.filledStore(in: directory)
        let target = directory.appending("export-is-a-directory")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        #expect(throws: StoreError.self) { try store.exportCSV(to: target) }
        do {
            _ = try store.exportCSV(to: target)
        } catch {
            #expect(error.path == target)
            #expect(error.description.contains(target))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("limot-") }
        #expect(left.isEmpty, "no temporary file is left: \(left)")
        let missing = directory.appending("no/such/folder/notebook.txt")
        #expect(throws: StoreError.exportFailed(path: missing, reason: "No such file or directory")) {
            try store.exportAnki(to: missing)
        }
    }

    @Test("fields Anki's reader would misread are quoted; spreadsheet formulas are defused")
    func fieldRules() {
        #expect(AnkiFormat.field("#hashtag") == "\"#hashtag\"")
        #expect(AnkiFormat.field("a\r\nb\tc\nd") == "a b c d")
        #expect(AnkiFormat.field("ohne") == "ohne")
        #expect(CSVFormat.field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(CSVFormat.field("+1") == "'+1")
        #expect(CSVFormat.field("-1+2") == "'-1+2")
        #expect(CSVFormat.field("-heit") == "-heit", "German suffixes stay as they are")
        #expect(CSVFormat.field("a,b") == "\"a,b\"")
    }
}
