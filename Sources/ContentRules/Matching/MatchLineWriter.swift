import LimotJSON

/// Writes the JSON lines of `limot rules match` into one growing buffer that
/// the caller flushes in large chunks.
///
/// Most loads of a corpus get the same few decisions (a list's universal
/// css-display-none rules apply to nearly every load), and a line lists
/// those rules and their selectors, several kilobytes on real lists. So the
/// part of a line after the URL is made once per distinct decision and
/// copied afterwards.
public struct MatchLineWriter {
    /// The lines written since the last `removeAll`.
    public private(set) var bytes: [UInt8] = []
    /// The bytes after the URL of each distinct decision (see `Decision.reportKey`).
    private var tails: [[Int32]: [UInt8]] = [:]
    /// `{"url":`, the start of every line.
    private static let head = Array(#"{"url":"#.utf8)

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the decision's line and a newline.
    public mutating func write(_ decision: Decision, url: String) {
        guard let key = decision.reportKey else {
            bytes += Self.line(decision, url: url)
            return
        }
        if let tail = tails[key] {
            bytes += Self.head
            JSONWriter.appendQuoted(url, to: &bytes)
            bytes += tail
        } else {
            let line = Self.line(decision, url: url)
            var quotedURL: [UInt8] = []
            JSONWriter.appendQuoted(url, to: &quotedURL)
            tails[key] = Array(line[(Self.head.count + quotedURL.count)...])
            bytes += line
        }
    }

    /// Appends JSON made elsewhere (an error line, a header) and a newline.
    public mutating func write(json text: String) {
        bytes += text.utf8
        bytes.append(0x0A)
    }

    /// Empties the buffer, keeping its capacity (and the memo).
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The whole line, newline included.
    private static func line(_ decision: Decision, url: String) -> [UInt8] {
        var writer = JSONWriter()
        decision.writeJSONLine(url: url, into: &writer)
        return writer.bytes + [0x0A]
    }
}
