public import IdentityDomain

/// identity's own settings.
public struct IdentityConfiguration: Sendable {
    /// The `iss` and `aud` claims of access tokens.
    public var issuer: String
    public var audience: String
    public var accessTokenLifetime: Duration
    /// scrypt parameters; the default is OWASP's (N = 2^17, r = 8, p = 1).
    public var passwordParameters: PasswordHasher.Parameters
    /// Threads that run the KDF; logins beyond `hashingQueueLimit` waiting are refused.
    public var hashingThreads: Int
    public var hashingQueueLimit: Int
    public var login: LoginThrottle.Configuration

    public init(
        issuer: String = "quad.identity",
        audience: String = "quad",
        accessTokenLifetime: Duration = .seconds(15 * 60),
        passwordParameters: PasswordHasher.Parameters = .owasp,
        hashingThreads: Int = 1,
        hashingQueueLimit: Int = 64,
        login: LoginThrottle.Configuration = .defaults
    ) {
        self.issuer = issuer
        self.audience = audience
        self.accessTokenLifetime = accessTokenLifetime
        self.passwordParameters = passwordParameters
        self.hashingThreads = hashingThreads
        self.hashingQueueLimit = hashingQueueLimit
        self.login = login
    }
}
