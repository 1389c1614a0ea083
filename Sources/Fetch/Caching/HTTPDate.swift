import Foundation

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and
/// asctime forms when parsing. Parsed by hand: no `DateFormatter`, whose
/// locale and time-zone state is neither cheap nor obviously thread-safe.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or nil when `text` is none of the three forms.
    public static func parse(_ text: String) -> Date? {
        // Tokens split on spaces, commas and hyphens: "Sun, 06 Nov 1994 08:49:37 GMT",
        // "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994".
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        var day: Int?, month: Int?, year: Int?, time: (Int, Int, Int)?
        for token in tokens.dropFirst() {
            if time == nil, let parsed = clock(token) {
                time = parsed
            } else if month == nil, let index = months.firstIndex(of: token.lowercased()) {
                month = index + 1
            } else if let number = Int(token), token.allSatisfy(\.isNumber) {
                if day == nil, token.count <= 2 { day = number } else if year == nil { year = number }
            } else if token.uppercased() != "GMT" && token.uppercased() != "UTC" {
                return nil
            }
        }
        guard let day, let month, var year, let time, (1...31).contains(day) else { return nil }
        // RFC 850's two-digit years: more than 50 years ahead is the past century (§5.6.7).
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = time
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        return calendar.date(from: components)
    }

    private static func clock(_ token: String) -> (Int, Int, Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]),
              (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        return (h, m, s)
    }

    /// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[(c.weekday ?? 1) - 1]), \(two(c.day)) \(monthNames[(c.month ?? 1) - 1]) \(c.year ?? 1970) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }
}
