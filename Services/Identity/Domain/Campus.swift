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
    /// The latitude of the campus's centre, in degrees (WGS 84); 0 with ``longitude`` 0 when not known.
    public var latitude: Double
    /// The longitude of the campus's centre, in degrees (WGS 84).
    public var longitude: Double

    /// Creates a campus; email domains are lowercased.
    public init(
        id: String,
        name: String,
        emailDomains: [String],
        dorms: [Dorm],
        latitude: Double = 0,
        longitude: Double = 0
    ) {
        self.id = id
        self.name = name
        self.emailDomains = emailDomains.map { $0.lowercased() }
        self.dorms = dorms
        self.latitude = latitude
        self.longitude = longitude
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
