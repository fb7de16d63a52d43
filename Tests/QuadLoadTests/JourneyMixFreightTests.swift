import QuadLoad
import Testing

/// The freight journeys in `--journey` and `--mix` (G8): what they need seeded.
@Suite("Freight in quad-load's mixes")
struct JourneyMixFreightTests {
    @Test("--journey freight is freight-load alone, which needs a carrier and no customers or dashers")
    func freightPreset() throws {
        let mix = try JourneyMix.parse("freight")
        #expect(mix.weights == ["freight-load": 1])
        #expect(mix.needsCarrier && !mix.needsPeople)
    }

    @Test("a mix of laundry and freight seeds both; laundry alone no carrier")
    func mixedProducts() throws {
        let mixed = try JourneyMix.parse("browsing=4,freight-load=1")
        #expect(mixed.needsCarrier && mixed.needsPeople)
        #expect(!(try JourneyMix.parse("laundry")).needsCarrier)
    }
}
