import Foundation
import GRDB
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

@Suite("Identity: conversation prompt categories, private to each person; jobs sees only what a ride shares (R5)")
struct PromptPreferencesTests {
    typealias Category = Quad_Types_V1_PromptCategory

    @Test("a new account has every category on; setting them replaces them and reads back sorted")
    func ownPreferences() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let options = IdentityHarness.bearer(ada.session)
            let fresh = try await harness.client.getPromptPreferences(.init(), options: options)
            #expect(fresh.categoriesOn.count == 8)
            #expect(fresh.categoriesOn.first == .campusLife && fresh.categoriesOn.last == .careers)

            let set = try await harness.client.setPromptPreferences(
                .with { $0.categoriesOn = [.travel, .food, .music] },
                options: options
            )
            #expect(set.categoriesOn == [.food, .music, .travel])
            let again = try await harness.client.setPromptPreferences(
                .with { $0.categoriesOn = [.travel, .food, .music] },
                options: options
            )
            #expect(again == set)
            #expect(try await harness.client.getPromptPreferences(.init(), options: options) == set)

            let none = try await harness.client.setPromptPreferences(.init(), options: options)
            #expect(none.categoriesOn.isEmpty)
            #expect(try await harness.client.getPromptPreferences(.init(), options: options).categoriesOn.isEmpty)
        }
    }

    @Test("an unknown or repeated category is INVALID_ARGUMENT naming its index, and nothing changes")
    func badCategories() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let options = IdentityHarness.bearer(ada.session)
            _ = try await harness.client.setPromptPreferences(.with { $0.categoriesOn = [.food] }, options: options)
            let cases: [([Category], String)] = [
                ([.food, .unspecified], "categories_on[1]:"),
                ([.music, Category(rawValue: 42)!], "categories_on[1]:"),
                ([.sports, .travel, .sports], "categories_on[2]:"),
            ]
            for (categories, field) in cases {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await harness.client.setPromptPreferences(
                        .with { $0.categoriesOn = categories },
                        options: options
                    )
                }
                #expect(refused?.code == .invalidArgument)
                #expect(refused?.message.hasPrefix(field) == true, "\(refused?.message ?? "")")
            }
            #expect(try await harness.client.getPromptPreferences(.init(), options: options).categoriesOn == [.food])
        }
    }

    @Test("without a session the preferences are UNAUTHENTICATED")
    func signedInOnly() async throws {
        try await IdentityHarness.run { harness in
            let refused = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getPromptPreferences(.init())
            }
            #expect(refused?.code == .unauthenticated)
        }
    }

    @Test("jobs gets the intersection of a ride's members; unknown people count as every category on")
    func sharedCategories() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let ben = try await harness.register("ben@northfield.edu")
            let cy = try await harness.register("cy@northfield.edu")
            _ = try await harness.client.setPromptPreferences(
                .with { $0.categoriesOn = [.food, .music, .travel] },
                options: IdentityHarness.bearer(ada.session)
            )
            _ = try await harness.client.setPromptPreferences(
                .with { $0.categoriesOn = [.travel, .sports, .food] },
                options: IdentityHarness.bearer(ben.session)
            )
            let jobs = try PickupPlacesTests.transport(harness, as: "jobs")
            defer { jobs.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: jobs)
            let ids = [ada.profile.userID, ben.profile.userID, cy.profile.userID, "no-such-user"]
            let shared = try await identity.getSharedPromptCategories(.with { $0.userIds = ids })
            #expect(shared.categories == [.food, .travel])
            let alone = try await identity.getSharedPromptCategories(.with { $0.userIds = [cy.profile.userID] })
            #expect(alone.categories.count == 8)

            for count in [0, 8] {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await identity.getSharedPromptCategories(
                        .with { $0.userIds = (0..<count).map { "user-\($0)" } }
                    )
                }
                #expect(refused?.code == .invalidArgument)
                #expect(refused?.message.hasPrefix("user_ids:") == true)
            }
        }
    }

    @Test("a user, an operator, the gateway and households are PERMISSION_DENIED for the shared categories")
    func jobsOnly() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let request = Quad_Identity_V1_GetSharedPromptCategoriesRequest.with { $0.userIds = [ada.profile.userID] }
            let asUser = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getSharedPromptCategories(
                    request,
                    options: IdentityHarness.bearer(ada.session)
                )
            }
            #expect(asUser?.code == .permissionDenied)
            let cli = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getSharedPromptCategories(request)
            }
            #expect(cli?.code == .permissionDenied)
            for service in ["gateway", "households"] {
                let transport = try PickupPlacesTests.transport(harness, as: service)
                defer { transport.close() }
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await Quad_Identity_V1_Identity.Client(transport: transport)
                        .getSharedPromptCategories(request)
                }
                #expect(refused?.code == .permissionDenied, "\(service)")
                #expect(refused?.message.contains("jobs service only") == true)
            }
        }
    }

    @Test("deleting the account deletes its preferences")
    func deletedWithTheAccount() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            _ = try await harness.client.setPromptPreferences(
                .with { $0.categoriesOn = [.food] },
                options: IdentityHarness.bearer(ada.session)
            )
            _ = try await harness.client.deleteAccount(
                .with { $0.password = "correct horse battery" },
                options: IdentityHarness.bearer(ada.session)
            )
            let rows = try await harness.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM prompt_preference") ?? -1
            }
            #expect(rows == 0)
        }
    }
}
