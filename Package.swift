// swift-tools-version: 6.1
import PackageDescription

// Quad: one package, targets split by layer (see docs/architecture.md).
//   QuadWireCore   frame format, codec, status codes, connection and call state machines (no dependencies at all)
//   QuadWire       call model: handler protocols, method descriptors, typed-stub support (no NIOPosix, no TLS)
//   QuadBuiltInContracts  Swift generated from the built-in services' protos (Health, Reflection, Admin, options)
//   QuadContracts  Swift generated from the products' protos (messages and stubs; both by Tools/generate-contracts.sh)
//   QuadWireNIO    the NIO + TLS transport: server, client, connection pool, built-in Health and Reflection
//                  (it links QuadBuiltInContracts only; reflection serves the files the registered services hand over)
//   QuadWireInProcess  a server's services called in the same process, through the server's own call runner (for tests)
//   QuadCertificates  dev CA and certificate minting with swift-certificates
//   QuadStorage    SQLite through GRDB: WAL pool, migrations, group commit, outbox, idempotency, backup
//   QuadServiceKit config, logging, metrics, admin port, lifecycle, caller identity
//   Identity*      the identity service: Domain (pure), Service (store + handlers), executable
//   GatewayDomain  the gateway's protection state machines (pure): rate limits, concurrency limit, retries, ejection, event feed
//   QuadKernel     the values every domain shares: Money, Microseconds (UTC time), QuadClock, JSONString (no dependencies)
//   LaundryKernel  the laundry product's values its modules share (LaundryAddOn); LaundryWire maps them to the wire
//   ErrandsKernel  the errands product's values its modules share (its id, its quote items' codes)
//   JobsCore       a job's lifecycle for every product: worker, status, timeline, cancel, reviews, disputes (pure)
//   JobsLaundry    laundry as a product on JobsCore: its request, stages and final price (pure)
//   JobsErrands    errands as a product on JobsCore: its request, stages, purchase and approval (pure; its service part
//                  comes with its features; docs/adding-a-product.md)
//   JobsRides      rides on JobsCore: the offer (RideOffer) and its seats as a JobProduct, holds, fare shares, prompts
//                  (pure, over RidesKernel)
//   MatchingDomain a zone's queue (a dorm is laundry's zone) of jobs over opaque listings and offers to workers,
//                  preferred workers, batch assignment (Hungarian) (pure); MatchingLaundry is laundry's MatchingProduct;
//                  MatchingRides rides' search rules (R2: the geohash cover, the detour ranking, the estimated share)
//   PaymentsDomain payments' core for any product: ProductPricing, quotes, payment intents, the double-entry ledger,
//                  payouts, disputes (pure; issues 4 and 12); PaymentsLaundry is laundry's pricing as a ProductPricing,
//                  PaymentsErrands errands' (issue 14), PaymentsRides rides' (issue 16)
//   PaymentsProviders the payment provider interface and its sandbox (test tokens that succeed, decline, fail)
//   PaymentsStore  payments' SQLite schema: intents, postings and ledger entries (balances as SQL sums)
//   HouseholdsDomain  shared flats' rules (pure): splits, balances, simplified debts, recurrence, rotation
//   HouseholdsService households, invites and members (HouseholdsService), chores and reminders (ChoresService),
//                  expenses, bills and settling up (ExpensesService) on one database; quad-households (issue 15)
//   FreightDomain  freight's loads (pure): details naming what is missing, assignment, stamped statuses, proof of
//                  delivery before completion, stops, arrivals from the 200 m geofence (haversine)
//   FleetDocumentsDomain  the document store's rules (pure): types from the bytes, an upload's checks, cap and SHA-256
//   FleetDocumentsService fleet-documents' document store: content-addressed blobs, metadata, streamed upload and
//                  download, access asked of the owners' contexts; freight's organisations, invites and loads
//                  (FreightService) on the same database; quad-fleet-documents (issue 13, in progress)
//   quad           the CLI; protoc-gen-quad generates typed stubs

