/// One enum type found in a ``DescriptorPool``.
public struct EnumInfo: Hashable, Sendable {
    /// The full name, e.g. `quad.identity.v1.Gender`.
    public var fullName: String
    /// The values in declaration order; several names may share a number (`allow_alias`).
    public var values: [(name: String, number: Int32)] {
        zip(names, numbers).map { (name: $0, number: $1) }
    }

    private var names: [String]
    private var numbers: [Int32]
    private var numbersByName: [String: Int32]
    private var namesByNumber: [Int32: String]

    init(fullName: String, values: [(name: String, number: Int32)]) {
        self.fullName = fullName
        self.names = values.map(\.name)
        self.numbers = values.map(\.number)
        self.numbersByName = Dictionary(values.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
        // With aliases the first name declared for a number is the one written, as protoc does.
        self.namesByNumber = Dictionary(values.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The number of the value called `name`, if there is one.
    public func number(named name: String) -> Int32? { numbersByName[name] }

    /// The name of the value numbered `number`, if there is one (open enums may carry others).
    public func name(of number: Int32) -> String? { namesByNumber[number] }

    /// The value a field of this enum type has when unset: the first declared.
    var defaultNumber: Int32 { numbers.first ?? 0 }
}
