import Foundation
import Lookup
import Store
import Vocabulary

/// The listing as a terminal table: time, direction, word, translations.
/// Persian text is wrapped in Unicode's first-strong isolate (U+2068 …
/// U+2069), so that a terminal's bidirectional algorithm lays it out right
/// to left without pulling the columns and punctuation around it along.
enum HistoryTable {
    static let firstStrongIsolate = "\u{2068}"
    static let popDirectionalIsolate = "\u{2069}"
    /// Longer words are not cut, but do not widen the column further.
    static let widestWordColumn = 24

    static func render(_ entries: [NotebookEntry], timeZone: TimeZone = .current) -> String {
        let wordWidth = min(widestWordColumn, entries.map { $0.query.count }.max() ?? 0)
        let words = max(wordWidth, "WORD".count)
        var lines = ["TIME              DIR    " + pad("WORD", words) + "  TRANSLATIONS"]
        for entry in entries {
            let source = entry.direction.sourceLanguage, target = entry.direction.targetLanguage
            let translations = entry.translations.isEmpty
                ? "(nothing found)"
                : isolate(entry.translations.joined(separator: "; "), target)
            lines.append(StoredTime.minute(entry.lookedUpAt, timeZone: timeZone) + "  " + arrow(entry.direction) + "  "
                         + pad(isolate(entry.query, source), words, visible: entry.query.count) + "  " + translations)
        }
        return lines.joined(separator: "\n")
    }

    /// Longer page titles are cut with "…".
    static let widestTitleColumn = 40

    /// The pages read: time, title (or "(untitled)"), address.
    static func renderPages(_ visits: [PageVisit], timeZone: TimeZone = .current) -> String {
        let titles = visits.map { visit -> String in
            let title = (visit.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if title.isEmpty { return "(untitled)" }
            return title.count > widestTitleColumn ? String(title.prefix(widestTitleColumn - 1)) + "…" : title
        }
        let width = max("TITLE".count, titles.map(\.count).max() ?? 0)
        var lines = ["TIME              " + pad("TITLE", width) + "  URL"]
        for (visit, title) in zip(visits, titles) {
            let shown = containsRightToLeft(title) ? firstStrongIsolate + title + popDirectionalIsolate : title
            lines.append(StoredTime.minute(visit.visitedAt, timeZone: timeZone) + "  " + pad(shown, width, visible: title.count) + "  " + visit.url)
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `text` has Hebrew or Arabic-script letters (Persian).
    static func containsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
            default: return false
            }
        }
    }

    static func arrow(_ direction: LookupDirection) -> String {
        direction == .germanToPersian ? "de→fa" : "fa→de"
    }

    static func isolate(_ text: String, _ language: Language) -> String {
        language.isRightToLeft ? firstStrongIsolate + text + popDirectionalIsolate : text
    }

    /// Pads to `width` columns; `visible` is the text's width without its
    /// isolates (which take no column). Persian letters and a ZWNJ within
    /// one grapheme take one column each grapheme.
    private static func pad(_ text: String, _ width: Int, visible: Int? = nil) -> String {
        text + String(repeating: " ", count: max(0, width - (visible ?? text.count)))
    }
}
