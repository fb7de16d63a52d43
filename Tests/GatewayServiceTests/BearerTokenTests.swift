@testable import GatewayService
import Testing

@Suite("BearerToken: the token of an authorization header, read on the event loop")
struct BearerTokenTests {
    @Test(
        "the scheme in any case, then one space; the token trimmed of spaces and tabs",
        arguments: [
            ("Bearer abc.def.ghi", "abc.def.ghi"), ("bearer abc", "abc"), ("BEARER abc", "abc"),
            ("bEaReR  abc \t", "abc"),
            ("Bearer ünï", "ünï"),
        ]
    )
    func reads(header: String, token: String) {
        #expect(BearerToken.token(in: header).map(String.init) == token)
    }

    @Test(
        "no token without the Bearer scheme or with nothing after it",
        arguments: [
            "", "Bearer", "Bearer ", "Bearer \t ", "Bearerabc", "Bearer\tabc", "Basic abc", "Bearez abc",
            "Bearer\u{0}abc", "BearerX abc",
        ]
    )
    func refuses(header: String) {
        #expect(BearerToken.token(in: header) == nil)
    }
}
