import QuadToolKit

/// One seeded person's session as the run holds it: the access token their calls carry, the refresh token that
/// renews it, and when the access token was issued (on the run's monotonic clock).
struct SignedInSession: Sendable {
    var accessToken: String
    var refreshToken: String?
    var issued: ContinuousClock.Instant

    init(person: DemoSeeder.Seeded, issued: ContinuousClock.Instant) {
        self.accessToken = person.accessToken
        self.refreshToken = person.refreshToken
        self.issued = issued
    }
}
