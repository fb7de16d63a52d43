import IdentityTestSupport
import Foundation
import GRDB
import IdentityDomain
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

@Suite("Identity: profiles, deletion, directory, quiz and roles (A3–A7)")
struct ProfileAndRoleTests {
    @Test("editing the profile changes only the fields sent; bad fields are named")
    func update() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let updated = try await harness.client.updateMyProfile(
                .with { $0.room = "301" },
                options: IdentityHarness.bearer(session)
            )
            #expect(updated.room == "301")
            #expect(updated.firstName == "Ada")
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.updateMyProfile(
                    .with {
                        $0.firstName = "\u{7}Bob"; $0.dormID = "nowhere"
                    },
                    options: IdentityHarness.bearer(session)
                )
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("first_name") == true)
            #expect(error?.message.contains("dorm_id") == true)
            let after = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            #expect(after.firstName == "Ada")
        }
    }

    @Test("one user cannot read or change another's private profile")
    func isolation() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register("ada@northfield.edu")
            let bob = try await harness.register("bob@northfield.edu")
            _ = try await harness.client.updateMyProfile(
                .with { $0.room = "999" },
                options: IdentityHarness.bearer(bob.session)
            )
            let adaAfter = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada.session))
            #expect(adaAfter.room == "214B")
            let bobSees = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(bob.session))
            #expect(bobSees.userID == bob.profile.userID)
        }
    }

    @Test("Logout with another account's refresh token answers as for an unknown one and logs nobody out")
    func logoutForeignToken() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register("ada@northfield.edu")
            let bob = try await harness.register("bob@northfield.edu")

            // When Bob presents Ada's refresh token, and then one that exists nowhere
            let foreign = await Self.outcome {
                _ = try await harness.client.logout(
                    .with { $0.refreshToken = ada.session.refreshToken },
                    options: IdentityHarness.bearer(bob.session)
                )
            }
            let unknown = await Self.outcome {
                _ = try await harness.client.logout(
                    .with { $0.refreshToken = "no-such-refresh-token" },
                    options: IdentityHarness.bearer(bob.session)
                )
            }

            // Then both get the same answer, and Ada is still signed in
            #expect(foreign == unknown)
            #expect(foreign == "OK")
            _ = try await harness.client.refresh(.with { $0.refreshToken = ada.session.refreshToken })
        }
    }

    /// "OK", or the status code and message of the error: what a caller can tell apart.
    static func outcome(_ call: () async throws -> Void) async -> String {
        do {
            try await call()
            return "OK"
        } catch let error as RPCError {
            return "\(error.code): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test("a public profile never contains last name, email, phone or room")
    func publicProfile() async throws {
        try await IdentityHarness.run { harness in
            var request = IdentityHarness.registration()
            request.phone = "+14155550100"
            let ada = try await harness.client.register(request)
            let bob = try await harness.register("bob@northfield.edu")
            let seen = try await harness.client.getPublicProfile(
                .with { $0.userID = ada.profile.userID },
                options: IdentityHarness.bearer(bob.session)
            )
            #expect(seen.firstName == "Ada")
            #expect(seen.lastInitial == "K.")
            let bytes = String(decoding: try seen.serializedData(), as: UTF8.self) + (try seen.jsonString())
            for secret in ["Kowalski", "ada@northfield.edu", "+14155550100", "214B"] {
                #expect(!bytes.contains(secret), "public profile leaks \(secret)")
            }
            let missing = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getPublicProfile(
                    .with { $0.userID = "nobody" },
                    options: IdentityHarness.bearer(bob.session)
                )
            }
            #expect(missing?.code == .notFound)
        }
    }

    @Test("deleting needs the password; afterwards the account is gone and account.deleted is in the outbox")
    func deletion() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let wrong = await #expect(throws: RPCError.self) {
                _ = try await harness.client.deleteAccount(
                    .with { $0.password = "not my password" },
                    options: IdentityHarness.bearer(ada.session)
                )
            }
            #expect(wrong?.code == .permissionDenied)

            _ = try await harness.client.deleteAccount(
                .with { $0.password = "correct horse battery" },
                options: IdentityHarness.bearer(ada.session)
            )
            let gone = await #expect(throws: RPCError.self) {
                _ = try await harness.client.login(
                    .with {
                        $0.email = "ada@northfield.edu"; $0.password = "correct horse battery"
                    }
                )
            }
            #expect(gone?.code == .unauthenticated)
            let events = try await harness.database.read { db in
                try Row.fetchAll(db, sql: "SELECT destination, topic FROM quad_outbox ORDER BY id").map {
                    [$0["destination"] as String, $0["topic"] as String]
                }
            }
            // One for each context that declares it receives account.deleted (identity.proto), as typed by protoc-gen-quad
            #expect(
                events == [
                    ["jobs", "account.deleted"], ["matching", "account.deleted"], ["payments", "account.deleted"],
                    ["fleet-documents", "account.deleted"], ["households", "account.deleted"],
                ]
            )
        }
    }

    @Test("the campus directory lists the demo campus with dorm prices, without signing in")
    func directory() async throws {
        try await IdentityHarness.run { harness in
            let campuses = try await harness.client.listCampuses(.init()).campuses
            #expect(campuses.count == 1)
            #expect(campuses[0].emailDomains.contains("northfield.edu"))
            #expect(campuses[0].dorms.allSatisfy { $0.washerPrice.minorUnits > 0 && $0.dryerPrice.currency == "USD" })
        }
    }

    @Test("the dasher quiz: a fail waits 24 hours (time left in the answer); a pass grants the dasher role")
    func quiz() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let options = IdentityHarness.bearer(session)
            let quiz = try await harness.client.getDasherQuiz(.init(), options: options)
            #expect(quiz.questions.count >= 10)
            #expect(quiz.passRatio == 0.8)

            // A valid but wrong choice for every question.
            let wrongAnswers = DasherQuiz.standard.questions.map { question in
                Quad_Identity_V1_QuizAnswer.with {
                    $0.questionID = question.id
                    $0.choiceIndex = UInt32((question.correctChoice + 1) % question.choices.count)
                }
            }
            let wrong = try await harness.client.submitDasherQuiz(.with { $0.answers = wrongAnswers }, options: options)
            #expect(!wrong.passed)
            #expect(wrong.retryAllowedAtMicros > 0)

            harness.clock.advance(by: .seconds(3600))
            let later = try await harness.login()
            let early = await #expect(throws: RPCError.self) {
                _ = try await harness.client.submitDasherQuiz(.init(), options: later)
            }
            #expect(early?.code == .failedPrecondition)
            #expect(early?.message.contains("23 h") == true)

            harness.clock.advance(by: .seconds(23 * 3600))
            let nextDay = try await harness.login()
            let answers = DasherQuiz.standard.questions.map { question in
                Quad_Identity_V1_QuizAnswer.with {
                    $0.questionID = question.id; $0.choiceIndex = UInt32(question.correctChoice)
                }
            }
            let pass = try await harness.client.submitDasherQuiz(.with { $0.answers = answers }, options: nextDay)
            #expect(pass.passed)
            #expect(pass.roles.contains(.dasher))

            let again = await #expect(throws: RPCError.self) {
                _ = try await harness.client.submitDasherQuiz(.with { $0.answers = answers }, options: nextDay)
            }
            #expect(again?.code == .alreadyExists)
        }
    }

    @Test("buyer can be requested; dasher cannot")
    func roles() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let granted = try await harness.client.requestRole(
                .with { $0.role = .buyer },
                options: IdentityHarness.bearer(session)
            )
            #expect(granted.roles.contains(.buyer))
            let refused = await #expect(throws: RPCError.self) {
                _ = try await harness.client.requestRole(
                    .with { $0.role = .dasher },
                    options: IdentityHarness.bearer(session)
                )
            }
            #expect(refused?.code == .invalidArgument)
        }
    }
}
