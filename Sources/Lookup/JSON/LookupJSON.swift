import Foundation
import LimotJSON
import Vocabulary

/// `limot lookup --json`: one result as a stable JSON document, for scripts
/// and editors. Stable means: the keys below, always all of them (absent
/// values are `null` or `[]`), always in this order, so that output can be
/// diffed and golden-tested.
///
/// ```text
/// {
///   "schema": 1,                  the version of this layout; a change that
///                                 removes or renames a key raises it
///   "query": "Haus",              as the user typed it
///   "normalized_query": "Haus",   what was searched (QueryNormalizer.normalize)
///   "direction": "de-fa",         "de-fa" or "fa-de"
///   "source_url": "https://…",    the result page
///   "fetched_at": "2026-01-02T03:04:05Z",  ISO 8601 in UTC, or null
///   "entries": [                  in page order
///     {
///       "headword": TEXT,         the source-language side
///       "grammar": {
///         "article": "das",       der/die/das or null
///         "gender": "n",          "m", "f", "n" or null
///         "plural": "Häuser",     or null
///         "part_of_speech": "Subst.",  as the page names it, or null
///         "notes": ["-es"]        anything else the page says, as written
///       },
///       "translations": [TEXT, …],
///       "examples": [{"source": TEXT, "translation": TEXT or null}, …]
///     }
///   ],
///   "suggestions": ["Haus", …]    the dictionary's "did you mean" words
/// }
/// ```
///
/// TEXT is `{"text", "lang", "dir"}`: the text in logical order, `"de"` or
/// `"fa"`, and `"ltr"` or `"rtl"` (`"rtl"` on every Persian text), so that a
/// consumer can set the direction without guessing.
///
/// Pretty-printed with two spaces, UTF-8 with non-ASCII characters as they
/// are (ZWNJ included); only `"`, `\` and control characters are escaped.
public enum LookupJSON {
    public static func encode(_ result: LookupResult, fetchedAt: Date?) -> String {
        var writer = JSONWriter(layout: .pretty)
        writer.object { writer in
            writer.member("schema") { $0.raw("1") }
            writer.member("query") { $0.string(result.query) }
            writer.member("normalized_query") { $0.string(result.normalizedQuery) }
            writer.member("direction") { $0.string(result.direction.rawValue) }
            writer.member("source_url") { $0.string(result.sourceURL) }
            writer.member("fetched_at") { writer in
                if let fetchedAt { writer.string(fetchedAt.formatted(.iso8601)) } else { writer.raw("null") }
            }
            writer.member("entries") { writer in
                writer.array(result.entries) { writer, entry in encode(entry, into: &writer) }
            }
            writer.member("suggestions") { writer in
                writer.array(result.suggestions) { writer, word in writer.string(word) }
            }
        }
        return writer.text + "\n"
    }

    private static func encode(_ entry: DictionaryEntry, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("headword") { encode(entry.headword, into: &$0) }
            writer.member("grammar") { writer in
                writer.object { writer in
                    writer.member("article") { $0.optionalString(entry.grammar.article) }
                    writer.member("gender") { $0.optionalString(entry.grammar.gender) }
                    writer.member("plural") { $0.optionalString(entry.grammar.plural) }
                    writer.member("part_of_speech") { $0.optionalString(entry.grammar.partOfSpeech) }
                    writer.member("notes") { writer in writer.array(entry.grammar.notes) { $0.string($1) } }
                }
            }
            writer.member("translations") { writer in
                writer.array(entry.translations) { encode($1, into: &$0) }
            }
            writer.member("examples") { writer in
                writer.array(entry.examples) { writer, example in
                    writer.object { writer in
                        writer.member("source") { encode(example.source, into: &$0) }
                        writer.member("translation") { writer in
                            if let translation = example.translation { encode(translation, into: &writer) } else { writer.raw("null") }
                        }
                    }
                }
            }
        }
    }

    private static func encode(_ text: LocalizedText, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("text") { $0.string(text.text) }
            writer.member("lang") { $0.string(text.language.rawValue) }
            writer.member("dir") { $0.string(text.language.isRightToLeft ? "rtl" : "ltr") }
        }
    }
}
