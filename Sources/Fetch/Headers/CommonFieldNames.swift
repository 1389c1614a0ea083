import HTTPTypes

/// The field names servers send on almost every answer, each made once as
/// an `HTTPField.Name`, so that a response header line naming one of them
/// is not validated and lower-cased again.
///
/// Why: `HTTPField.Name(String)` checks every byte of the name and makes a
/// lower-cased copy, after the name's bytes were checked as UTF-8 and made
/// a String: some 800 instructions a line on curl's thread, six to ten
/// lines an answer (callgrind, 100 pages at new addresses).
///
/// A name is taken from here only when the line's bytes are exactly one of
/// `spellings` (case included), so the name kept is the one the server
/// sent (`rawName`), as `HTTPField.Name(String)` would have kept it; any
/// other name is made the usual way.
enum CommonFieldNames {
    /// As HTTP/1.1 servers capitalise them, and lower-cased as HTTP/2 and 3
    /// send them (`init` adds those).
    static let spellings: [String] = {
        let capitalised = [
            "Date", "Server", "Content-Type", "Content-Length", "Connection", "Keep-Alive", "Transfer-Encoding",
            "Content-Encoding", "Cache-Control", "Expires", "Pragma", "Last-Modified", "ETag", "Vary", "Accept-Ranges",
            "Age", "Set-Cookie", "Location", "Content-Language", "Content-Disposition", "Link", "Via", "Alt-Svc",
            "X-Powered-By", "X-Frame-Options", "X-Content-Type-Options", "X-XSS-Protection", "Strict-Transport-Security",
            "Content-Security-Policy", "Referrer-Policy", "Access-Control-Allow-Origin", "Permissions-Policy",
        ]
        return capitalised + capitalised.map { $0.lowercased() }
    }()

    /// The names by their length in bytes, each with its bytes: a line's
    /// name is compared with the few of its own length only.
    private static let byLength: [[(bytes: [UInt8], name: HTTPField.Name)]] = {
        let longest = spellings.map(\.utf8.count).max() ?? 0
        var table = [[(bytes: [UInt8], name: HTTPField.Name)]](repeating: [], count: longest + 1)
        for spelling in spellings {
            table[spelling.utf8.count].append((Array(spelling.utf8), HTTPField.Name(spelling)!))
        }
        return table
    }()

    /// The name made once whose bytes are exactly `bytes`; nil when it is
    /// not one of `spellings`.
    static func name(_ bytes: UnsafeRawBufferPointer) -> HTTPField.Name? {
        let table = byLength
        guard bytes.count < table.count else { return nil }
        for entry in table[bytes.count] where entry.bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) {
            return entry.name
        }
        return nil
    }
}