/// `QUAD_FUZZ_COVERAGE=1` (set by Fuzz/build-services.sh, in a scratch path of its own): Quad's own modules are
/// compiled with libFuzzer's coverage instrumentation (`-sanitize=fuzzer`, or `QUAD_FUZZ_SANITIZERS`), its
/// dependencies without (Fuzz/README.md).
let fuzzCoverage: [SwiftSetting] =
    Context.environment["QUAD_FUZZ_COVERAGE"] == nil
    ? [] : [.unsafeFlags(["-sanitize=" + (Context.environment["QUAD_FUZZ_SANITIZERS"] ?? "fuzzer")])]

let strictSwift: [SwiftSetting] =
    [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + fuzzCoverage

let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
let nioTLS = Target.Dependency.product(name: "NIOTLS", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let protobuf = Target.Dependency.product(name: "SwiftProtobuf", package: "swift-protobuf")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let grdbSQLite = Target.Dependency.product(name: "GRDBSQLite", package: "GRDB.swift")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let cryptoExtras = Target.Dependency.product(name: "_CryptoExtras", package: "swift-crypto")
let x509 = Target.Dependency.product(name: "X509", package: "swift-certificates")
let asn1 = Target.Dependency.product(name: "SwiftASN1", package: "swift-asn1")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let nioTestUtils = Target.Dependency.product(name: "NIOTestUtils", package: "swift-nio")
let nioEmbedded = Target.Dependency.product(name: "NIOEmbedded", package: "swift-nio")
let histogram = Target.Dependency.product(name: "Histogram", package: "hdrhistogram-swift")

// MARK: One line per target
// Paths follow docs/architecture.md: Shared/<Layer>, Services/<Context>/{Domain,Store,Handlers,main},
// Tools/<tool>, Tests/<Target>Tests. A bounded context is a short list of these (see `identity` below).

/// A library target at `path`: a layer or kit of Shared/, a context's domain (pure rules: neither NIO nor
/// GRDB), a core or a product module beside it, a store.
func module(_ name: String, at path: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: path, swiftSettings: strictSwift)
}

/// A context's service: the `sources` folders of `Services/<Context>` (its store and handlers); the folders in
/// `exclude` are targets of their own (its domain, its executable).
func service(
    _ name: String,
    at path: String,
    sources: [String] = ["Store", "Handlers"],
    exclude: [String] = ["Domain", "main"],
    _ dependencies: [Target.Dependency]
) -> Target {
    .target(
        name: name,
        dependencies: dependencies,
        path: path,
        exclude: exclude,
        sources: sources,
        swiftSettings: strictSwift
    )
}

/// An executable: a context's `quad-<context>` (`Services/<Context>/main`) or a tool.
func executable(_ name: String, at path: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: path, swiftSettings: strictSwift)
}

/// A test target, `Tests/<name>`.
func tests(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(
        name: name,
        dependencies: dependencies,
        path: "Tests/" + name,
        exclude: exclude,
        swiftSettings: strictSwift
    )
}

/// Helpers several test targets share, `Tests/Support/<name>`; never linked into executables.
func testSupport(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies, path: "Tests/Support/" + name, swiftSettings: strictSwift)
}

// MARK: Shared: the layers and kits every context uses

let wire: [Target] = [
    module("QuadWireCore", at: "Shared/WireCore"),
    module("QuadWire", at: "Shared/Wire", ["QuadWireCore", nioCore, protobuf, logging]),
    // The built-in services' contracts: all the transport links (issue 12 item 6).
    module("QuadBuiltInContracts", at: "Shared/BuiltInContracts", ["QuadWire", protobuf]),
    module("QuadContracts", at: "Shared/Contracts", ["QuadWire", protobuf]),
    module(
        "QuadWireNIO",
        at: "Shared/WireNIO",
        ["QuadWireCore", "QuadWire", "QuadBuiltInContracts", nioCore, nioPosix, nioSSL, nioTLS, logging, protobuf]
    ),
    module(
        "QuadWireInProcess",
        at: "Shared/WireInProcess",
        ["QuadWireCore", "QuadWire", "QuadWireNIO", nioCore, nioPosix, nioSSL, logging]
    ),
    module("QuadDynamicMessages", at: "Shared/DynamicMessages", ["QuadKernel", protobuf]),
    tests("QuadWireCoreTests", ["QuadWireCore", "QuadContracts", protobuf]),
    tests(
        "QuadWireNIOTests",
        [
            "QuadWireCore", "QuadWire", "QuadWireNIO", "QuadBuiltInContracts", "QuadCertificates", "QuadTestSupport",
            nioCore, nioPosix, nioEmbedded, nioTestUtils, nioSSL, nioTLS,
        ]
    ),
    tests(
        "QuadWireInProcessTests",
        [
            "QuadWireInProcess", "QuadWireCore", "QuadWire", "QuadWireNIO", "QuadBuiltInContracts", "QuadCertificates",
            nioCore, logging,
        ]
    ),
    tests("QuadDynamicMessagesTests", ["QuadDynamicMessages", "QuadBuiltInContracts", "QuadContracts", protobuf]),
]

