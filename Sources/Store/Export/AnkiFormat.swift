import Foundation

/// The notebook as a text file for Anki's importer (File > Import, Anki
/// 2.1.55 and later; 2.1.54 with the new importer switched on).
///
/// The file headers fix what Anki would otherwise guess:
/// `#separator:tab`, `#html:false` (Anki then escapes `<` and `&` itself, so
/// page text cannot become markup), and `#tags column:5`. Each note is
/// German, Persian, Examples, Source, Tags (`limot limot::de-fa` or
/// `limot limot::fa-de`).
///
/// There is deliberately no `#columns:` header: Anki then maps fields by
/// position, so the built-in Basic note types (whose field names are Front
/// and Back, or their translations) get German on the front and Persian on
/// the back with no mapping by hand; with named columns Anki matches by name
/// and would leave Back empty. A note type with four fields gets all four.
///
/// Anki reads the file with a CSV reader (quotes, and `#` starting a comment
/// line), so fields are cleaned for it: tabs and line breaks become spaces,
/// and a field that holds a `"` or starts with `#` is quoted, its quotes
/// doubled.
enum AnkiFormat {
    static let header = "#separator:tab\n#html:false\n#tags column:5\n"

    static func text(of notes: [VocabularyNote]) -> String {
        var text = header
        for note in notes {
            let tags = "limot limot::\(note.direction.rawValue)"
            text += [note.german, note.persian, note.examples, note.sourceURL, tags]
                .map(field).joined(separator: "\t") + "\n"
        }
        return text
    }

    /// A field as Anki's reader will give it back.
    static func field(_ value: String) -> String {
        var flat = ""
        flat.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n" where previousWasCR:
                break
            case "\t", "\n", "\r", "\u{2028}", "\u{2029}":
                flat.unicodeScalars.append(" ")
            default:
                flat.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        guard flat.contains("\"") || flat.hasPrefix("#") else { return flat }
        return "\"" + flat.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
