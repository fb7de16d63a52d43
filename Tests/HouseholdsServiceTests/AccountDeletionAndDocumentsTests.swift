import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite(
    "Households: a deleted account leaves every household; fleet-documents asks who may see chores' and expenses' documents"
)
struct AccountDeletionAndDocumentsTests {
    static func deleted(_ user: String) throws -> Quad_Types_V1_OutboxDelivery {
        try .with {
            $0.source = "identity"
            $0.topic = Quad_Identity_V1_AccountDeleted.topic
            $0.key = "account.deleted:\(user)"
            $0.payload = try Quad_Identity_V1_AccountDeleted.with { $0.userID = user }.serializedData()
        }
    }

    @Test(
        "account.deleted: a host's household passes to the member who joined first after them, a member simply leaves, a household they were alone in is dismissed; once"
    )
    func accountDeleted() async throws {
        try await HouseholdsHarness.run { h in
            let shared = try await h.household("Flat 3B", host: "hana", members: ["ivo", "jun"])
            let other = try await h.household("Ivo's flat", host: "ivo", members: ["hana"])
            let alone = try await h.household("Studio", host: "hana")
            let bins = try await h.chore(in: shared, members: ["hana", "ivo"])
            #expect(bins.current.assigneeIds == ["hana"])
            let identity = try h.server.transport(as: .service("identity"))
            defer { identity.close() }
            let households = Quad_Households_V1_Households.Client(transport: identity)
            #expect(try await households.deliver(try Self.deleted("hana")).applied)
            #expect(try await !households.deliver(try Self.deleted("hana")).applied)

            let flat = try await h.as("ivo") { try await $0.getHousehold(.with { $0.householdID = shared }) }
            #expect(flat.household.hostUserID == "ivo" && flat.members.map(\.userID) == ["ivo", "jun"])
            let ivos = try await h.as("ivo") { try await $0.getHousehold(.with { $0.householdID = other }) }
            #expect(ivos.members.map(\.userID) == ["ivo"])
            let studio = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { try await $0.getHousehold(.with { $0.householdID = alone }) }
            }
            #expect(studio?.code == .notFound)
            // Her turn of the bins passed on to the next in rotation.
            #expect(try await h.get(bins.choreID, as: "ivo").current.assigneeIds == ["ivo"])
            let told = try await h.changes(of: "jun").map(\.kind).filter { [.hostChanged, .memberLeft].contains($0) }
            #expect(told == [.hostChanged, .memberLeft])
            let blank = await #expect(throws: RPCError.self) { _ = try await households.deliver(try Self.deleted("")) }
            #expect(blank?.code == .invalidArgument)
        }
    }

    @Test(
        "a chore's and an expense's documents: members see and add them, the host deletes any; a stranger, a former member or an unknown owner is none"
    )
    func documentAccess() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let chore = try await h.chore(in: flat, members: ["ivo"])
            let expense = try await h.addExpense("ivo", flat, 1_000, .equal, [("ivo", 0), ("jun", 0)])
            _ = try await h.as("hana") {
                try await $0.removeMember(
                    .with {
                        $0.householdID = flat; $0.userID = "jun"
                    }
                )
            }
            let fleet = try h.server.transport(as: .service("fleet-documents"))
            defer { fleet.close() }
            let households = Quad_Households_V1_Households.Client(transport: fleet)
            func access(_ kind: Quad_Documents_V1_OwnerKind, _ owner: String, _ user: String) async throws
                -> Quad_Documents_V1_DocumentAccessResponse
            {
                try await households.documentAccess(
                    .with {
                        $0.ownerKind = kind
                        $0.ownerID = owner
                        $0.userID = user
                    }
                )
            }
            for (kind, owner) in [(Quad_Documents_V1_OwnerKind.chore, chore.choreID), (.expense, expense.expenseID)] {
                let host = try await access(kind, owner, "hana")
                #expect(host.exists && host.mayView && host.mayAdd && host.mayDeleteAny)
                let member = try await access(kind, owner, "ivo")
                #expect(member.exists && member.mayView && member.mayAdd && !member.mayDeleteAny)
                for outsider in ["jun", "eve"] {
                    let none = try await access(kind, owner, outsider)
                    #expect(!none.exists && !none.mayView && !none.mayAdd, "\(outsider)")
                }
                #expect(try await !access(kind, "no-such-owner", "hana").exists)
            }
            let wrongKind = await #expect(throws: RPCError.self) { _ = try await access(.job, chore.choreID, "hana") }
            #expect(wrongKind?.code == .invalidArgument)
            let blank = await #expect(throws: RPCError.self) { _ = try await access(.chore, "", "hana") }
            #expect(blank?.code == .invalidArgument)
        }
    }
}
