import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Households: create, invite by email, join, leave, hand over, dismiss (H1-H3)")
struct HouseholdTests {
    @Test("the creator is the host; the household has its zone, currency and settings; bad fields are named")
    func create() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.as("hana") { households in
                try await households.createHousehold(
                    .with {
                        $0.name = "  Flat 3B "
                        $0.timeZone = "Europe/Berlin"
                        $0.currency = "EUR"
                    }
                )
            }
            #expect(household.name == "Flat 3B" && household.hostUserID == "hana" && household.myRole == .host)
            #expect(household.timeZone == "Europe/Berlin" && household.currency == "EUR" && household.memberCount == 1)
            #expect(household.simplifyDebts && household.birthdayReminderDays == 3)
            let bad: [(Quad_Households_V1_CreateHouseholdRequest, String)] = [
                (
                    .with {
                        $0.name = " "; $0.timeZone = "Europe/Berlin"
                    }, "name:"
                ),
                (
                    .with {
                        $0.name = String(repeating: "a", count: 101); $0.timeZone = "Europe/Berlin"
                    }, "name:"
                ),
                (
                    .with {
                        $0.name = "Flat\u{7}"; $0.timeZone = "Europe/Berlin"
                    }, "name:"
                ),
                (
                    .with {
                        $0.name = "Flat"; $0.timeZone = "Europe/Berlni"
                    }, "time_zone:"
                ),
                (
                    .with {
                        $0.name = "Flat"; $0.timeZone = ""
                    }, "time_zone:"
                ),
                (
                    .with {
                        $0.name = "Flat"; $0.timeZone = "UTC"; $0.currency = "euro"
                    }, "currency:"
                ),
            ]
            for (request, field) in bad {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await h.as("hana") { try await $0.createHousehold(request) }
                }
                #expect(refused?.code == .invalidArgument, "\(request)")
                #expect(refused?.message.hasPrefix(field) == true, "\(refused?.message ?? "")")
            }
            let mine = try await h.as("hana") { try await $0.listMyHouseholds(.init()) }
            #expect(mine.households.map(\.householdID) == [household.householdID])
        }
    }

    @Test("an invite reads the same whether an account has the email; the invitee sees it, accepts, and all are told")
    func inviteAndAccept() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household()
            let known = try await h.as("hana") { households in
                try await households.inviteMember(
                    .with {
                        $0.householdID = flat; $0.email = " IVO@flat.test"
                    }
                )
            }
            let unknown = try await h.as("hana") { households in
                try await households.inviteMember(
                    .with {
                        $0.householdID = flat; $0.email = "ghost@flat.test"
                    }
                )
            }
            #expect(known.state == .pending && unknown.state == .pending && known.email == "ivo@flat.test")
            #expect(known.expiresAtMicros - known.invitedAtMicros == 7 * 86_400_000_000)
            #expect(Set(known.allKeys()) == Set(unknown.allKeys()))
            let again = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { households in
                    try await households.inviteMember(
                        .with {
                            $0.householdID = flat; $0.email = "ivo@flat.test"
                        }
                    )
                }
            }
            #expect(again?.code == .alreadyExists)
            // The invitee is told on their feed; they see it and accept.
            #expect(try await h.changes(of: "ivo").map(\.kind) == [.invited])
            let invites = try await h.as("ivo") { try await $0.listMyInvites(.init()) }
            #expect(invites.invites.map(\.inviteID) == [known.inviteID])
            let detail = try await h.as("ivo") { try await $0.acceptInvite(.with { $0.inviteID = known.inviteID }) }
            #expect(detail.members.map(\.userID) == ["hana", "ivo"])
            #expect(detail.household.myRole == .member && detail.pendingInvites.map(\.email) == ["ghost@flat.test"])
            #expect(
                try await h.changes(of: "hana").map(\.kind) == [
                    .created, .invited, .invited, .inviteAnswered, .memberJoined,
                ]
            )
            let twice = await #expect(throws: RPCError.self) {
                _ = try await h.as("ivo") { try await $0.acceptInvite(.with { $0.inviteID = known.inviteID }) }
            }
            #expect(twice?.code == .failedPrecondition)
        }
    }

    @Test("an invite to oneself is INVALID_ARGUMENT; a non-host inviting is PERMISSION_DENIED; bad emails are named")
    func inviteRefusals() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let own = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { households in
                    try await households.inviteMember(
                        .with {
                            $0.householdID = flat; $0.email = "Hana@flat.test"
                        }
                    )
                }
            }
            #expect(own?.code == .invalidArgument && own?.message.hasPrefix("email:") == true)
            for email in ["", "not-an-email", "a b@flat.test", "@flat.test"] {
                let bad = await #expect(throws: RPCError.self) {
                    _ = try await h.as("hana") { households in
                        try await households.inviteMember(
                            .with {
                                $0.householdID = flat; $0.email = email
                            }
                        )
                    }
                }
                #expect(bad?.code == .invalidArgument, "\(email)")
            }
            let member = await #expect(throws: RPCError.self) {
                _ = try await h.as("ivo") { households in
                    try await households.inviteMember(
                        .with {
                            $0.householdID = flat; $0.email = "jun@flat.test"
                        }
                    )
                }
            }
            #expect(member?.code == .permissionDenied)
            let already = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { households in
                    try await households.inviteMember(
                        .with {
                            $0.householdID = flat; $0.email = "ivo@flat.test"
                        }
                    )
                }
            }
            #expect(already?.code == .failedPrecondition)
        }
    }

    @Test("invites expire after 7 days: no longer listed, and answering is FAILED_PRECONDITION; a new one may be sent")
    func expiry() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household()
            let invite = try await h.as("hana") { households in
                try await households.inviteMember(
                    .with {
                        $0.householdID = flat; $0.email = "ivo@flat.test"
                    }
                )
            }
            h.clock.advance(by: .seconds(7 * 86_400))
            #expect(try await h.as("ivo") { try await $0.listMyInvites(.init()) }.invites.isEmpty)
            let late = await #expect(throws: RPCError.self) {
                _ = try await h.as("ivo") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            }
            #expect(late?.code == .failedPrecondition && late?.message.contains("expired") == true)
            let detail = try await h.as("hana") { try await $0.getHousehold(.with { $0.householdID = flat }) }
            #expect(detail.pendingInvites.isEmpty && detail.members.count == 1)
            try await h.join("ivo", flat)
        }
    }

    @Test("declining and withdrawing: the invitee does not join; someone else's invite reads as unknown")
    func declineAndWithdraw() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household()
            let toIvo = try await h.as("hana") { households in
                try await households.inviteMember(
                    .with {
                        $0.householdID = flat; $0.email = "ivo@flat.test"
                    }
                )
            }
            let stolen = await #expect(throws: RPCError.self) {
                _ = try await h.as("jun") { try await $0.acceptInvite(.with { $0.inviteID = toIvo.inviteID }) }
            }
            #expect(stolen?.code == .notFound)
            _ = try await h.as("ivo") { try await $0.declineInvite(.with { $0.inviteID = toIvo.inviteID }) }
            let toJun = try await h.as("hana") { households in
                try await households.inviteMember(
                    .with {
                        $0.householdID = flat; $0.email = "jun@flat.test"
                    }
                )
            }
            let withdrawn = try await h.as("hana") {
                try await $0.withdrawInvite(.with { $0.inviteID = toJun.inviteID })
            }
            #expect(withdrawn.state == .withdrawn)
            let gone = await #expect(throws: RPCError.self) {
                _ = try await h.as("jun") { try await $0.acceptInvite(.with { $0.inviteID = toJun.inviteID }) }
            }
            #expect(gone?.code == .failedPrecondition)
            let detail = try await h.as("hana") { try await $0.getHousehold(.with { $0.householdID = flat }) }
            #expect(detail.members.map(\.userID) == ["hana"])
        }
    }

    @Test("the host removes a member, who is told; a member leaves; the host must hand over first")
    func removeLeaveHandOver() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let notHost = await #expect(throws: RPCError.self) {
                _ = try await h.as("ivo") {
                    try await $0.removeMember(
                        .with {
                            $0.householdID = flat; $0.userID = "jun"
                        }
                    )
                }
            }
            #expect(notHost?.code == .permissionDenied)
            _ = try await h.as("hana") {
                try await $0.removeMember(
                    .with {
                        $0.householdID = flat; $0.userID = "jun"
                    }
                )
            }
            #expect(try await h.changes(of: "jun").last?.kind == .memberRemoved)
            let outsider = await #expect(throws: RPCError.self) {
                _ = try await h.as("jun") { try await $0.getHousehold(.with { $0.householdID = flat }) }
            }
            #expect(outsider?.code == .notFound)
            let hostLeaves = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            }
            #expect(hostLeaves?.code == .failedPrecondition && hostLeaves?.message.contains("hand over") == true)
            let handed = try await h.as("hana") {
                try await $0.handOver(
                    .with {
                        $0.householdID = flat; $0.toUserID = "ivo"
                    }
                )
            }
            #expect(handed.hostUserID == "ivo" && handed.myRole == .member)
            _ = try await h.as("hana") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            let detail = try await h.as("ivo") { try await $0.getHousehold(.with { $0.householdID = flat }) }
            #expect(detail.members.map(\.userID) == ["ivo"] && detail.household.hostUserID == "ivo")
            #expect(try await h.changes(of: "ivo").suffix(2).map(\.kind) == [.hostChanged, .memberLeft])
        }
    }

    @Test("dismissing needs the typed name; then members are told and the household is unknown to all")
    func dismiss() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let wrong = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") {
                    try await $0.dismissHousehold(
                        .with {
                            $0.householdID = flat; $0.confirmName = "Flat 3"
                        }
                    )
                }
            }
            #expect(wrong?.code == .invalidArgument && wrong?.message.hasPrefix("confirm_name:") == true)
            let member = await #expect(throws: RPCError.self) {
                _ = try await h.as("ivo") {
                    try await $0.dismissHousehold(
                        .with {
                            $0.householdID = flat; $0.confirmName = "Flat 3B"
                        }
                    )
                }
            }
            #expect(member?.code == .permissionDenied)
            _ = try await h.as("hana") {
                try await $0.dismissHousehold(
                    .with {
                        $0.householdID = flat; $0.confirmName = " flat 3b "
                    }
                )
            }
            #expect(try await h.changes(of: "ivo").last?.kind == .dismissed)
            for user in ["hana", "ivo"] {
                let gone = await #expect(throws: RPCError.self) {
                    _ = try await h.as(user) { try await $0.getHousehold(.with { $0.householdID = flat }) }
                }
                #expect(gone?.code == .notFound)
                #expect(try await h.as(user) { try await $0.listMyHouseholds(.init()) }.households.isEmpty)
            }
        }
    }

    @Test("a stranger gets NOT_FOUND for someone else's household, the answer for an id that exists nowhere")
    func strangers() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            for id in [flat, "no-such-household"] {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await h.as("jun") { try await $0.getHousehold(.with { $0.householdID = id }) }
                }
                #expect(refused?.code == .notFound)
                #expect(
                    refused?.message
                        == "household_id: no household \(id) of yours; ListMyHouseholds lists those you belong to"
                )
            }
        }
    }

    @Test("identity down: inviting is UNAVAILABLE and nothing is stored")
    func identityDown() async throws {
        try await HouseholdsHarness.run(identity: IdentityDouble(fails: true)) { h in
            let flat = try await h.household()
            let down = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { households in
                    try await households.inviteMember(
                        .with {
                            $0.householdID = flat; $0.email = "ivo@flat.test"
                        }
                    )
                }
            }
            #expect(down?.code == .unavailable)
            let detail = try await h.as("hana") { try await $0.getHousehold(.with { $0.householdID = flat }) }
            #expect(detail.pendingInvites.isEmpty)
        }
    }
}

extension Quad_Households_V1_Invite {
    /// The fields set, by name: an invite to an unknown email has exactly those of an invite to a known one.
    func allKeys() -> [String] {
        var keys: [String] = []
        if !inviteID.isEmpty { keys.append("invite_id") }
        if !householdID.isEmpty { keys.append("household_id") }
        if !householdName.isEmpty { keys.append("household_name") }
        if !email.isEmpty { keys.append("email") }
        if !invitedBy.isEmpty { keys.append("invited_by") }
        return keys
    }
}