let kits: [Target] = [
    module("QuadTokens", at: "Shared/Tokens", [crypto]),
    module("QuadCertificates", at: "Shared/Certificates", [x509, crypto, asn1]),
    module("QuadStorage", at: "Shared/Storage", ["QuadKernel", grdb, logging, metrics]),
    module(
        "QuadServiceKit",
        at: "Shared/ServiceKit",
        [
            "QuadWire", "QuadWireCore", "QuadWireNIO", "QuadBuiltInContracts", "QuadContracts", "QuadStorage",
            "QuadCertificates", "QuadKernel", nioCore, nioPosix, nioHTTP1, grdb, logging, metrics, prometheus,
            lifecycle, unixSignals,
            crypto, protobuf,
        ]
    ),
    // The values every domain shares; no product's concept lives here.
    module("QuadKernel", at: "Shared/Kernel"),
    // The laundry product's shared values, for its modules in jobs, matching and payments; never a core's.
    module("LaundryKernel", at: "Shared/Laundry/Kernel"),
    module("LaundryWire", at: "Shared/Laundry/Wire", ["LaundryKernel", "QuadContracts", "QuadWire"]),
    module("ErrandsKernel", at: "Shared/Errands/Kernel"),
    // Rides' shared values (issue 16), for its modules in jobs, matching and payments: points, routes and their
    // detours (haversine), fare shares by distance ridden.
    module("RidesKernel", at: "Shared/Rides/Kernel", ["QuadKernel"]),
    // Clocks and helpers tests share; never linked into executables.
    module("QuadTestSupport", at: "Shared/TestSupport", ["QuadKernel"]),
    testSupport(
        "ServiceTestSupport",
        [
            "QuadServiceKit", "QuadWire", "QuadWireCore", "QuadWireNIO", "QuadWireInProcess", "QuadCertificates",
            "QuadStorage", "QuadTestSupport", grdb,
            grdbSQLite, logging, nioCore, nioPosix,
        ]
    ),
    tests("QuadStorageTests", ["QuadStorage", "QuadTestSupport", grdb, logging]),
    tests("QuadTestSupportTests", ["QuadTestSupport"]),
    tests("QuadCertificatesTests", ["QuadCertificates", x509, crypto]),
    tests("QuadTokensTests", ["QuadTokens", crypto]),
    tests("RidesKernelTests", ["RidesKernel", "QuadKernel", "QuadTestSupport"]),
    tests(
        "QuadServiceKitTests",
        [
            "QuadServiceKit", "QuadStorage", "QuadBuiltInContracts", "QuadWire", "QuadWireCore", "QuadTestSupport",
            "ServiceTestSupport", nioCore, nioPosix, logging, metrics, lifecycle, grdb,
        ]
    ),
]

// MARK: Bounded contexts: a domain, a service, an executable, their tests

let identity: [Target] = [
    module("IdentityDomain", at: "Services/Identity/Domain", ["QuadKernel", crypto, cryptoExtras]),
    service(
        "IdentityService",
        at: "Services/Identity",
        [
            "IdentityDomain", "QuadTokens", "QuadWire", "QuadContracts", "QuadStorage", "QuadServiceKit",
            "QuadKernel", nioPosix, grdb, crypto, protobuf,
        ]
    ),
    executable("quad-identity", at: "Services/Identity/main", ["IdentityService", "IdentityDomain", "QuadServiceKit"]),
    tests("IdentityDomainTests", ["IdentityDomain"]),
    tests(
        "IdentityServiceTests",
        [
            "IdentityService", "IdentityDomain", "IdentityTestSupport", "QuadWire", "QuadWireCore", "QuadWireNIO",
            "QuadContracts", "QuadServiceKit", "QuadCertificates", "QuadStorage", "QuadTokens", "ServiceTestSupport",
            grdb, crypto, logging,
        ]
    ),
    testSupport(
        "IdentityTestSupport",
        [
            "IdentityService", "IdentityDomain", "QuadWire", "QuadContracts", "QuadServiceKit", "QuadCertificates",
            "QuadStorage", "ServiceTestSupport", "QuadTestSupport", grdb,
        ]
    ),
]

