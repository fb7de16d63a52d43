// protoc-gen-quad: generates Quad's typed service stubs from Proto/.
//
// For every .proto file with `service` blocks it writes `<file>.quad.swift` holding, per
// service, an enum namespace with the method descriptors, its `protoFiles` (the file and
// every file it imports, which the service hands to a server's Reflection), a
// `ServiceProtocol` to implement and a typed `Client`. It also writes `ProtoFiles.quad.swift`:
// every file's serialized FileDescriptorProto (dependencies included), and, unless
// `Catalogs=false`, `ServiceCatalog.quad.swift` and `Events.quad.swift`: the events between
// contexts (messages with `event_topic`), with a typed send per producer and a `Deliver`
// protocol per consumer; it stops, writing nothing, when an event goes to a context that does
// not declare it in `receives` (EventModel). Its options are GeneratorOptions'.
// Run through Tools/generate-contracts.sh (once per module), never by hand.
import SwiftProtobufPluginLibrary

QuadStubGenerator().main(nil)
