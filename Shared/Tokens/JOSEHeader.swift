/// The protected header of an access token.
struct JOSEHeader: Codable, Sendable, Equatable {
    /// The only algorithm access tokens use: Ed25519 (RFC 8037).
    static let algorithm = "EdDSA"
    /// The media type of access tokens (RFC 9068).
    static let type = "at+jwt"

    var alg: String
    var typ: String?
    var kid: String?
    /// Present only in foreign tokens; any value is refused (RFC 7515 section 4.1.11).
    var crit: [String]?
}