let gateway: [Target] = [
    module("GatewayDomain", at: "Services/Gateway/Domain"),
    service(
        "GatewayService",
        at: "Services/Gateway",
        sources: ["Edge"],
        [
            "GatewayDomain", "QuadTokens", "QuadWire", "QuadWireCore", "QuadWireNIO", "QuadContracts",
            "QuadServiceKit", "QuadKernel", nioCore, crypto, logging,
        ]
    ),
    executable("quad-gateway", at: "Services/Gateway/main", ["GatewayService", "QuadServiceKit", "QuadWireNIO"]),
    tests("GatewayDomainTests", ["GatewayDomain", "QuadTestSupport"]),
    tests(
        "GatewayServiceTests",
        [
            "GatewayService", "GatewayDomain", "IdentityTestSupport", "QuadTokens", "QuadWire", "QuadWireNIO",
            "QuadWireInProcess",
            "QuadBuiltInContracts", "QuadContracts", "QuadServiceKit", "QuadCertificates", "QuadTestSupport", crypto,
            logging,
        ]
    ),
]

let payments: [Target] = [
    module("PaymentsDomain", at: "Services/Payments/Domain", ["QuadKernel"]),
    // Laundry's payments module: its fee schedule, quotes and earnings split, as a ProductPricing.
    module("PaymentsLaundry", at: "Services/Payments/Laundry", ["PaymentsDomain", "LaundryKernel"]),
    // Errands' payments module: its delivery fee schedule, quotes and earnings split, as a ProductPricing.
    module("PaymentsErrands", at: "Services/Payments/Errands", ["PaymentsDomain", "ErrandsKernel"]),
    // Rides' payments module: a seat's hold (the share, a margin, the booking fee), its capture and split.
    module("PaymentsRides", at: "Services/Payments/Rides", ["PaymentsDomain", "RidesKernel"]),
    module("PaymentsProviders", at: "Services/Payments/Providers", ["PaymentsDomain", "QuadKernel"]),
    module("PaymentsStore", at: "Services/Payments/Store", ["PaymentsDomain", grdb]),
    // Payments' store is a target of its own (PaymentsStore), so its service is its handlers alone.
    module(
        "PaymentsService",
        at: "Services/Payments/Handlers",
        [
            "PaymentsDomain", "PaymentsLaundry", "PaymentsErrands", "PaymentsRides", "PaymentsProviders",
            "PaymentsStore",
            "LaundryWire", "QuadWire", "QuadContracts", "QuadStorage", "QuadServiceKit", "QuadKernel", grdb, logging,
            protobuf,
        ]
    ),
    executable(
        "quad-payments",
        at: "Services/Payments/main",
        ["PaymentsService", "PaymentsProviders", "PaymentsStore", "QuadKernel", "QuadServiceKit"]
    ),
    tests("PaymentsDomainTests", ["PaymentsDomain", "PaymentsLaundry", "QuadTestSupport"]),
    tests("PaymentsErrandsTests", ["PaymentsErrands", "QuadTestSupport"]),
    tests("PaymentsRidesTests", ["PaymentsRides", "QuadTestSupport"]),
    tests("PaymentsProvidersTests", ["PaymentsProviders", "PaymentsDomain", "QuadTestSupport"]),
    tests(
        "PaymentsStoreTests",
        ["PaymentsStore", "PaymentsDomain", "PaymentsLaundry", "QuadStorage", "ServiceTestSupport", grdb]
    ),
    tests(
        "PaymentsServiceTests",
        [
            "PaymentsService", "PaymentsDomain", "PaymentsProviders", "PaymentsStore", "ServiceTestSupport",
            "QuadTestSupport", "QuadWire", "QuadWireNIO", "QuadContracts", "QuadServiceKit", "QuadStorage", grdb,
            logging, protobuf,
        ]
    ),
]

