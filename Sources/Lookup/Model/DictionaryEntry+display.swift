import Vocabulary
extension DictionaryEntry {
    /// The headword with its article (`das Haus`), unless the page already
    /// writes it so: what a learner reads first, in the terminal and the browser.
    public var headwordWithArticle: String {
        guard let article = grammar.article, !headword.text.lowercased().hasPrefix(article.lowercased() + " ") else {
            return headword.text
        }
        return article + " " + headword.text
    }
}

extension Grammar {
    /// The grammar as the parts of one line: gender, part of speech, plural
    /// (`Pl. Häuser`, or `جمع: خانه‌ها` when the plural is Persian), notes.
    public var summaryParts: [String] {
        var parts: [String] = []
        if let gender { parts.append(gender) }
        if let partOfSpeech { parts.append(partOfSpeech) }
        if let plural { parts.append((LookupDirection.detect(plural) == .persianToGerman ? "جمع: " : "Pl. ") + plural) }
        return parts + notes
    }

    /// `n · Substantiv · Pl. Häuser · notes`
    public var summary: String { summaryParts.joined(separator: " · ") }
}
