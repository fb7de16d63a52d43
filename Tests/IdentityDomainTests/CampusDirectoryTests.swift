import IdentityDomain
import Testing

@Suite("CampusDirectory")
struct CampusDirectoryTests {
    @Test("the demo campus has two email domains and dorms with their own prices in cents")
    func demo() throws {
        let campus = try #require(CampusDirectory.demo.campus(id: "campus-northfield"))
        #expect(campus.name == "Northfield University")
        #expect(campus.emailDomains == ["northfield.edu", "students.northfield.edu"])
        #expect((3...4).contains(campus.dorms.count))
        let maple = try #require(campus.dorm(id: "dorm-maple-hall"))
        #expect(maple.washerPrice == Money(minorUnits: 175, currency: "USD"))
        #expect(maple.dryerPrice == Money(minorUnits: 150, currency: "USD"))
        #expect(Set(campus.dorms.map(\.washerPrice)).count == campus.dorms.count)
    }

    @Test("finds a campus by email domain, case-insensitively, and only exact domains")
    func byDomain() {
        #expect(CampusDirectory.demo.campus(forEmailDomain: "Students.Northfield.EDU")?.id == "campus-northfield")
        #expect(CampusDirectory.demo.campus(forEmailDomain: "alumni.northfield.edu") == nil)
    }

    @Test("a dorm belongs to its campus only")
    func dormOfCampus() {
        #expect(Campus.northfield.dorm(id: "dorm-maple-hall") != nil)
        #expect(Campus.northfield.dorm(id: "dorm-elsewhere") == nil)
    }
}