let jobs: [Target] = [
    module("JobsCore", at: "Services/Jobs/Core", ["QuadKernel"]),
    module("JobsLaundry", at: "Services/Jobs/Laundry", ["JobsCore", "LaundryKernel"]),
    // Errands' jobs module (docs/adding-a-product.md): its request, stages, purchase and approval, as a JobProduct.
    module("JobsErrands", at: "Services/Jobs/Errands", ["JobsCore"]),
    // Rides' jobs module: the offer (RideOffer), its seats as a JobProduct, the fare's shares, the prompt deck.
    module("JobsRides", at: "Services/Jobs/Rides", ["JobsCore", "RidesKernel"]),
    service(
        "JobsService",
        at: "Services/Jobs",
        exclude: ["Core", "Laundry", "Errands", "Rides", "main"],
        [
            "JobsLaundry", "JobsErrands", "JobsRides", "ErrandsKernel", "QuadKernel", "LaundryWire", "QuadWire",
            "QuadContracts",
            "QuadStorage",
            "QuadServiceKit", grdb, logging,
        ]
    ),
    executable("quad-jobs", at: "Services/Jobs/main", ["JobsService", "QuadServiceKit"]),
    tests("JobsDomainTests", ["JobsCore", "JobsLaundry", "QuadTestSupport"]),
    tests("JobsErrandsTests", ["JobsErrands", "QuadTestSupport"]),
    tests("JobsRidesTests", ["JobsRides", "QuadTestSupport"]),
    tests(
        "JobsServiceTests",
        [
            "JobsService", "JobsLaundry", "ServiceTestSupport", "QuadTestSupport", "QuadWire",
            "QuadWireNIO", "QuadContracts", "QuadServiceKit", "QuadStorage", grdb, protobuf, logging,
        ],
        exclude: ["Fixtures"]
    ),
]

let matching: [Target] = [
    module("MatchingDomain", at: "Services/Matching/Domain", ["QuadKernel"]),
    // Laundry's matching module: its listing's rules and the batch assignment's earliest start, as a MatchingProduct.
    module("MatchingLaundry", at: "Services/Matching/Laundry", ["MatchingDomain", "LaundryKernel"]),
    // Rides' search (R2): a search's rules, the geohash cover of the walking circle, the ranking of offers (pure).
    module("MatchingRides", at: "Services/Matching/Rides", ["RidesKernel", "QuadKernel"]),
    service(
        "MatchingService",
        at: "Services/Matching",
        exclude: ["Domain", "Laundry", "Rides", "main"],
        [
            "MatchingDomain", "MatchingLaundry", "MatchingRides", "QuadKernel", "LaundryKernel", "LaundryWire",
            "QuadWire",
            "QuadContracts", "QuadStorage", "QuadServiceKit", "RidesKernel", grdb, logging, protobuf,
        ]
    ),
    executable("quad-matching", at: "Services/Matching/main", ["MatchingService", "QuadServiceKit"]),
    tests("MatchingDomainTests", ["MatchingDomain", "MatchingLaundry", "QuadTestSupport"]),
    tests("MatchingRidesTests", ["MatchingRides", "RidesKernel", "QuadKernel", "QuadTestSupport"]),
    tests(
        "MatchingServiceTests",
        [
            "MatchingService", "MatchingDomain", "MatchingRides", "RidesKernel", "ServiceTestSupport",
            "QuadTestSupport",
            "QuadWire", "QuadWireCore", "QuadContracts", "QuadServiceKit", "QuadStorage", grdb, protobuf,
        ]
    ),
]

// MARK: Tools: the CLI, the load harness (G8), the protoc plugin; the system's tests

