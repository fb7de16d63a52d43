import Foundation
import QuadBuiltInContracts
import QuadContracts
import SwiftProtobuf

/// Populated messages covering each part of the JSON mapping Quad's contracts use.
extension Sample {
    static let all: [Sample] = [
        Sample("empty RegisterRequest", Quad_Identity_V1_RegisterRequest()),
        Sample("RegisterRequest with nested Date and enum", register),
        Sample("UpdateMyProfileRequest with optionals set to defaults", updateWithDefaults),
        Sample("UpdateMyProfileRequest with some optionals", updatePartial),
        Sample("ListCampusesResponse with nested repeated messages", campuses),
        Sample("Profile with repeated enum, double and 64-bit extremes", profile),
        Sample("CallStart with map, bytes and uint64 max", callStart, hasMaps: true),
        Sample("Frame with a oneof message member", frameWithStart, hasMaps: true),
        Sample("Frame with an empty oneof message member", frameWithCancel),
        Sample("Status with repeated bytes", status),
        Sample("HealthCheckResponse with an enum", health(.notServing)),
        Sample("HealthCheckResponse with an enum number the descriptor lacks", health(.UNRECOGNIZED(7))),
        Sample("SubmitDasherQuizResponse with bool and repeated enum", quizResult),
        Sample("proto2 FileDescriptorProto of wire.proto", wireFileDescriptor),
    ]

    static var register: Quad_Identity_V1_RegisterRequest {
        var message = Quad_Identity_V1_RegisterRequest()
        message.email = "ada@example.edu"
        message.password = "correct horse \"battery\" \\ staple\n\t\u{1}"
        message.firstName = "Zoë 🚀"
        message.lastName = "Lovelace"
        message.gender = .female
        message.campusID = "campus-1"
        message.dormID = "dorm-9"
        message.room = "101"
        message.dateOfBirth.year = 2004
        message.dateOfBirth.month = 2
        message.dateOfBirth.day = 29
        message.phone = "+14155550100"
        return message
    }

    static var updateWithDefaults: Quad_Identity_V1_UpdateMyProfileRequest {
        var message = Quad_Identity_V1_UpdateMyProfileRequest()
        message.firstName = ""
        message.gender = .unspecified
        message.phone = ""
        return message
    }

    static var updatePartial: Quad_Identity_V1_UpdateMyProfileRequest {
        var message = Quad_Identity_V1_UpdateMyProfileRequest()
        message.lastName = "Byron"
        message.gender = .preferNotToSay
        message.room = "B12"
        return message
    }

    static var campuses: Quad_Identity_V1_ListCampusesResponse {
        var dorm = Quad_Identity_V1_Dorm()
        dorm.dormID = "d1"
        dorm.name = "North"
        dorm.washerPrice.minorUnits = 250
        dorm.washerPrice.currency = "USD"
        dorm.dryerPrice.minorUnits = 0
        var other = Quad_Identity_V1_Dorm()
        other.name = "South"
        var campus = Quad_Identity_V1_Campus()
        campus.campusID = "c1"
        campus.name = "Main"
        campus.emailDomains = ["example.edu", "", "alumni.example.edu"]
        campus.dorms = [dorm, other, Quad_Identity_V1_Dorm()]
        var message = Quad_Identity_V1_ListCampusesResponse()
        message.campuses = [campus, Quad_Identity_V1_Campus()]
        return message
    }

    static var profile: Quad_Identity_V1_Profile {
        var message = Quad_Identity_V1_Profile()
        message.userID = "u1"
        message.roles = [.customer, .requester, .dasher, .UNRECOGNIZED(42)]
        message.memberSinceMicros = Int64.min
        message.rating = 4.1
        message.ratingCount = UInt32.max
        message.jobsDone = 1
        message.dateOfBirth = Quad_Identity_V1_Date()
        return message
    }

    static var callStart: Quad_Wire_V1_CallStart {
        var message = Quad_Wire_V1_CallStart()
        message.method = "quad.identity.v1.Identity/Register"
        message.timeoutMicros = UInt64.max
        message.metadata = ["authorization": "Bearer abc", "x-empty": "", "ü": "\"quoted\""]
        message.payload = Data((0...255).map { UInt8($0) })
        message.hasPayload_p = true
        return message
    }

    static var frameWithStart: Quad_Wire_V1_Frame {
        var message = Quad_Wire_V1_Frame()
        message.callID = 7
        message.start = callStart
        return message
    }

    static var frameWithCancel: Quad_Wire_V1_Frame {
        var message = Quad_Wire_V1_Frame()
        message.callID = 1
        message.cancel = Quad_Wire_V1_Cancel()
        return message
    }

    static var status: Quad_Wire_V1_Status {
        var message = Quad_Wire_V1_Status()
        message.code = 3
        message.message = "bad"
        message.details = [Data([1, 2, 3]), Data(), Data([0xFF, 0xFE])]
        return message
    }

    static func health(_ status: Quad_Health_V1_HealthCheckResponse.ServingStatus) -> Quad_Health_V1_HealthCheckResponse
    {
        var message = Quad_Health_V1_HealthCheckResponse()
        message.status = status
        return message
    }

    static var quizResult: Quad_Identity_V1_SubmitDasherQuizResponse {
        var message = Quad_Identity_V1_SubmitDasherQuizResponse()
        message.passed = true
        message.correct = 9
        message.total = 10
        message.roles = [.customer, .dasher]
        message.retryAllowedAtMicros = 1_700_000_000_000_000
        return message
    }

    /// A proto2 message: explicit presence everywhere, nested types and enums, options.
    static var wireFileDescriptor: Google_Protobuf_FileDescriptorProto {
        // wire.proto uses no custom options, so SwiftProtobuf keeps no unknown fields for it.
        try! Google_Protobuf_FileDescriptorProto(serializedBytes: QuadProtoFiles.all["quad/wire/v1/wire.proto"]!)
    }
}
