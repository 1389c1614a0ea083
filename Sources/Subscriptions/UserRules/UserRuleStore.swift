import ContentRules
import Foundation
import LimotJSON

/// The reader's own rules in the data directory: `user-rules.json`, one
/// WKContentRuleList that Safari accepts as it is and a person can edit by
/// hand, used after every other list; and `user-rules-notes.json` beside
/// it, with when and on which page each rule was made, the rules switched
/// off, and the state before the last change (for undo).
///
/// Every change reads both files again under a lock, changes them and writes
/// them whole, so `limot rules add` and a running `serve` never lose each
/// other's changes; a file limot cannot read is reported and never
/// overwritten.
public struct UserRuleStore: Sendable {
    public let dataDirectory: String

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    /// The name the reader's list goes by in reports and on the proxy's pages.
    public static let listName = "your rules"

    public var rulesFile: String { dataDirectory + "/user-rules.json" }
    public var notesFile: String { dataDirectory + "/user-rules-notes.json" }
    private var lockFile: String { dataDirectory + "/.user-rules.lock" }

    /// The list as it stands; empty when there is no file yet.
    public func load() throws(UserRuleError) -> UserRules {
        let notes = try loadNotes()
        guard let bytes = FileManager.default.contents(atPath: rulesFile).map(Array.init) else {
            if FileManager.default.fileExists(atPath: rulesFile) { throw .damaged(file: rulesFile, detail: "cannot be read") }
            return UserRules(disabled: notes.disabled.map(\.rule))
        }
        let elements = try Self.elements(of: bytes, file: rulesFile)
        let active = elements.map { UserRule(json: $0, note: notes.notes[$0]) }
        let problems = active.isEmpty ? [] : RuleListParser.parse(bytes, source: rulesFile).diagnostics
        return UserRules(active: active, disabled: notes.disabled.map(\.rule), problems: problems)
    }

    /// Changes the list with `body` and writes it, keeping the state before
    /// for `undo`. Rules that `body` adds must have been checked (see
    /// `UserRuleInput`); here only WebKit's limit on a list's size is.
    /// A change that changes nothing writes nothing and is no step to undo.
    @discardableResult
    public func change(_ body: (inout UserRules) throws(UserRuleError) -> Void) throws(UserRuleError) -> UserRules {
        try DataDirectoryFile.withLock(lockFile) { () throws(UserRuleError) -> UserRules in
            let before = try load()
            var after = before
            try body(&after)
            // A change that changed nothing is no step to undo.
            if after.active == before.active, after.disabled == before.disabled { return before }
            if after.active.count > RuleListParser.maximumRuleCount {
                let parsed = RuleListParser.parse(after.fileText, source: rulesFile)
                if let tooMany = parsed.errors.first(where: { $0.code == .jsonTooManyRules }) { throw .tooManyRules(tooMany) }
            }
            try save(after, previous: before)
            return try load()
        }
    }

    /// Puts back the list as it was before the last change; undoing again
    /// redoes it.
    @discardableResult
    public func undo() throws(UserRuleError) -> UserRules {
        try DataDirectoryFile.withLock(lockFile) { () throws(UserRuleError) -> UserRules in
            guard let previous = try loadNotes().previous else { throw .nothingToUndo }
            let current = try load()
            try save(UserRules(active: previous.active.map(\.rule), disabled: previous.disabled.map(\.rule)), previous: current)
            return try load()
        }
    }

    // MARK: - Files

    /// What `user-rules-notes.json` holds.
    struct NotesFile: Codable {
        /// Notes of the rules in force, by the rule's JSON.
        var notes: [String: UserRuleNote] = [:]
        var disabled: [Entry] = []
        var previous: Snapshot?
    }

    /// A rule with its note, as the notes file keeps it.
    struct Entry: Codable {
        var json: String
        var note: UserRuleNote?
        init(_ rule: UserRule) {
            json = rule.json
            note = rule.note
        }
        var rule: UserRule { UserRule(json: json, note: note) }
    }

    /// The list before the last change.
    struct Snapshot: Codable {
        var active: [Entry]
        var disabled: [Entry]
    }

    private func loadNotes() throws(UserRuleError) -> NotesFile {
        guard let data = FileManager.default.contents(atPath: notesFile) else { return NotesFile() }
        do {
            return try Self.decoder.decode(NotesFile.self, from: data)
        } catch {
            let where_ = (try? JSONParser.parse(Array(data))) == nil ? "is not JSON" : "is not what limot writes (\(error))"
            throw .damaged(file: notesFile, detail: where_)
        }
    }

    private func save(_ rules: UserRules, previous: UserRules) throws(UserRuleError) {
        var notes = NotesFile()
        for rule in rules.active { notes.notes[rule.json] = rule.note }
        notes.disabled = rules.disabled.map(Entry.init)
        notes.previous = Snapshot(active: previous.active.map(Entry.init), disabled: previous.disabled.map(Entry.init))
        do {
            // The list first: a crash between the two leaves the rules right and a note stale.
            if rules.active.isEmpty {
                // WebKit refuses an empty list, so no rules is no file.
                if FileManager.default.fileExists(atPath: rulesFile) { try FileManager.default.removeItem(atPath: rulesFile) }
            } else {
                try DataDirectoryFile.write(Data(rules.fileText.utf8), to: rulesFile)
            }
            try DataDirectoryFile.write(try Self.encoder.encode(notes) + Data("\n".utf8), to: notesFile)
        } catch let failure as DataDirectoryFile.WriteFailure {
            throw .cannotWrite(file: failure.file, detail: failure.detail)
        } catch {
            throw .cannotWrite(file: rulesFile, detail: error.localizedDescription)
        }
    }

    /// Each rule of a list file as compact JSON; anything but a JSON array is damaged.
    static func elements(of bytes: [UInt8], file: String) throws(UserRuleError) -> [String] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw .damaged(file: file, detail: error.description)
        }
        guard let elements = value.arrayValue else {
            throw .damaged(file: file, detail: "the top level is \(value.kindDescription), not an array of rules")
        }
        return elements.map(\.compactText)
    }

    private static let encoder = DataDirectoryFile.encoder
    private static let decoder = DataDirectoryFile.decoder
}
