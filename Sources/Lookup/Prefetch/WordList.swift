import Foundation

/// The words of a `limot prefetch` word list: one per line, surrounding
/// whitespace trimmed, blank lines and `#` comment lines skipped, and a
/// word that normalizes (``QueryNormalizer/normalize(_:)``) like an earlier
/// one dropped.
public struct WordList: Sendable {
    /// A word as written in the list, with its normalized form.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var normalized: String
        /// 1-based line number in the list.
        public var line: Int
    }

    public var words: [Word]
    /// How many lines repeated an earlier word.
    public var duplicates: Int

    /// Why the list could not be read: the message names the file.
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `path`, or standard input for `-`.
    public static func read(_ path: String) throws(ReadError) -> WordList {
        let data: Data
        let name = path == "-" ? "standard input" : path
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ReadError(description: "cannot read the word list \(path): no such file")
            }
            guard !isDirectory.boolValue else { throw ReadError(description: "cannot read the word list \(path): it is a directory") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ReadError(description: "cannot read the word list \(path): permission denied or unreadable")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(description: "the word list \(name) is not UTF-8 text")
        }
        return parse(text)
    }

    /// The words of `text` (a byte order mark is ignored).
    public static func parse(_ text: String) -> WordList {
        var words: [Word] = []
        var seen = Set<String>()
        var duplicates = 0
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let word = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if word.isEmpty || word.hasPrefix("#") { continue }
            let normalized = QueryNormalizer.normalize(word)
            if normalized.isEmpty { continue }
            if !seen.insert(normalized).inserted {
                duplicates += 1
                continue
            }
            words.append(Word(text: word, normalized: normalized, line: index + 1))
        }
        return WordList(words: words, duplicates: duplicates)
    }
}
