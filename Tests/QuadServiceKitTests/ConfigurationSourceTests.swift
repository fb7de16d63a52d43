import QuadServiceKit
import Testing

@Suite("ConfigurationSource")
struct ConfigurationSourceTests {
    @Test(
        "a flag wins over the environment, which wins over the default",
        arguments: [
            (["--rpc-port", "7001"], ["QUAD_RPC_PORT": "7002"], 7001),
            (["--rpc-port=7003"], ["QUAD_RPC_PORT": "7002"], 7003),
            ([], ["QUAD_RPC_PORT": "7002"], 7002),
            ([], [:], 7000),
            (["--rpc-port", "1", "--rpc-port=2"], [:], 2),
            (["--", "--rpc-port", "1"], [:], 7000),
            (["--rpc-portal", "1"], [:], 7000),
        ] as [([String], [String: String], Int)]
    )
    func precedence(arguments: [String], environment: [String: String], expected: Int) throws {
        // Given a command line and environment
        let config = ConfigurationSource(arguments: arguments, environment: environment)
        // When the port is read
        let port = try config.int("rpc-port", default: 7000)
        // Then the highest-precedence source wins
        #expect(port == expected)
    }

    @Test("strings come from either flag syntax")
    func strings() throws {
        // Given both flag syntaxes
        let config = ConfigurationSource(arguments: ["--data-dir", "/tmp/a", "--host=0.0.0.0"], environment: [:])
        // Then both are read, and an absent key falls back to its default
        #expect(try config.string("data-dir", default: ".") == "/tmp/a")
        #expect(try config.string("host", default: "127.0.0.1") == "0.0.0.0")
        #expect(try config.string("name", default: "quad") == "quad")
    }

    @Test("a bad integer names the key, the value and where it came from")
    func badInt() {
        // Given a non-integer port in the environment
        let config = ConfigurationSource(arguments: [], environment: ["QUAD_RPC_PORT": "seventy"])
        // When it is read as an integer
        let error = #expect(throws: ConfigurationError.self) { try config.int("rpc-port", default: 7000) }
        // Then the error says which key, which value and which variable
        #expect(error?.code == .invalidValue)
        #expect(error?.key == "rpc-port")
        #expect(error?.value == "seventy")
        #expect(error?.origin == "QUAD_RPC_PORT")
        #expect(error?.message.contains("rpc-port") == true)
        #expect(error?.message.contains("seventy") == true)
    }

    @Test("a flag without a value is an error")
    func missingValue() {
        // Given a flag at the end of the command line
        let config = ConfigurationSource(arguments: ["--rpc-port"], environment: [:])
        // Then reading it fails with missingValue naming the flag
        let error = #expect(throws: ConfigurationError.self) { try config.int("rpc-port", default: 7000) }
        #expect(error?.code == .missingValue)
        #expect(error?.origin == "--rpc-port")
    }

    @Test(
        "booleans: bare flags, words and numbers",
        arguments: [
            (["--verbose"], [:], true),
            (["--verbose", "--other"], [:], true),
            (["--verbose", "positional"], [:], true),
            (["--verbose=false"], [:], false),
            (["--verbose", "no"], ["QUAD_VERBOSE": "true"], false),
            ([], ["QUAD_VERBOSE": "1"], true),
            ([], ["QUAD_VERBOSE": "off"], false),
            ([], [:], false),
        ] as [([String], [String: String], Bool)]
    )
    func bools(arguments: [String], environment: [String: String], expected: Bool) throws {
        let config = ConfigurationSource(arguments: arguments, environment: environment)
        #expect(try config.bool("verbose", default: false) == expected)
    }

    @Test("a bad boolean is an error")
    func badBool() {
        let config = ConfigurationSource(arguments: ["--verbose=maybe"], environment: [:])
        let error = #expect(throws: ConfigurationError.self) { try config.bool("verbose", default: false) }
        #expect(error?.value == "maybe")
    }

    @Test(
        "durations take a unit",
        arguments: [
            ("250us", Duration.microseconds(250)),
            ("500ms", .milliseconds(500)),
            ("5s", .seconds(5)),
            ("2m", .seconds(120)),
            ("1h", .seconds(3600)),
        ]
    )
    func durations(text: String, expected: Duration) throws {
        let config = ConfigurationSource(arguments: ["--drain-timeout", text], environment: [:])
        #expect(try config.duration("drain-timeout", default: .seconds(10)) == expected)
    }

    @Test("durations without a whole number and a known unit are errors", arguments: ["5", "5x", "ms", "-5s", "1.5s"])
    func badDurations(text: String) {
        let config = ConfigurationSource(arguments: [], environment: ["QUAD_DRAIN_TIMEOUT": text])
        let error = #expect(throws: ConfigurationError.self) {
            try config.duration("drain-timeout", default: .seconds(10))
        }
        #expect(error?.key == "drain-timeout")
        #expect(error?.value == text)
    }

    @Test("every key read is documented once, with its environment name, type and default")
    func documentedKeys() throws {
        // Given a service that reads its configuration (one key twice)
        let config = ConfigurationSource(arguments: ["--help-config"], environment: [:])
        _ = try config.int("rpc-port", default: 7001, help: "port of the RPC listener")
        _ = try config.duration("drain-timeout", default: .seconds(10))
        _ = try config.bool("verbose", default: false)
        _ = try config.int("rpc-port", default: 7001)
        // When it is asked for help
        let keys = config.documentedKeys
        let help = config.helpText()
        // Then each key appears once, in first-read order, and the help lists them
        #expect(config.isHelpRequested)
        #expect(keys.map(\.key) == ["rpc-port", "drain-timeout", "verbose"])
        #expect(keys[0].environmentName == "QUAD_RPC_PORT")
        #expect(keys[0].type == .int)
        #expect(keys[0].defaultValue == "7001")
        #expect(keys[1].defaultValue == "10s")
        #expect(help.contains("--rpc-port"))
        #expect(help.contains("QUAD_DRAIN_TIMEOUT"))
        #expect(help.contains("port of the RPC listener"))
    }

    @Test("environment names are QUAD_ and the key in upper snake case")
    func environmentNames() {
        #expect(ConfigurationSource.environmentName(for: "rpc-port") == "QUAD_RPC_PORT")
        #expect(ConfigurationSource.environmentName(for: "tls-cert-path") == "QUAD_TLS_CERT_PATH")
    }
}
