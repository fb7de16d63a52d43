import Foundation
import IdentityTestSupport
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO
import Testing

@Suite("Identity: the event source the gateway follows (G3)")
struct EventSourceTests {
    typealias Message = Quad_Events_V1_WatchEventsMessage

    /// The first `count` messages of identity's event stream, followed as the gateway does.
    static func watch(
        _ transport: any ClientTransport,
        _ request: Quad_Events_V1_WatchEventsRequest,
        count: Int,
        options: CallOptions = .defaults,
        onStarted: @escaping @Sendable () async throws -> Void = {}
    ) async throws -> [Message] {
        try await Quad_Identity_V1_Identity.Client(transport: transport).watchEvents(request, options: options) {
            stream in
            var messages: [Message] = []
            for try await message in stream {
                messages.append(message)
                if case .started = message.kind { try await onStarted() }
                if messages.count == count { break }
            }
            return messages
        }
    }

    static func events(_ messages: [Message]) -> [Quad_Events_V1_UserEvent] {
        messages.compactMap { if case .event(let event) = $0.kind { event } else { nil } }
    }

    @Test("profile edits and revoked sessions are logged for the user, in order, with their payloads")
    func logsChanges() async throws {
        try await IdentityHarness.run { harness in
            // Given: ada edits her profile and logs out
            let registered = try await harness.register()
            let options = IdentityHarness.bearer(registered.session)
            _ = try await harness.client.updateMyProfile(.with { $0.room = "301" }, options: options)
            _ = try await harness.client.logout(
                .with { $0.refreshToken = registered.session.refreshToken },
                options: options
            )

            // When: the gateway follows identity's events from the beginning
            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let messages = try await Self.watch(gateway, .with { $0.afterSequence = 0 }, count: 3)

            // Then
            #expect(
                messages.first?.started
                    == .with {
                        $0.afterSequence = 0; $0.gap = false
                    }
            )
            let events = Self.events(messages)
            #expect(events.map(\.type) == ["quad.identity.v1.ProfileChanged", "quad.identity.v1.SessionRevoked"])
            #expect(events.allSatisfy { $0.userID == registered.profile.userID })
            #expect(events[0].sequence < events[1].sequence)
            let changed = try Quad_Identity_V1_ProfileChanged(serializedBytes: events[0].payload)
            #expect(changed.profile.room == "301" && changed.profile.firstName == "Ada")
            let revoked = try Quad_Identity_V1_SessionRevoked(serializedBytes: events[1].payload)
            #expect(revoked.sessionID == registered.session.sessionID && !revoked.sessionID.isEmpty)
            #expect(revoked.reason == "logout")

            // And: resuming after the first event gets the second only
            let resumed = try await Self.watch(gateway, .with { $0.afterSequence = events[0].sequence }, count: 2)
            #expect(Self.events(resumed) == [events[1]])
        }
    }

    @Test("a watcher from now gets events logged after it started, as they commit")
    func live() async throws {
        try await IdentityHarness.run { harness in
            let registered = try await harness.register()
            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let messages = try await Self.watch(gateway, .with { $0.fromNow = true }, count: 2) {
                // Sent once `started` arrived: the edit is logged after the watch began
                _ = try await harness.client.updateMyProfile(
                    .with { $0.firstName = "Adele" },
                    options: IdentityHarness.bearer(registered.session)
                )
            }
            let events = Self.events(messages)
            #expect(events.count == 1)
            #expect(
                try Quad_Identity_V1_ProfileChanged(serializedBytes: events[0].payload).profile.firstName == "Adele"
            )
        }
    }

    @Test("what changes nothing logs nothing: an unchanged edit, a second logout, a role already held")
    func noOps() async throws {
        try await IdentityHarness.run { harness in
            let registered = try await harness.register()
            let options = IdentityHarness.bearer(registered.session)
            _ = try await harness.client.updateMyProfile(.with { $0.room = "214B" }, options: options)  // already 214B
            _ = try await harness.client.requestRole(.with { $0.role = .buyer }, options: options)
            _ = try await harness.client.requestRole(.with { $0.role = .buyer }, options: options)
            _ = try await harness.client.logout(
                .with { $0.refreshToken = registered.session.refreshToken },
                options: options
            )
            _ = try await harness.client.logout(
                .with { $0.refreshToken = registered.session.refreshToken },
                options: options
            )
            _ = try await harness.client.updateMyProfile(.with { $0.room = "301" }, options: options)

            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let events = Self.events(try await Self.watch(gateway, .with { $0.afterSequence = 0 }, count: 4))
            #expect(
                events.map(\.type) == [
                    "quad.identity.v1.ProfileChanged", "quad.identity.v1.SessionRevoked",
                    "quad.identity.v1.ProfileChanged",
                ]
            )
            let roles = try Quad_Identity_V1_ProfileChanged(serializedBytes: events[0].payload).profile.roles
            #expect(roles.contains(.buyer))
        }
    }

    @Test("a reused refresh token revokes its session and says why")
    func reuseRevokes() async throws {
        try await IdentityHarness.run { harness in
            let registered = try await harness.register()
            _ = try await harness.client.refresh(.with { $0.refreshToken = registered.session.refreshToken })
            await #expect(throws: RPCError.self) {
                _ = try await harness.client.refresh(.with { $0.refreshToken = registered.session.refreshToken })
            }
            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let events = Self.events(try await Self.watch(gateway, .with { $0.afterSequence = 0 }, count: 2))
            let revoked = try Quad_Identity_V1_SessionRevoked(serializedBytes: events[0].payload)
            #expect(revoked.reason == "refresh_token_reused")
            #expect(revoked.sessionID == registered.session.sessionID)
        }
    }

    @Test("only the gateway and services may follow it: a client certificate or a user's call is PERMISSION_DENIED")
    func refusals() async throws {
        try await IdentityHarness.run { harness in
            let cli = await #expect(throws: RPCError.self) {
                _ = try await Self.watch(harness.transport, .with { $0.fromNow = true }, count: 1)
            }
            #expect(cli?.code == .permissionDenied)
            #expect(cli?.message.contains("Gateway/Subscribe") == true)

            let registered = try await harness.register()
            let caller = Caller(
                userID: registered.profile.userID,
                roles: [],
                campusID: registered.profile.campusID,
                dormID: registered.profile.dormID
            )
            let gateway = try harness.gatewayTransport()
            defer { gateway.close() }
            let onBehalf = await #expect(throws: RPCError.self) {
                _ = try await Self.watch(
                    gateway,
                    .with { $0.fromNow = true },
                    count: 1,
                    options: CallOptions(metadata: [CallerIdentityInterceptor.callerHeader: caller.headerValue])
                )
            }
            #expect(onBehalf?.code == .permissionDenied)
        }
    }
}
