import Foundation
import Testing
@testable import Lookup
import Vocabulary

/// The `--json` schema, byte for byte: scripts depend on its keys, their
/// order and the direction marks.
@Suite("Lookup JSON")
struct LookupJSONTests {
    @Test("one result, golden")
    func golden() {
        let entry = DictionaryEntry(
            headword: LocalizedText("Haus", .german),
            grammar: Grammar(article: "das", gender: "n", plural: "Häuser", partOfSpeech: "Subst.", notes: ["-es"]),
            translations: [LocalizedText("خانه", .persian), LocalizedText("خانه\u{200C}ها", .persian)],
            examples: [Example(source: LocalizedText("Das \"Haus\" ist alt.", .german), translation: LocalizedText("این خانه قدیمی است.", .persian)),
                       Example(source: LocalizedText("Tab\there", .german), translation: nil)])
        let result = LookupResult(query: " Haus", normalizedQuery: "Haus", direction: .germanToPersian,
                                  sourceURL: "https://www.loghatnameh.de/search?q=Haus&dir=de-fa", entries: [entry])
        let json = LookupJSON.encode(result, fetchedAt: Date(timeIntervalSince1970: 1_767_323_045))
        #expect(json == """
            {
              "schema": 1,
              "query": " Haus",
              "normalized_query": "Haus",
              "direction": "de-fa",
              "source_url": "https://www.loghatnameh.de/search?q=Haus&dir=de-fa",
              "fetched_at": "2026-01-02T03:04:05Z",
              "entries": [
                {
                  "headword": {
                    "text": "Haus",
                    "lang": "de",
                    "dir": "ltr"
                  },
                  "grammar": {
                    "article": "das",
                    "gender": "n",
                    "plural": "Häuser",
                    "part_of_speech": "Subst.",
                    "notes": [
                      "-es"
                    ]
                  },
                  "translations": [
                    {
                      "text": "خانه",
                      "lang": "fa",
                      "dir": "rtl"
                    },
                    {
                      "text": "خانه\u{200C}ها",
                      "lang": "fa",
                      "dir": "rtl"
                    }
                  ],
                  "examples": [
                    {
                      "source": {
                        "text": "Das \\"Haus\\" ist alt.",
                        "lang": "de",
                        "dir": "ltr"
                      },
                      "translation": {
                        "text": "این خانه قدیمی است.",
                        "lang": "fa",
                        "dir": "rtl"
                      }
                    },
                    {
                      "source": {
                        "text": "Tab\\there",
                        "lang": "de",
                        "dir": "ltr"
                      },
                      "translation": null
                    }
                  ]
                }
              ],
              "suggestions": []
            }

            """)
    }

    @Test("no entries: empty arrays, null time, suggestions; and the output is JSON Foundation reads")
    func suggestionsOnly() throws {
        let result = LookupResult(query: "Hasu", normalizedQuery: "Hasu", direction: .germanToPersian, sourceURL: "u", entries: [], suggestions: ["Haus", "خانه"])
        let json = LookupJSON.encode(result, fetchedAt: nil)
        #expect(json.contains("\"fetched_at\": null,\n  \"entries\": [],\n  \"suggestions\": [\n    \"Haus\",\n    \"خانه\"\n  ]\n}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(parsed?["suggestions"] as? [String] == ["Haus", "خانه"])
    }
}
