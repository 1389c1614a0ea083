import Vocabulary
/// The two scripts the dictionary's languages are written in, told apart
/// per character, because result pages do not always say which language a
/// piece of text is in (`lang` attributes are optional, classes made up).
enum Script: Equatable {
    case latin, arabic, neutral

    /// Letters of the Latin script (with IPA and the extended blocks), and
    /// letters and digits of the Arabic script (Persian's own digits ۰–۹
    /// belong to the Persian text they stand in). Everything else (spaces,
    /// punctuation, ASCII digits, ZWNJ) is neutral.
    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            let isLetterOrDigit = scalar.properties.isAlphabetic || (0x0660...0x0669).contains(value) || (0x06F0...0x06F9).contains(value)
            self = isLetterOrDigit ? .arabic : .neutral
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x250...0x2AF, 0x1E00...0x1EFF:
            self = scalar.properties.isAlphabetic ? .latin : .neutral
        default:
            self = .neutral
        }
    }
}

/// Which language a piece of text is in, judged by its letters.
enum TextLanguage: Equatable {
    case german, persian
    /// Both scripts in earnest: an example pair, a whole entry.
    case mixed

    /// nil for text without letters. A few letters of the other script
    /// (up to a tenth: an abbreviation, a transliteration) do not make text
    /// mixed.
    init?(of text: String) {
        var latin = 0, arabic = 0
        for scalar in text.unicodeScalars {
            switch Script(scalar) {
            case .latin: latin += 1
            case .arabic: arabic += 1
            case .neutral: continue
            }
        }
        let total = latin + arabic
        guard total > 0 else { return nil }
        if min(latin, arabic) * 10 <= total {
            self = latin >= arabic ? .german : .persian
        } else {
            self = .mixed
        }
    }

    var language: Language? {
        switch self {
        case .german: return .german
        case .persian: return .persian
        case .mixed: return nil
        }
    }
}
