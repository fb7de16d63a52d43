/// A university: who may register (its email domains) and where they live (its dorms).
public struct Campus: Sendable, Hashable, Codable, Identifiable {
    /// The campus id (opaque).
    public var id: String
    /// The campus's name.
    public var name: String
    /// The email domains of its students, lowercase, matched exactly (`students.x.edu` is listed itself).
    public var emailDomains: [String]
    /// Its dorms.
    public var dorms: [Dorm]

    /// Creates a campus; email domains are lowercased.
    public init(id: String, name: String, emailDomains: [String], dorms: [Dorm]) {
        self.id = id
        self.name = name
        self.emailDomains = emailDomains.map { $0.lowercased() }
        self.dorms = dorms
    }

    /// The dorm with this id, if it belongs to this campus.
    public func dorm(id: String) -> Dorm? {
        dorms.first { $0.id == id }
    }

    /// Whether addresses at `domain` belong to this campus (case-insensitive).
    public func acceptsEmailDomain(_ domain: String) -> Bool {
        emailDomains.contains(domain.lowercased())
    }
}
