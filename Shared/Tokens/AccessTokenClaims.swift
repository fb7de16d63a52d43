public import Foundation

/// The claims of a Quad access token (a JWT profiled after RFC 9068).
///
/// Times are whole seconds since 1970 on the wire (`iat`, `exp`), as JWT requires.
public struct AccessTokenClaims: Sendable, Hashable, Codable {
    /// The only `token_use` an access token carries; refresh tokens are opaque and never JWTs.
    public static let accessTokenUse = "access"

    /// `sub`: the user id.
    public var subject: String
    /// `roles`: the user's roles as their wire names (`customer`, `dasher`, ...).
    public var roles: [String]
    /// `campus`: the user's campus id.
    public var campus: String
    /// `dorm`: the user's dorm id.
    public var dorm: String
    /// `iss`: who signed the token.
    public var issuer: String
    /// `aud`: who the token is for.
    public var audience: String
    /// `iat`: when the token was signed.
    public var issuedAt: Date
    /// `exp`: when the token stops being accepted.
    public var expiresAt: Date
    /// `jti`: a unique id for this token.
    public var tokenID: String
    /// `token_use`: always ``accessTokenUse`` for tokens this module signs.
    public var tokenUse: String
    /// `sid`: the session (refresh-token family) the token was issued for, so the gateway can
    /// refuse the tokens of a revoked session before they expire. Absent in tokens signed
    /// before it existed.
    public var sessionID: String?

    /// Creates claims; ``AccessTokenSigner`` is the usual way to get them.
    public init(
        subject: String,
        roles: [String],
        campus: String,
        dorm: String,
        issuer: String,
        audience: String,
        issuedAt: Date,
        expiresAt: Date,
        tokenID: String,
        tokenUse: String = AccessTokenClaims.accessTokenUse,
        sessionID: String? = nil
    ) {
        self.subject = subject
        self.roles = roles
        self.campus = campus
        self.dorm = dorm
        self.issuer = issuer
        self.audience = audience
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.tokenID = tokenID
        self.tokenUse = tokenUse
        self.sessionID = sessionID
    }

    enum CodingKeys: String, CodingKey {
        case subject = "sub"
        case roles
        case campus
        case dorm
        case issuer = "iss"
        case audience = "aud"
        case issuedAt = "iat"
        case expiresAt = "exp"
        case tokenID = "jti"
        case tokenUse = "token_use"
        case sessionID = "sid"
    }

    /// Decodes claims with `iat` and `exp` as NumericDate (seconds since 1970).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(String.self, forKey: .subject)
        roles = try container.decode([String].self, forKey: .roles)
        campus = try container.decode(String.self, forKey: .campus)
        dorm = try container.decode(String.self, forKey: .dorm)
        issuer = try container.decode(String.self, forKey: .issuer)
        audience = try container.decode(String.self, forKey: .audience)
        issuedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .issuedAt))
        expiresAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .expiresAt))
        tokenID = try container.decode(String.self, forKey: .tokenID)
        tokenUse = try container.decode(String.self, forKey: .tokenUse)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
    }

    /// Encodes claims with `iat` and `exp` as whole seconds since 1970.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject, forKey: .subject)
        try container.encode(roles, forKey: .roles)
        try container.encode(campus, forKey: .campus)
        try container.encode(dorm, forKey: .dorm)
        try container.encode(issuer, forKey: .issuer)
        try container.encode(audience, forKey: .audience)
        try container.encode(Int64(issuedAt.timeIntervalSince1970.rounded(.down)), forKey: .issuedAt)
        try container.encode(Int64(expiresAt.timeIntervalSince1970.rounded(.down)), forKey: .expiresAt)
        try container.encode(tokenID, forKey: .tokenID)
        try container.encode(tokenUse, forKey: .tokenUse)
        try container.encodeIfPresent(sessionID, forKey: .sessionID)
    }
}
