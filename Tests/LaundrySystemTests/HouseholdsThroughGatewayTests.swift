import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// The households seed's acceptance tests (../shared/seeds/households-smartmate.txt, "Use Cases") through the
/// gateway as the app calls them, each flatmate from their own phone (another loopback address), with the real
/// identity, payments and fleet-documents. The account use cases (sign up, log in, profile, log out, delete) are
/// identity's and have their own tests through the gateway.
@Suite(
    "Households through the gateway: the seed's acceptance tests (H1-H13)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct HouseholdsThroughGatewayTests {
    @Test(
        "roommate groups: create, invite by email, accept and decline, remove and leave with the others told, dismiss cancelled then confirmed",
        .timeLimit(.minutes(4))
    )
    func roommateGroups() async throws {
        try await LaundrySystem.run { system in
            let hana = try await Flatmate.join("Hana", "127.0.0.2", in: system)
            let ivo = try await Flatmate.join("Ivo", "127.0.0.3", in: system)
            let jun = try await Flatmate.join("Jun", "127.0.0.4", in: system)
            let kai = try await Flatmate.join("Kai", "127.0.0.5", in: system)
            defer { [hana, ivo, jun, kai].forEach { $0.client.close() } }

            // Create roommate group: the creator is its host, and it is on their home.
            let flat = try await hana.households.createHousehold(
                .with {
                    $0.name = "Flat 3B"
                    $0.timeZone = "America/Chicago"
                },
                options: hana.options
            )
            #expect(flat.hostUserID == hana.userID && flat.myRole == .host)
            let id = flat.householdID

            try await ivo.gateway.subscribe(.init(), options: ivo.streaming) { ivoStream in
                try await hana.gateway.subscribe(.init(), options: hana.streaming) { hanaStream in
                    var ivoFeed = ivoStream.makeAsyncIterator()
                    var hanaFeed = hanaStream.makeAsyncIterator()
                    #expect(try await ivoFeed.next()?.subscribed != nil)
                    #expect(try await hanaFeed.next()?.subscribed != nil)

                    // Invite roommates: by email; the invitee is told on their phone and sees it.
                    for invitee in [ivo, jun, kai] {
                        _ = try await hana.households.inviteMember(
                            .with {
                                $0.householdID = id
                                $0.email = invitee.email.uppercased()
                            },
                            options: hana.options
                        )
                    }
                    let invited = try await Flatmate.next(&ivoFeed, Quad_Households_V1_HouseholdChanged.self) {
                        $0.kind == .invited
                    }
                    #expect(invited?.invite.householdName == "Flat 3B")
                    let waiting = try await ivo.households.listMyInvites(.init(), options: ivo.options).invites
                    #expect(waiting.map(\.householdID) == [id])
                    let home = try await ivo.gateway.getHouseholdHome(.init(), options: ivo.options)
                    #expect(home.householdID.isEmpty && home.myInvites.invites.map(\.householdID) == [id])

                    // Accept invites: Ivo and Kai accept and the group is on their home; Jun declines and the
                    // message is gone.
                    let joined = try await ivo.households.acceptInvite(
                        .with { $0.inviteID = waiting[0].inviteID },
                        options: ivo.options
                    )
                    #expect(joined.members.map(\.userID) == [hana.userID, ivo.userID])
                    let kaiInvite = try await kai.households.listMyInvites(.init(), options: kai.options).invites[0]
                    _ = try await kai.households.acceptInvite(
                        .with { $0.inviteID = kaiInvite.inviteID },
                        options: kai.options
                    )
                    let junInvite = try await jun.households.listMyInvites(.init(), options: jun.options).invites[0]
                    _ = try await jun.households.declineInvite(
                        .with { $0.inviteID = junInvite.inviteID },
                        options: jun.options
                    )
                    #expect(try await jun.households.listMyInvites(.init(), options: jun.options).invites.isEmpty)
                    let ivoHome = try await ivo.gateway.getHouseholdHome(.init(), options: ivo.options)
                    #expect(ivoHome.householdID == id && ivoHome.household.status.code == 0)
                    #expect(ivoHome.household.detail.members.map(\.userID) == [hana.userID, ivo.userID, kai.userID])
                    let joinedEvent = try await Flatmate.next(&hanaFeed, Quad_Households_V1_HouseholdChanged.self) {
                        $0.kind == .memberJoined && $0.userID == ivo.userID
                    }
                    #expect(joinedEvent != nil)

                    // Remove members: the host removes Kai, who is told and no longer sees the group.
                    try await kai.gateway.subscribe(.init(), options: kai.streaming) { kaiStream in
                        var kaiFeed = kaiStream.makeAsyncIterator()
                        #expect(try await kaiFeed.next()?.subscribed != nil)
                        _ = try await hana.households.removeMember(
                            .with {
                                $0.householdID = id
                                $0.userID = kai.userID
                            },
                            options: hana.options
                        )
                        let told = try await Flatmate.next(&kaiFeed, Quad_Households_V1_HouseholdChanged.self) {
                            $0.kind == .memberRemoved
                        }
                        #expect(told?.userID == kai.userID)
                    }
                    let removed = await #expect(throws: RPCError.self) {
                        _ = try await kai.households.getHousehold(.with { $0.householdID = id }, options: kai.options)
                    }
                    #expect(removed?.code == .notFound)

                    // Leave: Ivo leaves, and the host is told.
                    _ = try await ivo.households.leaveHousehold(.with { $0.householdID = id }, options: ivo.options)
                    let left = try await Flatmate.next(&hanaFeed, Quad_Households_V1_HouseholdChanged.self) {
                        $0.kind == .memberLeft
                    }
                    #expect(left?.userID == ivo.userID)
                }
            }
            // Dismiss: cancelled (a name not typed right) changes nothing; confirmed, no one has access.
            let again = try await hana.households.inviteMember(
                .with {
                    $0.householdID = id
                    $0.email = jun.email
                },
                options: hana.options
            )
            _ = try await jun.households.acceptInvite(.with { $0.inviteID = again.inviteID }, options: jun.options)
            let cancelled = await #expect(throws: RPCError.self) {
                _ = try await hana.households.dismissHousehold(
                    .with {
                        $0.householdID = id
                        $0.confirmName = ""
                    },
                    options: hana.options
                )
            }
            #expect(cancelled?.code == .invalidArgument)
            let still = try await jun.households.getHousehold(.with { $0.householdID = id }, options: jun.options)
            #expect(still.members.count == 2)
            _ = try await hana.households.dismissHousehold(
                .with {
                    $0.householdID = id
                    $0.confirmName = "Flat 3B"
                },
                options: hana.options
            )
            for flatmate in [hana, jun] {
                let gone = await #expect(throws: RPCError.self) {
                    _ = try await flatmate.households.getHousehold(
                        .with { $0.householdID = id },
                        options: flatmate.options
                    )
                }
                #expect(gone?.code == .notFound)
                let home = try await flatmate.gateway.getHouseholdHome(.init(), options: flatmate.options)
                #expect(home.householdID.isEmpty)
            }
        }
    }
}
