import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Freight: organisations, invites by email, members and their roles (F1)")
struct OrganisationTests {
    @Test("the creator is the first dispatcher, told to identity; a blank name is refused")
    func create() async throws {
        try await FreightHarness.run { h in
            let created = try await h.as("dora") { try await $0.createOrganisation(.with { $0.name = " Northwind " }) }
            #expect(created.name == "Northwind")
            #expect(created.myRoles == [.dispatcher])
            let sent = try await h.rolesSent()
            #expect(sent.count == 1)
            #expect(sent.first?.0 == "identity")
            #expect(sent.first?.1.userID == "dora")
            #expect(sent.first?.1.organisationID == created.organisationID)
            #expect(sent.first?.1.role == .dispatcher)
            let blank = await expectRefusal(.invalidArgument) {
                _ = try await h.as("dora") { try await $0.createOrganisation(.with { $0.name = "  " }) }
            }
            #expect(blank?.message.hasPrefix("name:") == true)
            let mine = try await h.as("dora") { try await $0.listMyOrganisations(.init()) }
            #expect(mine.organisations.map(\.organisationID) == [created.organisationID])
        }
    }

    @Test(
        "a person in 50 organisations can create or join no other: FAILED_PRECONDITION, the invite stays pending, the list stays 50"
    )
    func organisationLimit() async throws {
        try await FreightHarness.run { h in
            let limit = 50
            for index in 1...limit {
                _ = try await h.as("dan") {
                    try await $0.createOrganisation(.with { $0.name = "Dan's Haulage \(index)" })
                }
            }
            let full = await expectRefusal(.failedPrecondition) {
                _ = try await h.as("dan") { try await $0.createOrganisation(.with { $0.name = "One more" }) }
            }
            #expect(full?.message.contains("you belong to 50 organisations, the most one person may") == true)

            // An invite to another organisation cannot be accepted either; it stays pending.
            let org = try await h.organisation()
            let invite = try await h.invite("dan", to: org)
            let joining = await expectRefusal(.failedPrecondition) {
                _ = try await h.as("dan") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            }
            #expect(joining?.message.hasPrefix("invite_id: you belong to 50 organisations") == true)
            let pending = try await h.as("dan") { try await $0.listMyInvites(.init()) }
            #expect(pending.invites.map(\.inviteID) == [invite.inviteID])
            let mine = try await h.as("dan") { try await $0.listMyOrganisations(.init()) }
            #expect(mine.organisations.count == limit)
            #expect(!mine.organisations.contains { $0.organisationID == org })
            // Declining needs no room.
            _ = try await h.as("dan") { try await $0.declineInvite(.with { $0.inviteID = invite.inviteID }) }
        }
    }

