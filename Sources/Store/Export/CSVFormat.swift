import Foundation

/// The notebook as CSV for spreadsheets (RFC 4180): a header row, CRLF line
/// ends, fields quoted when they hold a comma, a quote or a line break,
/// quotes doubled. One row per note, as in the Anki export, with the
/// direction, when the word was last looked up (ISO 8601, UTC) and how often.
///
/// The file starts with a UTF-8 byte order mark. Without it, Excel reads a
/// CSV file in the system's legacy code page and shows Persian as mojibake;
/// LibreOffice, Numbers, Google Sheets and Python's `utf-8-sig` all accept
/// the mark. The cost: a program reading plain UTF-8 sees U+FEFF before the
/// first header name.
///
/// A field that a spreadsheet would run as a formula (starting with `=`,
/// `+`, `@`, or `-` not followed by a letter: the page's text is not
/// trusted) gets a leading apostrophe, which spreadsheets show as text.
/// German suffixes such as `-heit` are left as they are.
enum CSVFormat {
    static let byteOrderMark = "\u{FEFF}"
    static let columns = ["German", "Persian", "Examples", "Source", "Direction", "Last looked up", "Lookups"]

    static func text(of notes: [VocabularyNote]) -> String {
        let timeFormat = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current)
        var text = byteOrderMark + row(columns)
        for note in notes {
            text += row([note.german, note.persian, note.examples, note.sourceURL, note.direction.rawValue,
                         note.lastLookedUp.formatted(timeFormat), String(note.lookups)])
        }
        return text
    }

    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ value: String) -> String {
        let safe = startsFormula(value) ? "'" + value : value
        let needsQuotes = safe.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func startsFormula(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars.prefix(2))
        guard let first = scalars.first else { return false }
        switch first {
        case "=", "+", "@": return true
        case "-": return scalars.count == 2 && !CharacterSet.letters.contains(scalars[1])
        default: return false
        }
    }
}
