import Foundation
import QuadCertificates
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization
import Testing

@testable import quad

/// Issue 17 item 4: service certificates rotate under load with no failed call.
@Suite("Certificate rotation under load", .serialized, .enabled(if: LaundrySystem.isBuilt))
struct CertificateRotationTests {
    @Test("quad certs --rotate while calls flow: none fails, and new connections get every process's new certificate")
    func rotateUnderLoad() async throws {
        try await LaundrySystem.run { system in
            let person = try await system.register("Rhea")
            let before = try Dictionary(
                uniqueKeysWithValues: ServiceCatalog.all.map { service in
                    (service, try Self.serialOnDisk(service, system.certificates))
                }
            )
            let rotated = RotationDone()

            // Two callers keep calling through the gateway (identity alone, and the home's fan-out to the
            // services) from before the rotation until twenty calls each after it.
            let (calls, failures, reloads) = try await withThrowingTaskGroup(
                of: (Int, [String], [CertificateRotation.Reload]).self
            ) { group in
                group.addTask {
                    try await Self.callUntilRotated(rotated) {
                        _ = try await system.identity.getMyProfile(.init(), options: person.options)
                    }
                }
                group.addTask {
                    try await Self.callUntilRotated(rotated) {
                        let home = try await system.home.getCustomerHome(.init(), options: person.options)
                        guard home.myErrands.status.code == 0 else {
                            throw RPCError(code: .unavailable, message: home.myErrands.status.message)
                        }
                    }
                }
                group.addTask {
                    let reloads = try await system.rotateCertificates()
                    rotated.done.store(true, ordering: .releasing)
                    return (0, [], reloads)
                }
                var total = (0, [String](), [CertificateRotation.Reload]())
                for try await (calls, failures, reloads) in group {
                    total.0 += calls
                    total.1 += failures
                    total.2 += reloads
                }
                return total
            }

            #expect(failures.isEmpty, "\(failures.count) of \(calls) calls failed: \(failures.prefix(5))")
            // Twenty calls each after the rotation, and more made while it ran.
            #expect(calls > 40)
            #expect(Set(reloads.map(\.service)) == Set(ServiceCatalog.all))
            for reload in reloads {
                #expect(reload.reloaded, "\(reload.service) presents \(reload.serial)")
                #expect(reload.serial != before[reload.service], "\(reload.service) kept its serial")
                #expect(reload.serial == (try Self.serialOnDisk(reload.service, system.certificates)))
            }
            // A new client of the gateway, and a new operator connection to identity, get in.
            let fresh = try system.gatewayClient(from: "127.0.0.1")
            defer { fresh.close() }
            _ = try await Quad_Identity_V1_Identity.Client(transport: fresh).getMyProfile(
                .init(),
                options: person.options
            )
        }
    }

    /// Runs `call` until the rotation is done and twenty more calls have been made; answers the calls made and
    /// the failures.
    static func callUntilRotated(
        _ rotated: RotationDone,
        _ call: @Sendable () async throws -> Void
    ) async throws -> (Int, [String], [CertificateRotation.Reload]) {
        var calls = 0
        var failures: [String] = []
        var afterRotation = 0
        while afterRotation < 20 {
            if rotated.done.load(ordering: .acquiring) { afterRotation += 1 }
            calls += 1
            do {
                try await call()
            } catch {
                failures.append("\(error)")
            }
        }
        return (calls, failures, [])
    }

    /// The serial of `service`'s certificate file now.
    static func serialOnDisk(_ service: String, _ certificates: DevCertificateSet) throws -> String? {
        try TLSSettings.server(
            certificateChainPEM: certificates.certificatePath(service: service),
            privateKeyPEM: certificates.keyPath(service: service)
        ).certificateSerial
    }
}

/// Set once `quad certs --rotate` has finished.
final class RotationDone: Sendable {
    let done = Atomic<Bool>(false)
}
