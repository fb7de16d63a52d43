/// One RPC method found in a ``DescriptorPool``.
public struct MethodInfo: Hashable, Sendable {
    /// `package.Service/Method`, e.g. `quad.identity.v1.Identity/Register`.
    public var fullName: String
    /// The full name of the request message, e.g. `quad.identity.v1.RegisterRequest`.
    public var inputType: String
    /// The full name of the response message, e.g. `quad.identity.v1.RegisterResponse`.
    public var outputType: String
    /// Whether the caller sends a stream of requests.
    public var clientStreaming: Bool
    /// Whether the callee sends a stream of responses.
    public var serverStreaming: Bool

    /// Creates a method description.
    public init(fullName: String, inputType: String, outputType: String, clientStreaming: Bool, serverStreaming: Bool) {
        self.fullName = fullName
        self.inputType = inputType
        self.outputType = outputType
        self.clientStreaming = clientStreaming
        self.serverStreaming = serverStreaming
    }
}
