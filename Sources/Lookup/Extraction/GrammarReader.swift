import Vocabulary
/// Reads what pages write about grammar, in German or Persian, into
/// `Grammar`: articles, gender markers, plurals and parts of speech are
/// recognised by their words, everything else is kept as a note.
enum GrammarReader {
    static let articles: Set<String> = ["der", "die", "das"]

    /// Words and abbreviations that name a part of speech, German and
    /// Persian; a grammar part starting with one is the part of speech.
    static let partsOfSpeech: [String] = [
        "Substantiv", "Subst.", "Nomen", "Verb", "Adjektiv", "Adj.", "Adverb", "Adv.", "Präposition", "Präp.",
        "Pronomen", "Pron.", "Konjunktion", "Konj.", "Interjektion", "Numerale", "Zahlwort", "Artikel", "Partikel",
        "Hilfsverb", "Modalverb",
        "اسم", "فعل", "صفت", "قید", "حرف اضافه", "ضمیر", "حرف ربط", "شبه جمله", "عدد", "حرف",
    ]

    static let pluralMarkers = ["Pl.", "Plural", "pl.", "جمع"]

    /// A gender marker on its own: `m`, `f`, `n` (also `m.`, `(m)`, `{m}`)
    /// or the German words for the genders.
    static func gender(_ text: String) -> String? {
        var marker = text.trimming(" ")
        if marker.count >= 3, let first = marker.first, let last = marker.last, "({[".contains(first), ")}]".contains(last) {
            marker = String(marker.dropFirst().dropLast())
        }
        if marker.hasSuffix(".") { marker.removeLast() }
        switch marker {
        case "m", "Maskulinum", "maskulin", "männlich": return "m"
        case "f", "Femininum", "feminin", "weiblich": return "f"
        case "n", "Neutrum", "neutral", "sächlich": return "n"
        default: return nil
        }
    }

    /// The gender a class token gives: `gen-m`, `gender-f`, `genus-n`.
    static func gender(classToken token: String) -> String? {
        for prefix in ["gen-", "gender-", "genus-", "g-"] where token.hasPrefix(prefix) {
            let rest = String(token.dropFirst(prefix.count))
            if ["m", "f", "n"].contains(rest) { return rest }
        }
        return nil
    }

    static func isPartOfSpeech(_ part: String) -> Bool {
        partsOfSpeech.contains { word in
            guard part.hasPrefix(word) else { return false }
            let rest = part.dropFirst(word.count)
            return rest.first.map { !$0.isLetter } ?? true
        }
    }

    /// The plural a part gives (`Pl.: Häuser`, `Plural Häuser`, `جمع: خانه‌ها`);
    /// "" for a bare plural marker.
    static func plural(_ part: String) -> String? {
        for marker in pluralMarkers where part.hasPrefix(marker) {
            let rest = part.dropFirst(marker.count)
            guard rest.first.map({ $0 == ":" || $0 == " " }) ?? true else { continue }
            return rest.trimming(": ")
        }
        return nil
    }

    /// Whether text reads as grammar rather than as a word: every part of
    /// it is a part of speech, a gender, a plural or an article.
    static func isGrammar(_ text: String) -> Bool {
        let parts = split(text)
        return !parts.isEmpty && parts.allSatisfy { isPartOfSpeech($0) || gender($0) != nil || plural($0) != nil }
    }

    static func split(_ text: String) -> [String] {
        text.split(whereSeparator: { ",،;؛·|".contains($0) }).map { $0.trimming(" ") }.filter { !$0.isEmpty }
    }

    /// Adds one piece of grammar text (a grammar cell, a marker) to `grammar`.
    static func read(_ text: String, into grammar: inout Grammar) {
        for part in split(text) {
            if let plural = plural(part) {
                if plural.isEmpty { grammar.notes.append(part) } else if grammar.plural == nil { grammar.plural = plural } else { grammar.notes.append(part) }
            } else if let gender = gender(part), grammar.gender == nil {
                grammar.gender = gender
            } else if articles.contains(part), grammar.article == nil {
                grammar.article = part
            } else if isPartOfSpeech(part), grammar.partOfSpeech == nil {
                grammar.partOfSpeech = part
            } else {
                grammar.notes.append(part)
            }
        }
    }

    /// Splits a German noun's article off its headword ("das Haus" → "das",
    /// "Haus"), and a trailing gender marker ("Haus n"). Phrases ("nach
    /// Hause gehen") and lower-case words after an article stay whole.
    static func headword(_ text: String, language: Language, into grammar: inout Grammar) -> String {
        guard language == .german else { return text }
        var words = text.split(separator: " ").map(String.init)
        if words.count >= 2, let marker = gender(words[words.count - 1]) {
            if grammar.gender == nil { grammar.gender = marker }
            words.removeLast()
        }
        if words.count == 2, articles.contains(words[0]), words[1].first?.isUppercase == true {
            if grammar.article == nil { grammar.article = words[0] }
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }
}

extension String {
    func trimming(_ set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

extension Substring {
    func trimming(_ set: String) -> String { String(self).trimming(set) }
}
