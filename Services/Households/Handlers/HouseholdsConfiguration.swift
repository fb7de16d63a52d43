/// households' limits and defaults (docs/households.md).
public struct HouseholdsConfiguration: Sendable {
    /// A new household's currency when the request names none.
    public var defaultCurrency: String
    /// How long an invite waits for an answer (H2): 7 days.
    public var inviteLifetime: Duration
    /// A new household's birthday reminder, in days before (H8).
    public var defaultBirthdayReminderDays: Int

    public init(
        defaultCurrency: String = "USD",
        inviteLifetime: Duration = .seconds(7 * 86_400),
        defaultBirthdayReminderDays: Int = 3
    ) {
        self.defaultCurrency = defaultCurrency
        self.inviteLifetime = inviteLifetime
        self.defaultBirthdayReminderDays = defaultBirthdayReminderDays
    }
}
