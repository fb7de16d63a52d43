import JobsRides
import QuadTestSupport
import Testing

@Suite("PromptDeck: conversation prompts for a ride (R5)")
struct PromptDeckTests {
    static let deck = PromptDeck(
        catalogue: (0..<6).map { RidePrompt(id: "travel_\($0)", category: "TRAVEL", text: "Travel \($0)?") }
            + (0..<4).map { RidePrompt(id: "food_\($0)", category: "FOOD", text: "Food \($0)?") }
            + (0..<3).map { RidePrompt(id: "deep_\($0)", category: "DEEP", text: "Deep \($0)?") }
    )

    @Test("draws only categories every member allows, never twice, in a repeatable order for a seed")
    func draws() throws {
        var random = SeededGenerator(seed: 7)
        let drawn = try Self.deck.draw(4, categories: ["TRAVEL", "FOOD"], shown: [], using: &random)
        #expect(drawn.count == 4)
        #expect(Set(drawn.map(\.id)).count == 4)
        #expect(drawn.allSatisfy { $0.category != "DEEP" })

        var again = SeededGenerator(seed: 7)
        #expect(try Self.deck.draw(4, categories: ["TRAVEL", "FOOD"], shown: [], using: &again) == drawn)
    }

    @Test("prompts shown to the group are excluded; the deck runs out and then gives none")
    func exhaustion() throws {
        var random = SeededGenerator(seed: 1)
        var shown: Set<String> = []
        var counts: [Int] = []
        for _ in 0..<4 {
            let drawn = try Self.deck.draw(3, categories: ["FOOD", "DEEP"], shown: shown, using: &random)
            #expect(shown.isDisjoint(with: drawn.map(\.id)))
            shown.formUnion(drawn.map(\.id))
            counts.append(drawn.count)
        }
        #expect(counts == [3, 3, 1, 0])
        #expect(shown.count == 7)
        #expect(Self.deck.eligible(categories: ["FOOD", "DEEP"], shown: shown).isEmpty)
    }

    @Test("no category in common draws nothing")
    func noCommonCategory() throws {
        var random = SeededGenerator(seed: 1)
        #expect(try Self.deck.draw(3, categories: [], shown: [], using: &random).isEmpty)
    }

    @Test("every eligible prompt is drawn about as often as the others")
    func uniform() throws {
        var random = SeededGenerator(seed: 42)
        var counts: [String: Int] = [:]
        for _ in 0..<3_000 {
            for prompt in try Self.deck.draw(2, categories: ["TRAVEL"], shown: ["travel_0"], using: &random) {
                counts[prompt.id, default: 0] += 1
            }
        }
        // 6,000 draws over 5 prompts: 1,200 each, give or take
        #expect(counts.count == 5)
        #expect(counts.values.allSatisfy { (1_080...1_320).contains($0) }, "\(counts)")
    }

    @Test("a count outside 1...10 is INVALID_ARGUMENT naming count", arguments: [0, -1, 11])
    func count(count: Int) {
        var random = SeededGenerator(seed: 1)
        let error = refusal(.invalidArgument) {
            try Self.deck.draw(count, categories: ["FOOD"], shown: [], using: &random)
        }
        #expect(error?.field == "count")
    }

    @Test("a group's key does not depend on the order its members came in")
    func groupKey() {
        #expect(RidePromptGroup(members: ["b", "a", "c"]).key == "a,b,c")
        #expect(RidePromptGroup(members: ["c", "a", "b"]) == RidePromptGroup(members: ["a", "b", "c"]))
    }
}
