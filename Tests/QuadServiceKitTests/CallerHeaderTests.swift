import Foundation
import QuadServiceKit
import Testing

@Suite("Caller: the x-quad-caller header")
struct CallerHeaderTests {
    static let callers = [
        Caller(userID: "01a20961eff57eeab0f5795b1b3e6851", roles: ["customer", "dasher"], campusID: "campus-northfield", dormID: "dorm-maple-hall"),
        Caller(userID: "u", roles: [], campusID: "", dormID: ""),
        Caller(userID: "quote\"back\\slash", roles: ["new\nline", "tab\t", "bell\u{7}", "nul\u{0}"], campusID: "ünïcödé 🧺", dormID: "/"),
    ]

    @Test("it decodes back to the same caller with JSONDecoder, whatever the strings hold", arguments: callers)
    func roundTrips(caller: Caller) throws {
        let decoded = try JSONDecoder().decode(Caller.self, from: Data(caller.headerValue.utf8))
        #expect(decoded == caller)
    }

    @Test("it is what JSONEncoder with sorted keys writes for ordinary values")
    func matchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let caller = Self.callers[0]
        #expect(caller.headerValue == String(decoding: try encoder.encode(caller), as: UTF8.self))
    }
}
