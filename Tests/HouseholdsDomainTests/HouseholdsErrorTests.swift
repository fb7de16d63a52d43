import HouseholdsDomain
import Testing

@Suite("Households' refusals")
struct HouseholdsErrorTests {
    @Test("each code is the wire status of its name, so the service maps refusals without a table")
    func codes() {
        #expect(
            HouseholdsError.Code.allCases.map(\.rawValue) == [
                "INVALID_ARGUMENT", "PERMISSION_DENIED", "FAILED_PRECONDITION", "NOT_FOUND", "ALREADY_EXISTS",
            ]
        )
        let error = HouseholdsError(
            code: .invalidArgument,
            message: "shares[1].percent: 0...100",
            field: "shares[1].percent"
        )
        #expect(error.description == "shares[1].percent: 0...100" && error.field == "shares[1].percent")
    }
}
