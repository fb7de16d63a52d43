// quad-identity: the identity service executable. Configuration: see ServiceOptions
// (`--help-config`) plus `--password-cost` (scrypt log2 N, default 17 = OWASP).
import IdentityDomain
import IdentityService
import QuadServiceKit

try await QuadServiceMain.run(
    name: "identity",
    migrator: IdentityMigrations.migrator,
    settings: { try $0.int("password-cost", default: 17, help: "scrypt cost as log2(N); 17 is OWASP's minimum") }
) { environment, cost in
    var configuration = IdentityConfiguration()
    configuration.passwordParameters.logN = cost
    let identity = try await IdentityService(database: environment.database, configuration: configuration)
    return ServiceSetup(services: [identity], verifyBearer: { try identity.verifyBearer($0) })
}
