import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// R5: the conversation prompt categories each person has on. They are private: the owner reads and sets theirs,
/// and jobs learns only what a ride's members share (the intersection), never one person's choice.
extension IdentityService {
    /// The peer allowed to ask for a ride's shared categories: jobs.
    static let jobsPeer = "jobs"

    /// The most people in one ride: an offerer and six riders.
    static let rideMembersLimit = 7

    /// Every category there is, in ascending order: what an account that never chose has on.
    static let allPromptCategories: [Quad_Types_V1_PromptCategory] = Quad_Types_V1_PromptCategory.allCases
        .filter { $0 != .unspecified }
        .sorted { $0.rawValue < $1.rawValue }

    /// R5: the caller's categories (every category until they set them).
    public func getPromptPreferences(
        request: Quad_Identity_V1_GetPromptPreferencesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_PromptPreferences {
        let caller = try context.requireCaller()
        let stored = try await database.promptCategories(of: caller.userID)
        return .with { $0.categoriesOn = Self.categories(stored) }
    }

    /// R5: replaces the caller's categories; an unknown or repeated category is refused, naming its index.
    public func setPromptPreferences(
        request: Quad_Identity_V1_SetPromptPreferencesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_PromptPreferences {
        let caller = try context.requireCaller()
        var seen: Set<Int> = []
        for (index, category) in request.categoriesOn.enumerated() {
            guard Self.allPromptCategories.contains(category) else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "categories_on[\(index)]: \(category.rawValue) is not a prompt category"
                        + " (1...\(Self.allPromptCategories.count))"
                )
            }
            guard seen.insert(category.rawValue).inserted else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "categories_on[\(index)]: \(category) is listed twice"
                )
            }
        }
        guard try await database.setPromptCategories(Array(seen), of: caller.userID, now: clock.date) else {
            throw IdentityError.userNotFound
        }
        return .with { $0.categoriesOn = Self.categories(seen.sorted()) }
    }

    /// R5, for jobs only: the categories every one of `user_ids` has on. Unknown and deleted users count as having
    /// every category on, so the answer never tells whether an account exists.
    public func getSharedPromptCategories(
        request: Quad_Identity_V1_GetSharedPromptCategoriesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_GetSharedPromptCategoriesResponse {
        try Self.requirePeer(
            context,
            [Self.jobsPeer],
            method: "GetSharedPromptCategories",
            why: "a person's prompt preferences are theirs alone; a ride's members see only what they share"
        )
        let ids = Array(Set(request.userIds))
        guard (1...Self.rideMembersLimit).contains(ids.count) else {
            throw RPCError(
                code: .invalidArgument,
                message: "user_ids: name 1...\(Self.rideMembersLimit) different people, not \(ids.count)"
            )
        }
        let stored = try await database.promptCategories(of: ids)
        var shared = Set(Self.allPromptCategories.map(\.rawValue))
        for categories in stored.values { shared.formIntersection(categories) }
        return .with { $0.categories = Self.categories(shared.sorted()) }
    }

    /// Stored raw values as categories; `nil` (never set) is every category.
    private static func categories(_ stored: [Int]?) -> [Quad_Types_V1_PromptCategory] {
        guard let stored else { return allPromptCategories }
        return stored.compactMap { Quad_Types_V1_PromptCategory(rawValue: $0) }.filter { $0 != .unspecified }
    }
}
