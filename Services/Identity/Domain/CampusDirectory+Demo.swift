extension CampusDirectory {
    /// The campus seeded on first start and by demo resets (G9): Northfield University with four dorms
    /// at different prices. Ids are fixed so seeds, demos and load runs repeat.
    public static let demo = CampusDirectory(campuses: [.northfield])
}

extension Campus {
    /// Northfield University, the demo campus. Its centre and dorms are real-looking places in Northfield,
    /// Minnesota, the dorms 250 to 500 m from the centre, so rides between them and the town have sensible distances.
    /// A database made before the coordinates got them from the `identity.v5.campus-coordinates` migration, which
    /// repeats these numbers.
    public static let northfield = Campus(
        id: "campus-northfield",
        name: "Northfield University",
        emailDomains: ["northfield.edu", "students.northfield.edu"],
        dorms: [
            Dorm(
                id: "dorm-maple-hall",
                name: "Maple Hall",
                washerPrice: .usd(175),
                dryerPrice: .usd(150),
                latitude: 44.4612,
                longitude: -93.1531
            ),
            Dorm(
                id: "dorm-birch-house",
                name: "Birch House",
                washerPrice: .usd(200),
                dryerPrice: .usd(175),
                latitude: 44.4571,
                longitude: -93.1602
            ),
            Dorm(
                id: "dorm-cedar-court",
                name: "Cedar Court",
                washerPrice: .usd(150),
                dryerPrice: .usd(125),
                latitude: 44.4549,
                longitude: -93.1548
            ),
            Dorm(
                id: "dorm-willow-tower",
                name: "Willow Tower",
                washerPrice: .usd(225),
                dryerPrice: .usd(200),
                latitude: 44.4598,
                longitude: -93.1621
            ),
        ],
        latitude: 44.4583,
        longitude: -93.1566
    )
}

extension Money {
    /// US dollars in cents.
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
}
