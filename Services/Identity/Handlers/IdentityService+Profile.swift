import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension IdentityService {
    /// A3: the caller's own profile, every field.
    public func getMyProfile(
        request: Quad_Identity_V1_GetMyProfileRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_Profile {
        let caller = try context.requireCaller()
        guard let record = try await database.account(id: caller.userID) else { throw IdentityError.userNotFound }
        return ProtoMapping.profile(record.account)
    }

    /// A3: changes only the fields the caller set; every bad field is named.
    public func updateMyProfile(
        request: Quad_Identity_V1_UpdateMyProfileRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_Profile {
        let caller = try context.requireCaller()
        let update = ProfileUpdate(
            firstName: request.hasFirstName ? request.firstName : nil,
            lastName: request.hasLastName ? request.lastName : nil,
            gender: request.hasGender ? ProtoMapping.gender(request.gender) : nil,
            dormID: request.hasDormID ? request.dormID : nil,
            room: request.hasRoom ? request.room : nil,
            phone: request.hasPhone ? request.phone : nil
        )
        let directory = self.directory
        let now = clock.date
        let updated = try await database.updateProfile(of: caller.userID, update, in: directory, now: now)
        return ProtoMapping.profile(try updated.get())
    }

    /// A3: deletes the caller's account once the password confirms it; the other contexts
    /// learn through the outbox (`account.deleted`) and forget or anonymise the person.
    public func deleteAccount(
        request: Quad_Identity_V1_DeleteAccountRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_DeleteAccountResponse {
        let caller = try context.requireCaller()
        guard let record = try await database.account(id: caller.userID) else { throw IdentityError.userNotFound }
        guard try await hashing.verify(request.password, against: record.account.passwordHash) else {
            throw IdentityError.wrongConfirmationPassword
        }
        let event = Quad_Identity_V1_AccountDeleted.with {
            $0.userID = caller.userID
            $0.deletedAtMicros = ProtoMapping.micros(clock.date)
        }
        try await database.deleteAccount(caller.userID, told: event)
        context.logger.info("account deleted", metadata: ["user_id": "\(caller.userID)"])
        return .init()
    }

    /// A4: what anyone signed in may see of another person; never last name, email, phone or room.
    public func getPublicProfile(
        request: Quad_Identity_V1_GetPublicProfileRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_PublicProfile {
        _ = try context.requireCaller()
        guard let record = try await database.account(id: request.userID) else { throw IdentityError.userNotFound }
        return ProtoMapping.publicProfile(PublicProfile(account: record.account))
    }
}
