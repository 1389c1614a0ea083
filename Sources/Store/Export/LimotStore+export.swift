import Foundation
import GRDB
import Vocabulary

/// Exports of the notebook: one note per distinct headword, for Anki and
/// for spreadsheets. Both write the whole file or nothing, and write
/// nothing at all (returning 0) when no lookup found a translation, so an
/// empty notebook never replaces an earlier export.
extension LimotStore {
    /// Writes the notebook as a tab-separated file that Anki imports
    /// (format: `AnkiFormat`); returns the number of notes.
    public func exportAnki(to path: String) throws(StoreError) -> Int {
        let notes = try vocabularyNotes()
        if notes.isEmpty { return 0 }
        try AtomicFile.write(AnkiFormat.text(of: notes), to: path)
        return notes.count
    }

    /// Writes the notebook as RFC 4180 CSV with a UTF-8 byte order mark
    /// (format: `CSVFormat`); returns the number of notes (rows after the
    /// header).
    public func exportCSV(to path: String) throws(StoreError) -> Int {
        let notes = try vocabularyNotes()
        if notes.isEmpty { return 0 }
        try AtomicFile.write(CSVFormat.text(of: notes), to: path)
        return notes.count
    }

    /// Every kept result, oldest first, made into notes.
    func vocabularyNotes() throws(StoreError) -> [VocabularyNote] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, looked_up_at, result_json FROM lookup ORDER BY looked_up_at, id")
                .map { row in (id: row["id"] as Int64, time: row["looked_up_at"] as Int64, json: row["result_json"] as String) }
        }
        var lookups: [(date: Date, result: LookupResult)] = []
        lookups.reserveCapacity(rows.count)
        for row in rows {
            guard let result = try? StoreCoding.decode(LookupResult.self, json: row.json) else {
                throw .unreadableEntry(path: databasePath, id: row.id)
            }
            lookups.append((StoreCoding.date(milliseconds: row.time), result))
        }
        return VocabularyNote.notes(from: lookups)
    }
}
