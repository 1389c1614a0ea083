import Vocabulary
/// Cutting text into the pieces entries are made of: translations at their
/// separators, and mixed German–Persian text at the changes of script.
enum TextPieces {
    /// Separators between translations (`;`, `,` and their Persian forms
    /// `؛`, `،`), ignored inside parentheses: "خانه‌داری؛ بودجه (دولت)" is two.
    static func translations(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
            if depth == 0, ";,؛،".contains(character) {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimming(" ") }.filter { TextLanguage(of: $0) != nil }
    }

    /// Dashes, arrows and the like between the two halves of an example.
    static let joiners = " —–-:=→←/|·"

    /// Text split where the script changes, each run with its language.
    /// Neutral characters (spaces, punctuation, digits) stay with the run
    /// before them, except opening brackets and quotes, which open the next.
    static func scriptRuns(_ text: String) -> [(text: String, language: Language)] {
        var runs: [(text: String, language: Language)] = []
        var current = ""
        var language: Language?
        var pendingNeutral = ""
        for character in text {
            let script = character.unicodeScalars.first.map(Script.init) ?? .neutral
            let runLanguage: Language? = script == .latin ? .german : script == .arabic ? .persian : nil
            guard let runLanguage else {
                if "([«„\"“".contains(character) || !pendingNeutral.isEmpty { pendingNeutral.append(character) } else { current.append(character) }
                continue
            }
            if runLanguage != language, let previous = language {
                runs.append((current, previous))
                current = pendingNeutral
            } else {
                current += pendingNeutral
            }
            pendingNeutral = ""
            language = runLanguage
            current.append(character)
        }
        current += pendingNeutral
        if let language { runs.append((current, language)) }
        return runs.map { ($0.text.trimming(joiners), $0.language) }.filter { !$0.text.isEmpty }
    }
}
