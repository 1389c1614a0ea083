import ArgumentParser
import Foundation

/// A point in the past as `--since` and `--older-than` take it: an age
/// (`30m`, `24h`, `7d`, `2w`) counted back from now, or a date
/// (`2026-01-01`, local midnight) or an ISO 8601 time (`2026-01-01T08:00:00Z`).
struct TimeBound: ExpressibleByArgument {
    private enum Kind { case age(TimeInterval), date(Date) }
    private let kind: Kind

    static let units: [Character: TimeInterval] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    init?(argument: String) {
        if let unit = argument.last, let seconds = Self.units[unit], let count = Int(argument.dropLast()), count >= 0 {
            kind = .age(Double(count) * seconds)
        } else if let date = Self.day(argument) ?? (try? Date(argument, strategy: .iso8601)) {
            kind = .date(date)
        } else {
            return nil
        }
    }

    /// The time this bound names, ages counted back from `now`.
    func date(now: Date) -> Date {
        switch kind {
        case .age(let seconds): return now.addingTimeInterval(-seconds)
        case .date(let date): return date
        }
    }

    /// `YYYY-MM-DD` as local midnight.
    private static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        let calendar = Calendar(identifier: .gregorian)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }
}
