import Foundation

/// Which way a lookup translates.
public enum LookupDirection: String, Sendable, Equatable, CaseIterable, Codable {
    case germanToPersian = "de-fa"
    case persianToGerman = "fa-de"

    /// The language of the query (and of headwords).
    public var sourceLanguage: Language { self == .germanToPersian ? .german : .persian }
    /// The language of the translations.
    public var targetLanguage: Language { self == .germanToPersian ? .persian : .german }
}

/// The two languages of the dictionary.
public enum Language: String, Sendable, Equatable, Codable {
    case german = "de"
    case persian = "fa"

    /// Persian is written right to left.
    public var isRightToLeft: Bool { self == .persian }
}

/// A piece of text in one language, in logical order, as the page gives it
/// (whitespace collapsed, zero-width non-joiners kept).
public struct LocalizedText: Sendable, Equatable, Hashable, Codable {
    public var text: String
    public var language: Language

    public init(_ text: String, _ language: Language) {
        self.text = text
        self.language = language
    }
}

/// What the page says about a headword's grammar; every field optional,
/// because pages give more or less of it.
public struct Grammar: Sendable, Equatable, Codable {
    /// `der`, `die`, `das` for German nouns.
    public var article: String?
    /// `m`, `f` or `n`.
    public var gender: String?
    public var plural: String?
    /// As the page names it: `Substantiv`, `Verb`, `اسم` …
    public var partOfSpeech: String?
    /// Anything else the grammar column holds, as written.
    public var notes: [String]

    public init(article: String? = nil, gender: String? = nil, plural: String? = nil, partOfSpeech: String? = nil, notes: [String] = []) {
        self.article = article
        self.gender = gender
        self.plural = plural
        self.partOfSpeech = partOfSpeech
        self.notes = notes
    }

    public var isEmpty: Bool { article == nil && gender == nil && plural == nil && partOfSpeech == nil && notes.isEmpty }
}

/// An example sentence and its translation, when the page pairs them.
public struct Example: Sendable, Equatable, Codable {
    public var source: LocalizedText
    public var translation: LocalizedText?

    public init(source: LocalizedText, translation: LocalizedText?) {
        self.source = source
        self.translation = translation
    }
}

/// One entry of a result page.
public struct DictionaryEntry: Sendable, Equatable, Codable {
    public var headword: LocalizedText
    public var grammar: Grammar
    public var translations: [LocalizedText]
    public var examples: [Example]

    public init(headword: LocalizedText, grammar: Grammar = Grammar(), translations: [LocalizedText], examples: [Example] = []) {
        self.headword = headword
        self.grammar = grammar
        self.translations = translations
        self.examples = examples
    }
}

/// What one lookup found: the entries of the result page, or, when it found
/// none, the dictionary's own suggestions.
public struct LookupResult: Sendable, Equatable, Codable {
    /// The query as the user typed it.
    public var query: String
    /// The query after normalisation (what was searched).
    public var normalizedQuery: String
    public var direction: LookupDirection
    /// The result page's URL.
    public var sourceURL: String
    public var entries: [DictionaryEntry]
    /// "Did you mean" words from a page without entries.
    public var suggestions: [String]

    public init(query: String, normalizedQuery: String, direction: LookupDirection, sourceURL: String, entries: [DictionaryEntry], suggestions: [String] = []) {
        self.query = query
        self.normalizedQuery = normalizedQuery
        self.direction = direction
        self.sourceURL = sourceURL
        self.entries = entries
        self.suggestions = suggestions
    }
}
