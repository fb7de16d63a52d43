import JobsLaundry
import Testing

@Suite("LaundryStage")
struct LaundryStageTests {
    @Test(
        "the ten stages of features L, numbered 0 to 9, with their names",
        arguments: [
            (0, "waiting for a dasher"), (1, "dasher accepted"), (2, "on the way for pickup"), (3, "picked up"),
            (4, "in washer"), (5, "finished washing"), (6, "in dryer"), (7, "finished drying"),
            (8, "on the way for drop-off"), (9, "dropped off"),
        ]
    )
    func names(number: Int, name: String) throws {
        let stage = try LaundryStage(number: number)
        #expect(stage.rawValue == number)
        #expect(stage.displayName == name)
        #expect(stage.description == "\(number) \(name)")
    }

    @Test("each stage's next is the one numbered after it, and none follows drop-off")
    func next() {
        #expect(LaundryStage.allCases.count == 10)
        for stage in LaundryStage.allCases.dropLast() {
            #expect(stage.next?.rawValue == stage.rawValue + 1)
            #expect(stage < stage.next!)
        }
        #expect(LaundryStage.droppedOff.next == nil)
    }

    @Test("a number that names no stage is refused, naming the field", arguments: [-1, 10, 99])
    func unknownNumber(number: Int) {
        let error = refusal(.invalidArgument) { try LaundryStage(number: number, field: "to_stage") }
        #expect(error?.field == "to_stage")
        #expect(
            error?.message == "to_stage must be a stage from 0 (waiting for a dasher) to 9 (dropped off), got \(number)"
        )
    }
}