let fleetDocuments: [Target] = [
    module("FleetDocumentsDomain", at: "Services/FleetDocuments/Domain", ["QuadKernel", crypto]),
    service(
        "FleetDocumentsService",
        at: "Services/FleetDocuments",
        exclude: ["Domain", "Freight", "main"],
        [
            "FleetDocumentsDomain", "FreightDomain", "QuadKernel", "QuadWire", "QuadContracts", "QuadStorage",
            "QuadServiceKit", grdb, logging, crypto, protobuf,
        ]
    ),
    executable(
        "quad-fleet-documents",
        at: "Services/FleetDocuments/main",
        ["FleetDocumentsService", "QuadServiceKit"]
    ),
    // Freight as fleet-documents' product (F1-F9): loads, statuses, stops, the geofence (pure).
    module("FreightDomain", at: "Services/FleetDocuments/Freight", ["QuadKernel"]),
    tests("FleetDocumentsDomainTests", ["FleetDocumentsDomain"]),
    tests("FreightDomainTests", ["FreightDomain"]),
    tests(
        "FleetDocumentsServiceTests",
        [
            "FleetDocumentsService", "FleetDocumentsDomain", "ServiceTestSupport", "QuadTestSupport", "QuadWire",
            "QuadWireCore", "QuadContracts", "QuadStorage", "QuadServiceKit", "QuadBuiltInContracts", grdb, crypto,
        ]
    ),
]

let households: [Target] = [
    // Shared flats' rules (H4-H12, pure): splits and their rounding, balances, simplified debts, recurrence across
    // month ends, leap years and time zones, rotation.
    module("HouseholdsDomain", at: "Services/Households/Domain", ["QuadKernel"]),
    service(
        "HouseholdsService",
        at: "Services/Households",
        exclude: ["Domain", "main"],
        [
            "HouseholdsDomain", "QuadKernel", "QuadWire", "QuadContracts", "QuadStorage", "QuadServiceKit", grdb,
            protobuf, logging,
        ]
    ),
    executable("quad-households", at: "Services/Households/main", ["HouseholdsService", "QuadServiceKit"]),
    tests("HouseholdsDomainTests", ["HouseholdsDomain", "QuadKernel", "QuadTestSupport"]),
    tests(
        "HouseholdsServiceTests",
        [
            "HouseholdsService", "HouseholdsDomain", "ServiceTestSupport", "QuadTestSupport", "QuadWire",
            "QuadWireCore",
            "QuadContracts", "QuadStorage", "QuadServiceKit", "QuadKernel", grdb, logging,
        ]
    ),
]

