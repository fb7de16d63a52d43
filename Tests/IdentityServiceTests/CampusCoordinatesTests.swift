import GRDB
import IdentityDomain
@testable import IdentityService
import IdentityTestSupport
import QuadContracts
import Testing

@Suite("Identity: where the campus and its dorms are (ListCampuses; identity.v5.campus-coordinates)")
struct CampusCoordinatesTests {
    @Test("ListCampuses gives the campus's centre and each dorm's place, as the demo directory has them")
    func listed() async throws {
        try await IdentityHarness.run { harness in
            let campuses = try await harness.client.listCampuses(.init()).campuses
            let campus = try #require(campuses.first)
            #expect(campus.latitude == Campus.northfield.latitude)
            #expect(campus.longitude == Campus.northfield.longitude)
            #expect(campus.dorms.map(\.dormID) == Campus.northfield.dorms.map(\.id))
            #expect(campus.dorms.map(\.latitude) == Campus.northfield.dorms.map(\.latitude))
            #expect(campus.dorms.map(\.longitude) == Campus.northfield.dorms.map(\.longitude))
            #expect(campus.dorms.allSatisfy { $0.latitude != 0 && $0.longitude != 0 })
        }
    }

    @Test("a directory seeded before the coordinates gets the demo's on migrating; another campus stays at 0, 0")
    func migrated() throws {
        // Given: a database at identity.v4 with the demo campus as that release seeded it, and a campus of its own
        let queue = try DatabaseQueue()
        try IdentityMigrations.migrator.migrate(queue, upTo: "identity.v4.prompt-preferences")
        try queue.write { db in
            for campus in CampusDirectory.demo.campuses + [Self.elsewhere] {
                try db.execute(
                    sql: "INSERT INTO campus (id, name, email_domains) VALUES (?, ?, ?)",
                    arguments: [campus.id, campus.name, campus.emailDomains.joined(separator: ",")]
                )
                for (position, dorm) in campus.dorms.enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO dorm (id, campus_id, name, washer_minor, dryer_minor, currency, position)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            dorm.id, campus.id, dorm.name, dorm.washerPrice.minorUnits, dorm.dryerPrice.minorUnits,
                            dorm.washerPrice.currency, position,
                        ]
                    )
                }
            }
        }

        // When: it is migrated
        try IdentityMigrations.migrator.migrate(queue)

        // Then: the demo campus reads back as the demo directory has it, coordinates included
        let directory = try queue.read { try IdentityStore.directory($0) }
        #expect(directory.campus(id: Campus.northfield.id) == Campus.northfield)
        #expect(directory.campus(id: Self.elsewhere.id) == Self.elsewhere)
    }

    /// A campus an operator added, with no coordinates known.
    static let elsewhere = Campus(
        id: "campus-elsewhere",
        name: "Elsewhere College",
        emailDomains: ["elsewhere.edu"],
        dorms: [
            Dorm(
                id: "dorm-elsewhere",
                name: "Elm",
                washerPrice: Money(minorUnits: 100, currency: "USD"),
                dryerPrice: Money(minorUnits: 100, currency: "USD")
            )
        ]
    )
}
