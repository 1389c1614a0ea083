import Foundation

/// Makes queries and headwords comparable. People type Persian on
/// keyboards with Arabic letters (ي, ك), with or without short vowels, and
/// German without umlauts; the dictionary writes one spelling.
public enum QueryNormalizer {
    /// The query as it should be searched and shown: trimmed, runs of
    /// whitespace one space, Arabic yeh (ي, ى) Persian yeh (ی), Arabic kaf
    /// (ك) Persian keheh (ک), Arabic diacritics (U+064B–U+065F, U+0670)
    /// and tatweel (U+0640) removed, in Unicode NFC. Zero-width
    /// non-joiners stay: they are part of Persian spelling (می‌روم), and
    /// teh marbuta (ة) stays, as Persian writes it in Arabic loans.
    ///
    /// Precomposed letters are kept as they are: آ and أ are letters of
    /// their own, not alef with a diacritic.
    public static func normalize(_ query: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in query.unicodeScalars {
            let value = scalar.value
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if (0x064B...0x065F).contains(value) || value == 0x0670 || value == 0x0640 { continue }
            if pendingSpace { scalars.append(" ") }
            pendingSpace = false
            switch value {
            case 0x064A, 0x0649: scalars.append("\u{06CC}")
            case 0x0643: scalars.append("\u{06A9}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// A key for comparing and ranking, never for display: the normalized
    /// text with ZWNJ and space the same (both a space: خانه‌ها, خانه ها and
    /// خانهها are typed for one word, the first two often), lower-cased, and
    /// ä, ö, ü, ß as ae, oe, ue, ss, as Germans type without umlauts.
    public static func matchKey(_ text: String) -> String {
        let spaced = normalize(text).replacingOccurrences(of: "\u{200C}", with: " ")
        var key = ""
        var pendingSpace = false
        for character in spaced.lowercased() {
            if character == " " {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace { key.append(" ") }
            pendingSpace = false
            switch character {
            case "ä": key += "ae"
            case "ö": key += "oe"
            case "ü": key += "ue"
            case "ß": key += "ss"
            default: key.append(character)
            }
        }
        return key
    }
}