    @Test("an invite is seen by its email's owner alone; accepted, they are a member with its role, told to identity")
    func inviteAndAccept() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            let invite = try await h.as("dora") { freight in
                try await freight.inviteMember(
                    .with {
                        $0.organisationID = org
                        $0.email = " Dan@Carrier.TEST "
                        $0.role = .driver
                    }
                )
            }
            #expect(invite.email == "dan@carrier.test")
            #expect(invite.state == .pending)
            #expect(invite.organisationName == "Northwind Haulage")
            #expect(try await h.as("eve") { try await $0.listMyInvites(.init()) }.invites.isEmpty)
            // Someone else cannot answer it, and learns nothing of it.
            let stolen = await expectRefusal(.notFound) {
                _ = try await h.as("eve") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            }
            #expect(stolen?.message == "invite_id: no invite \(invite.inviteID) to your email")
            let mine = try await h.as("dan") { try await $0.listMyInvites(.init()) }
            #expect(mine.invites.map(\.inviteID) == [invite.inviteID])
            h.clock.advance(by: .seconds(1))
            let accepted = try await h.as("dan") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            #expect(accepted.organisation.myRoles == [.driver])
            #expect(try await h.rolesSent().last?.1.userID == "dan")
            #expect(try await h.rolesSent().last?.1.role == .driver)
            #expect(try await h.as("dan") { try await $0.listMyInvites(.init()) }.invites.isEmpty)
            // A second accept is refused and changes nothing.
            let again = await expectRefusal(.failedPrecondition) {
                _ = try await h.as("dan") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            }
            #expect(again?.message.contains("accepted already") == true)
            #expect(try await h.rolesSent().count == 2)
            let members = try await h.as("dan") { try await $0.listMembers(.with { $0.organisationID = org }) }
            #expect(members.members.map(\.userID) == ["dora", "dan"])
            #expect(members.members.map(\.roles) == [[.dispatcher], [.driver]])
        }
    }

    @Test("a declined invite makes no member and cannot be accepted after")
    func decline() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            let invite = try await h.as("dora") { freight in
                try await freight.inviteMember(
                    .with {
                        $0.organisationID = org
                        $0.email = "erin@carrier.test"
                        $0.role = .dispatcher
                    }
                )
            }
            _ = try await h.as("erin") { try await $0.declineInvite(.with { $0.inviteID = invite.inviteID }) }
            await expectRefusal(.failedPrecondition) {
                _ = try await h.as("erin") { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
            }
            await expectRefusal(.notFound) {
                _ = try await h.as("erin") { try await $0.listMembers(.with { $0.organisationID = org }) }
            }
            #expect(try await h.as("erin") { try await $0.listMyOrganisations(.init()) }.organisations.isEmpty)
            #expect(try await h.rolesSent().count == 1)
        }
    }

    @Test("invites: only dispatchers send them; strangers are NOT_FOUND; a pending twin, a bad email or role refused")
    func inviteRefusals() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            func invite(_ user: String, _ email: String, _ role: Quad_Freight_V1_MemberRole, in id: String = "")
                async throws
            {
                _ = try await h.as(user) { freight in
                    try await freight.inviteMember(
                        .with {
                            $0.organisationID = id.isEmpty ? org : id
                            $0.email = email
                            $0.role = role
                        }
                    )
                }
            }
            let driver = await expectRefusal(.permissionDenied) { try await invite("dan", "fay@carrier.test", .driver) }
            #expect(driver?.message.contains("only a dispatcher") == true)
            let stranger = await expectRefusal(.notFound) { try await invite("oscar", "fay@carrier.test", .driver) }
            let unknown = await expectRefusal(.notFound) {
                try await invite("oscar", "fay@carrier.test", .driver, in: "no-such-organisation")
            }
            #expect(
                stranger?.message.replacingOccurrences(of: org, with: "<id>")
                    == unknown?.message.replacingOccurrences(of: "no-such-organisation", with: "<id>")
            )
            try await invite("dora", "fay@carrier.test", .driver)
            let twin = await expectRefusal(.alreadyExists) { try await invite("dora", "FAY@carrier.test", .driver) }
            #expect(twin?.message.hasPrefix("email: fay@carrier.test") == true)
            // The same email as a dispatcher is another invite.
            try await invite("dora", "fay@carrier.test", .dispatcher)
            // An email no account has is invited just the same: the inviter learns nothing.
            try await invite("dora", "nobody@elsewhere.test", .driver)
            let email = await expectRefusal(.invalidArgument) { try await invite("dora", "not an email", .driver) }
            #expect(email?.message.hasPrefix("email:") == true)
            let role = await expectRefusal(.invalidArgument) {
                try await invite("dora", "gil@carrier.test", .unspecified)
            }
            #expect(role?.message.hasPrefix("role:") == true)
            let mine = try await h.as("fay") { try await $0.listMyInvites(.init()) }
            #expect(mine.invites.count == 2)
        }
    }

    @Test("only members list members; a person may be both dispatcher and driver")
    func members() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dora", org, as: .driver)
            let members = try await h.as("dora") { try await $0.listMembers(.with { $0.organisationID = org }) }
            #expect(members.members.count == 1)
            #expect(members.members.first?.roles == [.dispatcher, .driver])
            await expectRefusal(.notFound) {
                _ = try await h.as("oscar") { try await $0.listMembers(.with { $0.organisationID = org }) }
            }
            await expectRefusal(.invalidArgument) { _ = try await h.as("oscar") { try await $0.listMembers(.init()) } }
        }
    }
}
