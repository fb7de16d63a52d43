import QuadLoad
import Testing

/// The errand journey in `--journey` and `--mix` (G8, E1-E6): in the default mix, and what it needs seeded.
@Suite("Errands in quad-load's mixes")
struct JourneyMixErrandsTests {
    @Test("the default --journey is campus: laundry's mix with an errand and a ride for each laundry customer")
    func campusIsTheDefault() throws {
        #expect(JourneyMix.defaultName == "campus")
        let mix = try JourneyMix.parse(JourneyMix.defaultName)
        #expect(
            mix.weights == ["laundry-customer": 1, "laundry-dasher": 1.25, "browsing": 4, "errand": 1, "ride": 1]
        )
        #expect(mix.needsPeople && !mix.needsCarrier)
    }

    @Test("--journey errands is the errand journey alone, played by seeded customers; laundry has no errands")
    func errandsPreset() throws {
        let mix = try JourneyMix.parse("errands")
        #expect(mix.weights == ["errand": 1])
        #expect(mix.needsPeople && !mix.needsCarrier)
        #expect(try JourneyMix.parse("laundry").weights["errand"] == nil)
        #expect(try JourneyMix.parse("errand=2,ping=1").weights == ["errand": 2, "ping": 1])
    }

    @Test("--journey rides is the ride journey alone, played by seeded customers")
    func ridesPreset() throws {
        let mix = try JourneyMix.parse("rides")
        #expect(mix.weights == ["ride": 1])
        #expect(mix.needsPeople && !mix.needsCarrier && !mix.needsHouseholds)
        #expect(try JourneyMix.parse("ride=2,errand=1").weights == ["ride": 2, "errand": 1])
    }
}
