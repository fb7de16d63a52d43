import IdentityTestSupport
import Foundation
import IdentityDomain
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

@Suite("Identity: registration and login (A1, A2)")
struct RegistrationAndLoginTests {
    @Test("registering returns the profile and a working session")
    func register() async throws {
        try await IdentityHarness.run { harness in
            let registered = try await harness.register()
            #expect(registered.profile.email == "ada@northfield.edu")
            #expect(Set(registered.profile.roles) == [.customer, .requester])
            let me = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(registered.session))
            #expect(me.userID == registered.profile.userID)
        }
    }

    @Test("every bad field comes back named in one INVALID_ARGUMENT, and nothing is created")
    func invalidFields() async throws {
        try await IdentityHarness.run { harness in
            var request = IdentityHarness.registration("ada@gmail.com", password: "short")
            request.firstName = "😀😀"
            request.room = ""
            request.clearDateOfBirth()
            let error = await #expect(throws: RPCError.self) { _ = try await harness.client.register(request) }
            #expect(error?.code == .invalidArgument)
            for field in ["email", "password", "first_name", "room", "date_of_birth"] {
                #expect(error?.message.contains(field) == true, "message names \(field)")
            }
            let login = await #expect(throws: RPCError.self) {
                _ = try await harness.client.login(
                    .with {
                        $0.email = "ada@gmail.com"; $0.password = "short"
                    }
                )
            }
            #expect(login?.code == .unauthenticated)
        }
    }

    @Test("an email that is taken is ALREADY_EXISTS, whatever its case")
    func duplicate() async throws {
        try await IdentityHarness.run { harness in
            _ = try await harness.register()
            let error = await #expect(throws: RPCError.self) { _ = try await harness.register("ADA@northfield.edu") }
            #expect(error?.code == .alreadyExists)
        }
    }

    @Test("unknown email and wrong password get the same answer")
    func sameAnswer() async throws {
        try await IdentityHarness.run { harness in
            _ = try await harness.register()
            let wrong = await #expect(throws: RPCError.self) {
                _ = try await harness.client.login(
                    .with {
                        $0.email = "ada@northfield.edu"; $0.password = "wrong password!"
                    }
                )
            }
            let unknown = await #expect(throws: RPCError.self) {
                _ = try await harness.client.login(
                    .with {
                        $0.email = "bob@northfield.edu"; $0.password = "wrong password!"
                    }
                )
            }
            #expect(wrong?.code == .unauthenticated)
            #expect(wrong?.code == unknown?.code)
            #expect(wrong?.message == unknown?.message)
        }
    }

    @Test("five wrong passwords lock the account; the answer says how long; after the cool-down login works")
    func lockout() async throws {
        try await IdentityHarness.run { harness in
            _ = try await harness.register()
            let wrong = Quad_Identity_V1_LoginRequest.with {
                $0.email = "ada@northfield.edu"; $0.password = "wrong password!"
            }
            for _ in 0..<4 {
                let error = await #expect(throws: RPCError.self) { _ = try await harness.client.login(wrong) }
                #expect(error?.code == .unauthenticated)
            }
            let fifth = await #expect(throws: RPCError.self) { _ = try await harness.client.login(wrong) }
            #expect(fifth?.code == .resourceExhausted)
            #expect(fifth?.trailers["retry-after-seconds"] == "900")
            #expect(fifth?.message.contains("15 min") == true)

            // Locked: even the right password is refused, with the time left.
            harness.clock.advance(by: .seconds(600))
            let right = Quad_Identity_V1_LoginRequest.with {
                $0.email = "ada@northfield.edu"; $0.password = "correct horse battery"
            }
            let locked = await #expect(throws: RPCError.self) { _ = try await harness.client.login(right) }
            #expect(locked?.code == .resourceExhausted)
            #expect(locked?.trailers["retry-after-seconds"] == "300")

            harness.clock.advance(by: .seconds(301))
            let session = try await harness.client.login(right).session
            #expect(!session.accessToken.isEmpty)
        }
    }
}

@Suite("Identity: sessions (A2, A3)")
struct SessionTests {
    @Test("refresh rotates the token; reusing a rotated token revokes the whole family")
    func rotationAndReuse() async throws {
        try await IdentityHarness.run { harness in
            let first = try await harness.register().session
            let second = try await harness.client.refresh(.with { $0.refreshToken = first.refreshToken }).session
            #expect(second.refreshToken != first.refreshToken)

            let reuse = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = first.refreshToken })
            }
            #expect(reuse?.code == .unauthenticated)
            #expect(reuse?.message.contains("used already") == true)
            // The legitimate successor died with its family.
            let successor = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = second.refreshToken })
            }
            #expect(successor?.code == .unauthenticated)
        }
    }

    @Test("logout revokes the refresh token; refreshing afterwards is refused")
    func logout() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            _ = try await harness.client.logout(
                .with { $0.refreshToken = session.refreshToken },
                options: IdentityHarness.bearer(session)
            )
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = session.refreshToken })
            }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test("an expired refresh token is refused")
    func expiredRefresh() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            harness.clock.advance(by: .seconds(31 * 24 * 3600))
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = session.refreshToken })
            }
            #expect(error?.code == .unauthenticated)
            #expect(error?.message.contains("expired") == true)
        }
    }

    @Test("a call that needs a caller is UNAUTHENTICATED without a token, with an expired one, or a forged one")
    func accessTokens() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let none = await #expect(throws: RPCError.self) { _ = try await harness.client.getMyProfile(.init()) }
            #expect(none?.code == .unauthenticated)

            var forged = session
            forged.accessToken = String(session.accessToken.dropLast(4)) + "AAAA"
            let bad = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(forged))
            }
            #expect(bad?.code == .unauthenticated)

            harness.clock.advance(by: .seconds(16 * 60))
            let expired = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(session))
            }
            #expect(expired?.code == .unauthenticated)
            #expect(expired?.message.contains("expired") == true)
        }
    }

    @Test("x-quad-caller from a client certificate is PERMISSION_DENIED")
    func callerHeaderFromClient() async throws {
        try await IdentityHarness.run { harness in
            let registered = try await harness.register()
            let header = #"{"user_id":"\#(registered.profile.userID)","roles":[],"campus_id":"","dorm_id":""}"#
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getMyProfile(
                    .init(),
                    options: CallOptions(metadata: ["x-quad-caller": header])
                )
            }
            #expect(error?.code == .permissionDenied)
        }
    }

    @Test("the token verification key verifies the access tokens identity signs")
    func verificationKey() async throws {
        try await IdentityHarness.run { harness in
            let session = try await harness.register().session
            let key = try await harness.client.getTokenVerificationKey(.init())
            #expect(key.algorithm == "EdDSA")
            #expect(key.publicKey.count == 32)
            let header = session.accessToken.split(separator: ".").first.map(String.init) ?? ""
            var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            let json = String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
            #expect(json.contains(key.keyID))
        }
    }
}
