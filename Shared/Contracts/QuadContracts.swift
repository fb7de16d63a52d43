// QuadContracts: the products' contracts, the Swift generated from Proto/ by
// Tools/generate-contracts.sh (every file but the built-in services' and the options they
// import, which are QuadBuiltInContracts).
//
// `*.pb.swift` files are messages (protoc-gen-swift); `*.quad.swift` files are service
// descriptors, server protocols and typed clients (protoc-gen-quad), each service with its
// `protoFiles` for the server's Reflection; `ProtoFiles.quad.swift` holds the module's file
// descriptors (`QuadProtoFiles`), `ServiceCatalog.quad.swift` every service with its context
// and `Events.quad.swift` the events between contexts. Only this file is written by hand; the
// script deletes and rewrites the others, and CI fails when they are stale.

/// Marks the module; see the comment above for what it holds.
public enum QuadContracts {
    /// The proto package prefix all of Quad's own files share.
    public static let packagePrefix = "quad."
}
