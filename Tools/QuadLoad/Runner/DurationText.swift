/// Durations as the command line writes them: `30s`, `1.5s`, `500ms`, `2m` (the same forms `--fault`
/// takes).
public enum DurationText {
    /// Parses `text`; nil when it is not a plain non-negative number followed by `ms`, `s` or `m`.
    public static func parse(_ text: String) -> Duration? {
        FaultTime.parse(Substring(text))
    }
}
