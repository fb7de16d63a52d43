/// Whose call it is, as admission tells clients apart (issue 11: fair between addresses and users).
///
/// Two levels, so that neither can be used to take more than a fair share: waiting calls are
/// granted round-robin across client addresses first, and within one address round-robin across
/// its users. A person behind a campus NAT with a hundred others gets a turn of that address's
/// share like each of them, while the address as a whole gets one turn among addresses. The user
/// is a claim the gateway has already verified (a token it remembers), or empty: calls with no
/// token, or with one not yet verified, share one turn per address, so forging tokens only divides
/// the forger's own share.
public struct AdmissionKey: Hashable, Sendable {
    /// The client's IP address, without the port.
    public var address: String
    /// The verified user, or empty when the call has none yet.
    public var user: String

    public init(address: String, user: String = "") {
        self.address = address
        self.user = user
    }
}
