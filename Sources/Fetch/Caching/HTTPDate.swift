import CCurl
import Foundation

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and
/// asctime forms when parsing.
public enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or nil when `text` is not a date.
    ///
    /// Parsed by libcurl's `curl_getdate`, the parser curl itself uses for
    /// `Date`, `Expires` and cookie dates: it reads all three forms (and the
    /// numeric zones and missing times that servers send in practice), keeps
    /// no state and calls no locale or time-zone function, so it is safe
    /// from any thread (libcurl-thread(3): only global init and cleanup are
    /// not), and needs no `curl_global_init`. It answers -1 for text that is
    /// no date; dates before 1970 come back as 0, so -1 is never a real one.
    public static func parse(_ text: String) -> Date? {
        let seconds = curl_getdate(text, nil)
        return seconds == -1 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`. Formatted here: libcurl
    /// has no public formatter, and it is one line of fixed fields.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[(c.weekday ?? 1) - 1]), \(two(c.day)) \(monthNames[(c.month ?? 1) - 1]) \(c.year ?? 1970) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }
}
