import Foundation
import Lookup
import Store

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
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let wordWidth = min(widestWordColumn, entries.map { $0.query.count }.max() ?? 0)
        let words = max(wordWidth, "WORD".count)
        var lines = ["TIME              DIR    " + pad("WORD", words) + "  TRANSLATIONS"]
        for entry in entries {
            let source = entry.direction.sourceLanguage, target = entry.direction.targetLanguage
            let translations = entry.translations.isEmpty
                ? "(nothing found)"
                : isolate(entry.translations.joined(separator: "; "), target)
            lines.append(formatter.string(from: entry.lookedUpAt) + "  " + arrow(entry.direction) + "  "
                         + pad(isolate(entry.query, source), words, visible: entry.query.count) + "  " + translations)
        }
        return lines.joined(separator: "\n")
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
