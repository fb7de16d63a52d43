import JobsCore
import Testing

@Suite("JobHistoryCursor")
struct JobHistoryCursorTests {
    @Test(
        "its token reads back as the same cursor, whatever the id holds",
        arguments: ["job_1", "a:b:c", "jöb 🧺", "x"]
    )
    func roundTrip(jobID: String) throws {
        let cursor = JobHistoryCursor(submittedAt: -42, jobID: jobID)
        #expect(try JobHistoryCursor(token: cursor.token) == cursor)
        #expect(cursor.token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test(
        "a token it did not make is INVALID_ARGUMENT naming the field",
        arguments: ["", "zz", "abc", "3132", "3a6a6f62", "31323a"]  // odd length; "12"; ":job"; "12:"
    )
    func malformed(token: String) {
        let refused = #expect(throws: JobsError.self) { try JobHistoryCursor(token: token) }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.field == "page_token")
    }
}
