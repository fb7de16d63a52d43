/// A journey that could not go on for a reason of its own (not a call's status): kept in the
/// report as the journey's failure, with this message.
public struct JourneyError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// How a journey ended other than by finishing or failing: it finished, but counts under another
/// name (a dasher offered nothing is `laundry-dasher-idle`).
public enum JourneyOutcome: Error, Sendable {
    /// The journey ended well; record it as `name`.
    case renamed(String)
}