let tools: [Target] = [
    executable(
        "quad",
        at: "Tools/quad",
        [
            "QuadWire", "QuadWireCore", "QuadWireNIO", "QuadBuiltInContracts", "QuadContracts", "QuadCertificates",
            "QuadDynamicMessages", "QuadToolKit", "QuadKernel", "QuadFaultProxy", argumentParser, nioCore,
        ]
    ),
    // The fault proxy `quad up --fault-proxy` puts between the gateway and each service, and its control client
    // (`quad-load --fault delay:…`, issue 17 item 2).
    module("QuadFaultProxy", at: "Tools/FaultProxy", [nioCore, nioPosix]),
    tests("FaultProxyTests", ["QuadFaultProxy", nioCore, nioPosix]),
    // What quad and quad-load share: endpoints.json, host:port, the demo seeder (G9).
    module("QuadToolKit", at: "Tools/QuadToolKit", ["QuadWire", "QuadWireNIO", "QuadContracts", "IdentityDomain"]),
    //   QuadLoadCore  pure: arrival schedules, latency recording (HdrHistogram), the knee search, reports (JSON, HTML)
    //   QuadLoad      the runner: connections, journeys, seeding, fault hooks, progress
    module("QuadLoadCore", at: "Tools/QuadLoad/Core", [histogram]),
    module(
        "QuadLoad",
        at: "Tools/QuadLoad/Runner",
        [
            "QuadLoadCore", "QuadToolKit", "QuadWire", "QuadWireNIO", "QuadBuiltInContracts", "QuadContracts",
            "QuadDynamicMessages", "QuadKernel", "QuadFaultProxy", nioCore,
        ]
    ),
    //   QuadLoadCheck `quad-load check`: a run's invariants from its call log and the services' databases (read-only)
    module("QuadLoadCheck", at: "Tools/QuadLoad/Check", ["QuadLoadCore", "PaymentsStore", grdb]),
    executable(
        "quad-load",
        at: "Tools/quad-load",
        ["QuadLoad", "QuadLoadCheck", "QuadLoadCore", "QuadToolKit", argumentParser]
    ),
    executable(
        "protoc-gen-quad",
        at: "Tools/protoc-gen-quad",
        [.product(name: "SwiftProtobufPluginLibrary", package: "swift-protobuf")]
    ),
    tests("QuadLoadCoreTests", ["QuadLoadCore"]),
    tests("QuadLoadCheckTests", ["QuadLoadCheck", "QuadLoadCore", grdb]),
    tests(
        "QuadLoadTests",
        [
            "QuadLoad", "QuadLoadCheck", "QuadLoadCore", "QuadToolKit", "QuadWire", "QuadWireCore", "QuadWireNIO",
            "QuadBuiltInContracts", "QuadContracts",
            "QuadCertificates", "ServiceTestSupport", "QuadFaultProxy", logging, nioCore, protobuf,
        ]
    ),
    tests("ProtocGenQuadTests", ["protoc-gen-quad", "QuadToolKit", "ServiceTestSupport"]),
    tests(
        "QuadCLITests",
        [
            "quad", "QuadToolKit", "QuadWireNIO", "QuadBuiltInContracts", "QuadContracts", "QuadCertificates",
            "QuadWire",
            "QuadWireCore", "ServiceTestSupport", "QuadStorage", "QuadFaultProxy", "QuadTestSupport", grdb,
        ]
    ),
    // Issue 17 item 3: every service's routed methods on a temporary database, for libFuzzer (Fuzz/build-services.sh
    // links it into Fuzz/build/service-fuzzer) and for the tests that replay Fuzz/regressions/<service>/.
    testSupport(
        "ServiceFuzzHarness",
        [
            "IdentityService", "IdentityDomain", "JobsService", "MatchingService", "PaymentsService",
            "PaymentsProviders", "PaymentsStore", "HouseholdsService", "FleetDocumentsService", "GatewayService",
            "GatewayDomain", "QuadServiceKit",
            "QuadWire", "QuadWireCore", "QuadWireNIO", "QuadWireInProcess", "QuadCertificates", "QuadStorage",
            "QuadKernel", "QuadContracts", "QuadDynamicMessages", grdb, logging, nioCore, protobuf,
        ]
    ),
    tests("ServiceFuzzTests", ["ServiceFuzzHarness"]),
    tests(
        "LaundrySystemTests",
        [
            "quad", "QuadToolKit", "ServiceTestSupport", "IdentityDomain", "QuadWire", "QuadWireCore", "QuadWireNIO",
            "QuadBuiltInContracts", "QuadContracts", "QuadCertificates", "GatewayService", "QuadDynamicMessages",
            "QuadLoad", "QuadLoadCheck", "QuadLoadCore", "QuadTestSupport", grdb, nioCore, protobuf,
        ]
    ),
]

let package = Package(
    name: "quad",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "quad", targets: ["quad"]),
        .executable(name: "quad-identity", targets: ["quad-identity"]),
        .executable(name: "quad-gateway", targets: ["quad-gateway"]),
        .executable(name: "quad-payments", targets: ["quad-payments"]),
        .executable(name: "quad-jobs", targets: ["quad-jobs"]),
        .executable(name: "quad-matching", targets: ["quad-matching"]),
        .executable(name: "quad-fleet-documents", targets: ["quad-fleet-documents"]),
        .executable(name: "quad-households", targets: ["quad-households"]),
        .executable(name: "quad-load", targets: ["quad-load"]),
        .executable(name: "protoc-gen-quad", targets: ["protoc-gen-quad"]),
        .library(name: "QuadWire", targets: ["QuadWire"]),
        .library(name: "QuadWireNIO", targets: ["QuadWireNIO"]),
        .library(name: "QuadBuiltInContracts", targets: ["QuadBuiltInContracts"]),
        .library(name: "QuadContracts", targets: ["QuadContracts"]),
        // For Benchmarks/ (storage-writes): the storage layer measured on its own.
        .library(name: "QuadStorage", targets: ["QuadStorage"]),
        // For Benchmarks/ (jobs-reads): jobs' store and handlers seeded and served over Hummingbird beside quad-jobs.
        .library(
            name: "JobsService",
            targets: ["JobsService", "JobsCore", "JobsLaundry", "QuadServiceKit", "QuadCertificates"]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
    ],
    targets: wire + kits + identity + gateway + payments + jobs + matching + fleetDocuments + households + tools
)
