import Foundation
import Vocabulary

/// One word of the notebook as a flash card: the German side first whichever
/// way it was looked up, so that a card's front is always German and Anki's
/// duplicate check (on the first field) finds the same word again on the
/// next import.
struct VocabularyNote: Equatable {
    var german: String
    var persian: String
    /// The entries' examples: "source — translation", joined with " / ".
    var examples: String
    /// The result page of the newest lookup that found the headword.
    var sourceURL: String
    var direction: LookupDirection
    var lastLookedUp: Date
    /// How many lookups found the headword.
    var lookups: Int

    static let translationSeparator = "; "
    static let exampleSeparator = " / "

    /// One note per distinct headword (its text and language), in the order
    /// they were first looked up, with what the newest lookup that found it
    /// said (its entries for that headword merged: translations first seen
    /// first, each once). Entries without translations make no note.
    /// `lookups` must be oldest first.
    static func notes(from lookups: [(date: Date, result: LookupResult)]) -> [VocabularyNote] {
        struct Key: Hashable { var headword: String; var language: Language }
        var order: [Key] = []
        var newest: [Key: (date: Date, result: LookupResult, entries: [DictionaryEntry])] = [:]
        var counts: [Key: Int] = [:]
        for (date, result) in lookups {
            var entriesByKey: [Key: [DictionaryEntry]] = [:]
            var keysInLookup: [Key] = []
            for entry in result.entries where !entry.translations.isEmpty {
                let key = Key(headword: entry.headword.text, language: entry.headword.language)
                if entriesByKey[key] == nil { keysInLookup.append(key) }
                entriesByKey[key, default: []].append(entry)
            }
            for key in keysInLookup {
                if newest[key] == nil { order.append(key) }
                newest[key] = (date, result, entriesByKey[key] ?? [])
                counts[key, default: 0] += 1
            }
        }
        return order.compactMap { key in
            guard let found = newest[key] else { return nil }
            let translations = StoreCoding.distinct(found.entries.flatMap { $0.translations.map(\.text) })
                .joined(separator: translationSeparator)
            let examples = found.entries.flatMap(\.examples).map { example in
                example.translation.map { "\(example.source.text) — \($0.text)" } ?? example.source.text
            }.joined(separator: exampleSeparator)
            let germanFirst = key.language == .german
            return VocabularyNote(german: germanFirst ? key.headword : translations,
                                  persian: germanFirst ? translations : key.headword,
                                  examples: examples, sourceURL: found.result.sourceURL,
                                  direction: found.result.direction, lastLookedUp: found.date,
                                  lookups: counts[key] ?? 0)
        }
    }
}
