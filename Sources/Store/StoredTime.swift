import Foundation

/// The store's times as limot shows them to a reader: local time to the
/// minute (`2026-11-20 14:03`), in the history table, the cache summary,
/// a lookup's saved copy and the proxy's offline banner alike.
public enum StoredTime {
    public static func minute(_ date: Date, timeZone: TimeZone = .current) -> String {
        // A DateFormatter is neither Sendable nor cheap to share safely; one
        // per call costs microseconds, and these run once per line shown.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
