import Foundation
import QuadServiceKit
import QuadTestSupport
import Testing

@Suite("Caller: the x-quad-caller header")
struct CallerHeaderTests {
    static let callers = [
        Caller(
            userID: "01a20961eff57eeab0f5795b1b3e6851",
            roles: ["customer", "dasher"],
            campusID: "campus-northfield",
            dormID: "dorm-maple-hall"
        ),
        Caller(userID: "u", roles: [], campusID: "", dormID: ""),
        Caller(
            userID: "quote\"back\\slash",
            roles: ["new\nline", "tab\t", "bell\u{7}", "nul\u{0}"],
            campusID: "ünïcödé 🧺",
            dormID: "/"
        ),
    ]

    static let withSession = Caller(userID: "u1", roles: ["customer"], campusID: "c", dormID: "d", sessionID: "s\"1")

    @Test("it reads back as the same caller, whatever the strings hold", arguments: callers + [withSession])
    func roundTrips(caller: Caller) throws {
        #expect(Caller(headerValue: caller.headerValue) == caller)
        #expect(try JSONDecoder().decode(Caller.self, from: Data(caller.headerValue.utf8)) == caller)
    }

    @Test("it reads what JSONEncoder writes: escaped slashes, \\u escapes, surrogate pairs, any key order")
    func readsJSONEncoder() throws {
        let encoder = JSONEncoder()
        for caller in Self.callers + [
            Self.withSession, Caller(userID: "a/b", roles: ["x"], campusID: "\u{1F9FA}", dormID: "\u{7F}"),
        ] {
            let json = String(decoding: try encoder.encode(caller), as: UTF8.self)
            #expect(Caller(headerValue: json) == caller, "\(json)")
        }
        let spaced =
            #" { "roles" : [ "a" , "b" ] , "user_id" : "\ud83e\uddfa\u00e9\/" , "dorm_id":"d","campus_id":"c", "session_id": null, "future": ["x"] } "#
        #expect(Caller(headerValue: spaced) == Caller(userID: "🧺é/", roles: ["a", "b"], campusID: "c", dormID: "d"))
    }

    @Test(
        "anything but the caller's JSON object is no caller",
        arguments: [
            "", "{}", "null", "[]", #"{"user_id":"u","roles":[],"campus_id":"c"}"#,
            #"{"user_id":"u","roles":[],"campus_id":"c","dorm_id":"d""#,
            #"{"user_id":"u","roles":[],"campus_id":"c","dorm_id":"d"} x"#,
            #"{"user_id":"u","user_id":"v","roles":[],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":7,"roles":[],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"u","roles":"customer","campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"u","roles":[1],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"u","roles":[],"campus_id":"c","dorm_id":"d","session_id":[]}"#,
            #"{"user_id":"\x","roles":[],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"\ud83e","roles":[],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"\udc00","roles":[],"campus_id":"c","dorm_id":"d"}"#,
            #"{"user_id":"\u12","roles":[],"campus_id":"c","dorm_id":"d"}"#,
            "{\"user_id\":\"a\tb\",\"roles\":[],\"campus_id\":\"c\",\"dorm_id\":\"d\"}",
            #"{"user_id":"u","roles":[],"campus_id":"c","dorm_id":"d","extra":{}}"#,
            #"{"user_id":"u","roles":[],"campus_id":"c","dorm_id":"d",}"#,
        ]
    )
    func refuses(header: String) {
        #expect(Caller(headerValue: header) == nil)
    }

    @Test("random strings round-trip (seeded)")
    func randomStrings() {
        var generator = SeededGenerator(seed: 12)
        let alphabet: [Unicode.Scalar] = [
            "a", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "é", "🧺", "\n", " ", "\u{FFFF}",
        ]
        func text() -> String {
            var value = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                value.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            return value
        }
        for _ in 0..<500 {
            let caller = Caller(
                userID: text(),
                roles: (0..<Int.random(in: 0...3, using: &generator)).map { _ in text() },
                campusID: text(),
                dormID: text(),
                sessionID: Bool.random(using: &generator) ? text() : nil
            )
            #expect(Caller(headerValue: caller.headerValue) == caller)
        }
    }

    @Test("it is what JSONEncoder with sorted keys writes for ordinary values")
    func matchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let caller = Self.callers[0]
        #expect(caller.headerValue == String(decoding: try encoder.encode(caller), as: UTF8.self))
    }
}
