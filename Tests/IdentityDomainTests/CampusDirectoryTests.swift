import Foundation
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

    @Test("the demo campus and each dorm have coordinates, the dorms 250 to 500 m from the centre and apart")
    func coordinates() {
        let campus = Campus.northfield
        #expect((-90...90).contains(campus.latitude) && (-180...180).contains(campus.longitude))
        #expect(campus.latitude != 0 && campus.longitude != 0)
        for dorm in campus.dorms {
            let meters = Self.meters(campus.latitude, campus.longitude, dorm.latitude, dorm.longitude)
            #expect((250...500).contains(meters), "\(dorm.name) is \(Int(meters)) m from the centre")
        }
        let places = Set(campus.dorms.map { "\($0.latitude),\($0.longitude)" })
        #expect(places.count == campus.dorms.count, "every dorm is somewhere else")
    }

    /// The great-circle distance in metres (haversine, mean Earth radius): IdentityDomain keeps coordinates and does
    /// not measure them, so the test does.
    static func meters(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_008.8 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
