import Foundation
import QuadToolKit
import ServiceTestSupport
import Testing

/// protoc-gen-quad generating one module of two (issue 12 item 6): the built-in contracts with
/// `ProtoFiles=QuadBuiltInProtoFiles,Catalogs=false`, the products' with the defaults. Each service hands over
/// its own file and every file it imports, and the output does not change from one run to the next.
@Suite(
    "protoc-gen-quad modules and each service's files",
    .enabled(
        if: BuildProducts.exists("protoc-gen-quad") && FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc")
    )
)
struct ModuleGenerationTests {
    /// The repository's Proto/.
    static let protoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Proto").path

    /// alpha.proto's service imports beta.proto, which imports types.proto: a service's files are the closure.
    static let fixtures = [
        "quad/alpha/v1/alpha.proto": """
        syntax = "proto3";
        package quad.alpha.v1;
        import "quad/beta/v1/beta.proto";
        service Alpha {
          rpc Look(quad.beta.v1.Thing) returns (quad.beta.v1.Thing);
        }
        """,
        "quad/beta/v1/beta.proto": """
        syntax = "proto3";
        package quad.beta.v1;
        import "quad/types/v1/types.proto";
        message Thing { quad.types.v1.Amount amount = 1; }
        """,
    ]

    /// What one protoc run wrote (file name relative to the output directory, to its text), or why it failed.
    struct Run {
        var status: Int32
        var stderr: String
        var files: [String: String]
    }

    /// Runs protoc with the built plugin and `options` over `protos`, with the fixtures and Proto/ on the path.
    static func generate(_ protos: [String], options: String? = nil) async throws -> Run {
        let directory = NSTemporaryDirectory() + "protoc-gen-quad-modules-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/proto"
        let output = directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for (name, text) in fixtures {
            let path = input + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let run = try await ChildProcess.run(
            "/usr/bin/protoc",
            [
                "-I", input, "-I", protoRoot,
                "--plugin=protoc-gen-quad=\(BuildProducts.path("protoc-gen-quad"))",
                "--quad_out=\(output)",
            ] + (options.map { ["--quad_opt=\($0)"] } ?? []) + protos,
            capturing: .error
        )
        let said = run.output
        var files: [String: String] = [:]
        if let walk = FileManager.default.enumerator(atPath: output) {
            for case let name as String in walk where name.hasSuffix(".swift") {
                files[name] = try String(contentsOfFile: output + "/" + name, encoding: .utf8)
            }
        }
        return Run(status: run.termination.code, stderr: said, files: files)
    }

    @Test("the built-in run writes stubs and its own descriptors enum, and no catalog")
    func builtInModule() async throws {
        let run = try await Self.generate(
            ["quad/health/v1/health.proto", "quad/options/v1/options.proto"],
            options: "ProtoFiles=QuadBuiltInProtoFiles,Catalogs=false"
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.files.keys.sorted() == ["ProtoFiles.quad.swift", "quad/health/v1/health.quad.swift"])
        let descriptors = try #require(run.files["ProtoFiles.quad.swift"])
        #expect(descriptors.contains("public enum QuadBuiltInProtoFiles {"))
        #expect(descriptors.contains(#"files["google/protobuf/descriptor.proto"]"#))
        let health = try #require(run.files["quad/health/v1/health.quad.swift"])
        #expect(
            health.contains(
                """
                    public static let protoFiles: [String: [UInt8]] = QuadBuiltInProtoFiles.subset([
                        "google/protobuf/descriptor.proto",
                        "quad/health/v1/health.proto",
                        "quad/options/v1/options.proto",
                    ])
                """
            ),
            "\(health)"
        )
        #expect(health.contains("public var protoFiles: [String: [UInt8]] { Quad_Health_V1_Health.protoFiles }"))
    }

    @Test("a service hands over its file and every file it imports, directly or not; the catalog carries them")
    func serviceFilesAreTheClosure() async throws {
        let run = try await Self.generate(["quad/alpha/v1/alpha.proto", "quad/beta/v1/beta.proto"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.files.keys.sorted() == [
                "Events.quad.swift", "ProtoFiles.quad.swift", "ServiceCatalog.quad.swift",
                "quad/alpha/v1/alpha.quad.swift",
            ]
        )
        let alpha = try #require(run.files["quad/alpha/v1/alpha.quad.swift"])
        #expect(
            alpha.contains(
                """
                    public static let protoFiles: [String: [UInt8]] = QuadProtoFiles.subset([
                        "quad/alpha/v1/alpha.proto",
                        "quad/beta/v1/beta.proto",
                        "quad/types/v1/types.proto",
                    ])
                """
            ),
            "\(alpha)"
        )
        let catalog = try #require(run.files["ServiceCatalog.quad.swift"])
        #expect(catalog.contains("protoFiles: Quad_Alpha_V1_Alpha.protoFiles"))
        let descriptors = try #require(run.files["ProtoFiles.quad.swift"])
        #expect(descriptors.contains("public enum QuadProtoFiles {"))
        #expect(descriptors.contains(#"files["quad/types/v1/types.proto"]"#))
    }

    @Test("two runs over the same files write the same bytes")
    func deterministic() async throws {
        let protos = ["quad/alpha/v1/alpha.proto", "quad/beta/v1/beta.proto", "quad/health/v1/health.proto"]
        let first = try await Self.generate(protos)
        let second = try await Self.generate(protos)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.files.isEmpty)
        #expect(first.files == second.files)
    }

    @Test(
        "an option it does not understand stops the generator, which names it",
        arguments: ["Nope=1", "Catalogs=maybe", "ProtoFiles=no such"]
    )
    func refusesUnknownOptions(option: String) async throws {
        let run = try await Self.generate(["quad/beta/v1/beta.proto"], options: option)
        #expect(run.status != 0)
        #expect(run.stderr.contains("the option \(option) is not understood"), "\(run.stderr)")
        #expect(run.files.isEmpty)
    }
}
