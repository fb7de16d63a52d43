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

extension HouseholdsThroughGatewayTests {
    /// A household of `host` with `members` joined through invites by email.
    static func household(
        _ name: String,
        host: Flatmate,
        members: [Flatmate],
        timeZone: String = "America/Chicago",
        birthdayReminderDays: UInt32? = nil
    ) async throws -> String {
        let id = try await host.households.createHousehold(
            .with {
                $0.name = name
                $0.timeZone = timeZone
            },
            options: host.options
        ).householdID
        if let birthdayReminderDays {
            _ = try await host.households.updateHousehold(
                .with {
                    $0.householdID = id
                    $0.birthdayReminderDays = birthdayReminderDays
                },
                options: host.options
            )
        }
        for member in members {
            let invite = try await host.households.inviteMember(
                .with {
                    $0.householdID = id
                    $0.email = member.email
                },
                options: host.options
            )
            _ = try await member.households.acceptInvite(
                .with { $0.inviteID = invite.inviteID },
                options: member.options
            )
        }
        return id
    }

    @Test(
        "chores: one added shows on its assignee's home, marked complete it leaves their list for the next turn, the history has the entry with a rating, points add up; a special event for everyone",
        .timeLimit(.minutes(4))
    )
    func chores() async throws {
        try await LaundrySystem.run { system in
            let hana = try await Flatmate.join("Hana", "127.0.0.2", in: system)
            let ivo = try await Flatmate.join("Ivo", "127.0.0.3", in: system)
            let jun = try await Flatmate.join("Jun", "127.0.0.4", in: system)
            defer { [hana, ivo, jun].forEach { $0.client.close() } }
            let id = try await Self.household("Flat 3B", host: hana, members: [ivo, jun])
            // Tomorrow, on the minute (a repeating chore keeps its local minute of the day).
            let tomorrow = (Int64(Date().timeIntervalSince1970) / 60 * 60 + 86_400) * 1_000_000

            // Create chores: a weekly rotation starting with Ivo; it is on Ivo's list and home, not on Jun's.
            let bins = try await hana.chores.createChore(
                .with {
                    $0.householdID = id
                    $0.name = "Take out the bins"
                    $0.notes = "Blue bin on Tuesdays"
                    $0.dueAtMicros = tomorrow
                    $0.repeat = .weekly
                    $0.assignment = .rotation
                    $0.memberIds = [ivo.userID, jun.userID]
                    $0.urgent = true
                    $0.points = 3
                },
                options: hana.options
            )
            #expect(bins.current.assigneeIds == [ivo.userID])
            let ivoHome = try await ivo.gateway.getHouseholdHome(.init(), options: ivo.options)
            #expect(ivoHome.choresDueToMe.chores.map(\.choreID) == [bins.choreID])
            #expect(ivoHome.thisWeek.chores.map(\.choreID) == [bins.choreID])
            let junHome = try await jun.gateway.getHouseholdHome(.init(), options: jun.options)
            #expect(junHome.choresDueToMe.status.code == 0 && junHome.choresDueToMe.chores.isEmpty)

            // Mark complete: only the assignee; then it leaves Ivo's list and the next week's turn is Jun's.
            let notYours = await #expect(throws: RPCError.self) {
                _ = try await jun.chores.markChoreDone(
                    .with {
                        $0.choreID = bins.choreID
                        $0.occurrenceID = bins.current.occurrenceID
                    },
                    options: jun.options
                )
            }
            #expect(notYours?.code == .permissionDenied)
            let done = try await ivo.chores.markChoreDone(
                .with {
                    $0.choreID = bins.choreID
                    $0.occurrenceID = bins.current.occurrenceID
                },
                options: ivo.options
            )
            #expect(done.chore.current.assigneeIds == [jun.userID])
            #expect(done.chore.current.dueAtMicros == tomorrow + 7 * 86_400_000_000)
            let ivoList = try await ivo.chores.listChores(
                .with {
                    $0.householdID = id
                    $0.mineOnly = true
                },
                options: ivo.options
            )
            #expect(ivoList.chores.isEmpty)

            // Record chore history: the entry names the chore, who did it and when; another member rates it.
            let history = try await hana.chores.listChoreHistory(.with { $0.householdID = id }, options: hana.options)
            #expect(history.completions.map(\.choreName) == ["Take out the bins"])
            #expect(history.completions[0].doneBy == ivo.userID && history.completions[0].points == 3)
            let rated = try await hana.chores.rateChore(
                .with {
                    $0.completionID = done.completion.completionID
                    $0.stars = 5
                },
                options: hana.options
            )
            #expect(rated.rating.stars == 5 && rated.rating.ratedBy == hana.userID)
            let own = await #expect(throws: RPCError.self) {
                _ = try await ivo.chores.rateChore(
                    .with {
                        $0.completionID = done.completion.completionID
                        $0.stars = 5
                    },
                    options: ivo.options
                )
            }
            #expect(own?.code != nil)

            // Points: Ivo has this month's 3 of 3.
            let components = Calendar(identifier: .gregorian).dateComponents(
                in: TimeZone(identifier: "America/Chicago")!,
                from: Date()
            )
            let points = try await jun.chores.getPoints(
                .with {
                    $0.householdID = id
                    $0.year = UInt32(components.year!)
                    $0.month = UInt32(components.month!)
                },
                options: jun.options
            )
            #expect(points.total == 3 && points.members.first?.memberID == ivo.userID)

            // Special event (priority 3): a one-off chore for everyone with its description and effort; once done
            // by one of them it is finished and in the history.
            let cleaning = try await jun.chores.createChore(
                .with {
                    $0.householdID = id
                    $0.name = "End of semester cleaning"
                    $0.notes = "Fridge, oven, windows; deposit inspection on Friday"
                    $0.dueAtMicros = tomorrow + 3 * 86_400_000_000
                    $0.repeat = .once
                    $0.assignment = .manual
                    $0.memberIds = [hana.userID, ivo.userID, jun.userID]
                    $0.points = 10
                },
                options: jun.options
            )
            #expect(cleaning.current.assigneeIds.count == 3 && cleaning.notes.hasPrefix("Fridge"))
            let cleaned = try await hana.chores.markChoreDone(
                .with {
                    $0.choreID = cleaning.choreID
                    $0.occurrenceID = cleaning.current.occurrenceID
                },
                options: hana.options
            )
            #expect(cleaned.chore.finished)
            let listed = try await jun.chores.listChores(.with { $0.householdID = id }, options: jun.options)
            #expect(!listed.chores.map(\.choreID).contains(cleaning.choreID))
            let entries = try await jun.chores.listChoreHistory(
                .with {
                    $0.householdID = id
                    $0.choreID = cleaning.choreID
                },
                options: jun.options
            )
            #expect(entries.completions.map(\.doneBy) == [hana.userID] && entries.completions[0].points == 10)
        }
    }
}
