import Foundation
import IdentityDomain
import QuadContracts

/// Conversions between identity's domain values and its wire messages.
enum ProtoMapping {
    static func gender(_ gender: Quad_Identity_V1_Gender) -> Gender {
        switch gender {
        case .female: .female
        case .male: .male
        case .nonBinary: .nonBinary
        case .preferNotToSay: .preferNotToSay
        default: .unspecified
        }
    }

    static func gender(_ gender: Gender) -> Quad_Identity_V1_Gender {
        switch gender {
        case .female: .female
        case .male: .male
        case .nonBinary: .nonBinary
        case .preferNotToSay: .preferNotToSay
        case .unspecified: .unspecified
        }
    }

    static func role(_ role: Role) -> Quad_Identity_V1_Role {
        switch role {
        case .customer: .customer
        case .requester: .requester
        case .dasher: .dasher
        case .buyer: .buyer
        case .rideOfferer: .rideOfferer
        case .dispatcher: .dispatcher
        case .driver: .driver
        }
    }

    static func role(_ role: Quad_Identity_V1_Role) -> Role? {
        switch role {
        case .customer: .customer
        case .requester: .requester
        case .dasher: .dasher
        case .buyer: .buyer
        case .rideOfferer: .rideOfferer
        case .dispatcher: .dispatcher
        case .driver: .driver
        default: nil
        }
    }

    static func roles(_ roles: Set<Role>) -> [Quad_Identity_V1_Role] { roles.sorted().map(role) }

    static func micros(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) }

    static func profile(_ account: Account) -> Quad_Identity_V1_Profile {
        .with {
            $0.userID = account.id
            $0.email = account.email
            $0.firstName = account.firstName
            $0.lastName = account.lastName
            $0.gender = gender(account.gender)
            $0.campusID = account.campusID
            $0.dormID = account.dormID
            $0.room = account.room
            $0.dateOfBirth = .with {
                $0.year = Int32(account.dateOfBirth.year)
                $0.month = Int32(account.dateOfBirth.month)
                $0.day = Int32(account.dateOfBirth.day)
            }
            $0.phone = account.phone ?? ""
            $0.roles = roles(account.roles)
            $0.memberSinceMicros = micros(account.memberSince)
            $0.rating = account.rating
            $0.ratingCount = UInt32(clamping: account.ratingCount)
            $0.jobsDone = UInt32(clamping: account.jobsDone)
            $0.pictureDocumentID = account.pictureDocumentID ?? ""
        }
    }

    static func publicProfile(_ profile: PublicProfile) -> Quad_Identity_V1_PublicProfile {
        .with {
            $0.userID = profile.userID
            $0.firstName = profile.firstName
            $0.lastInitial = profile.lastInitial
            $0.rating = profile.rating
            $0.ratingCount = UInt32(clamping: profile.ratingCount)
            $0.jobsDone = UInt32(clamping: profile.jobsDone)
            $0.memberSinceMicros = micros(profile.memberSince)
            $0.pictureDocumentID = profile.pictureDocumentID ?? ""
            $0.campusID = profile.campusID
            $0.dormID = profile.dormID
        }
    }

    static func campus(_ campus: Campus) -> Quad_Identity_V1_Campus {
        .with {
            $0.campusID = campus.id
            $0.name = campus.name
            $0.emailDomains = campus.emailDomains
            $0.dorms = campus.dorms.map { dorm in
                .with {
                    $0.dormID = dorm.id
                    $0.name = dorm.name
                    $0.washerPrice = .with {
                        $0.minorUnits = dorm.washerPrice.minorUnits; $0.currency = dorm.washerPrice.currency
                    }
                    $0.dryerPrice = .with {
                        $0.minorUnits = dorm.dryerPrice.minorUnits; $0.currency = dorm.dryerPrice.currency
                    }
                    $0.latitude = dorm.latitude
                    $0.longitude = dorm.longitude
                }
            }
            $0.latitude = campus.latitude
            $0.longitude = campus.longitude
        }
    }

    static func registration(_ request: Quad_Identity_V1_RegisterRequest) -> RegistrationInput {
        RegistrationInput(
            email: request.email,
            password: request.password,
            firstName: request.firstName,
            lastName: request.lastName,
            gender: gender(request.gender),
            campusID: request.campusID,
            dormID: request.dormID,
            room: request.room,
            dateOfBirth: request.hasDateOfBirth
                ? CalendarDate(
                    year: Int(request.dateOfBirth.year),
                    month: Int(request.dateOfBirth.month),
                    day: Int(request.dateOfBirth.day)
                )
                : nil,
            phone: request.phone.isEmpty ? nil : request.phone
        )
    }
}
