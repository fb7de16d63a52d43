/// How long a test waits for what an idle machine does in milliseconds: a TLS handshake, a connect, a call reaching
/// its handler. CI runs every suite at once on two cores, where a debug build's handshake can wait its turn for
/// seconds; the production defaults (a server's 10 s for the handshake, a client's 5 s to connect) closed such
/// connections. A cap, not a measurement: a test of a timeout sets its own.
public enum LoadedMachine {
    public static let patience: Duration = .seconds(60)
}
