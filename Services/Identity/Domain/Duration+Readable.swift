internal import Foundation

extension Duration {
    /// The duration rounded up to whole seconds, so "retry after" never says too little.
    public var wholeSecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return attoseconds > 0 ? seconds + 1 : seconds
    }

    /// A short human form for messages, never less than the duration: `14 min 32 s`, `23 h 59 min`, `45 s`.
    var readable: String {
        let total = max(0, wholeSecondsRoundedUp)
        if total >= 3600 {
            // Seconds are dropped at this scale, so round the minutes up instead.
            let minutes = (total + 59) / 60
            return minutes % 60 > 0 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes / 60) h"
        }
        let (minutes, seconds) = (total / 60, total % 60)
        if minutes > 0 { return seconds > 0 ? "\(minutes) min \(seconds) s" : "\(minutes) min" }
        return "\(seconds) s"
    }

    /// The duration in seconds, as `Date` arithmetic wants it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The time from `start` to `end` (negative when `end` is earlier).
    static func between(_ start: Date, _ end: Date) -> Duration {
        .milliseconds(Int64((end.timeIntervalSince(start) * 1000).rounded(.up)))
    }
}
