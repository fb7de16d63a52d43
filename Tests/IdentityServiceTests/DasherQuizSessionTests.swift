import Foundation
import IdentityDomain
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

/// Issue 11 item 18: passing the quiz answers with a session whose token already carries the
/// dasher role, instead of an error later telling the app to refresh.
@Suite("Identity: the dasher quiz renews the session (A6)")
struct DasherQuizSessionTests {
    static let rightAnswers = DasherQuiz.standard.questions.map { question in
        Quad_Identity_V1_QuizAnswer.with {
            $0.questionID = question.id; $0.choiceIndex = UInt32(question.correctChoice)
        }
    }

    @Test("a pass returns the caller's session renewed, with the dasher role in its access token")
    func passRenewsSession() async throws {
        try await IdentityHarness.run { harness in
            // Given a signed-in customer
            let before = try await harness.register().session
            #expect(try !Self.roles(in: before.accessToken).contains("dasher"))

            // When they pass the quiz
            let pass = try await harness.client.submitDasherQuiz(
                .with { $0.answers = Self.rightAnswers },
                options: IdentityHarness.bearer(before)
            )

            // Then the answer carries the same session, renewed, whose token says dasher
            #expect(pass.passed)
            #expect(pass.hasSession)
            #expect(pass.session.sessionID == before.sessionID)
            #expect(try Self.roles(in: pass.session.accessToken).contains("dasher"))
            #expect(pass.session.refreshToken != before.refreshToken)
            #expect(pass.session.accessTokenExpiresAtMicros > 0 && pass.session.refreshTokenExpiresAtMicros > 0)
            let me = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(pass.session))
            #expect(me.roles.contains(.dasher))

            // And the new refresh token works, while the one it replaced counts as reused
            let refreshed = try await harness.client.refresh(.with { $0.refreshToken = pass.session.refreshToken })
            #expect(refreshed.session.sessionID == before.sessionID)
            #expect(try Self.roles(in: refreshed.session.accessToken).contains("dasher"))
        }
    }

    @Test("the refresh token held before the pass is rotated: presenting it again ends the session, as any reuse does")
    func oldRefreshTokenRotated() async throws {
        try await IdentityHarness.run { harness in
            let before = try await harness.register().session
            let pass = try await harness.client.submitDasherQuiz(
                .with { $0.answers = Self.rightAnswers },
                options: IdentityHarness.bearer(before)
            )
            let reused = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = before.refreshToken })
            }
            #expect(reused?.code == .unauthenticated)
            let afterReuse = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = pass.session.refreshToken })
            }
            #expect(afterReuse?.code == .unauthenticated)
        }
    }

    @Test("a fail returns no session")
    func failHasNoSession() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let wrong = DasherQuiz.standard.questions.map { question in
                Quad_Identity_V1_QuizAnswer.with {
                    $0.questionID = question.id
                    $0.choiceIndex = UInt32((question.correctChoice + 1) % question.choices.count)
                }
            }
            let failed = try await harness.client.submitDasherQuiz(
                .with { $0.answers = wrong },
                options: IdentityHarness.bearer(session)
            )
            #expect(!failed.passed)
            #expect(!failed.hasSession)
        }
    }

    /// The `roles` claim of an access token, read without verifying (the test trusts identity).
    static func roles(in token: String) throws -> [String] {
        var payload = String(token.split(separator: ".")[1])
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while payload.count % 4 != 0 { payload += "=" }
        let object =
            try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: payload))) as? [String: Any]
        return try #require(object?["roles"] as? [String])
    }
}
