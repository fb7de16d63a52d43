import Foundation

/// Instants for the chores' tests, written as people read them.
enum ChoreInstants {
    /// `2025-03-24T08:00:00Z` as UTC microseconds.
    static func utc(_ iso: String) -> Int64 {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: iso) else { fatalError("not ISO 8601: \(iso)") }
        return Int64(date.timeIntervalSince1970) * 1_000_000
    }

    /// The local `yyyy-MM-dd HH:mm` of `instant` in `timeZone`.
    static func local(_ instant: Int64, _ timeZone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant / 1_000_000)))
    }
}
