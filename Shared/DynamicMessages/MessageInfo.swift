/// One message type found in a ``DescriptorPool``.
public struct MessageInfo: Hashable, Sendable {
    /// The full name, e.g. `quad.identity.v1.RegisterRequest`.
    public var fullName: String
    /// The fields, in field-number order (the order JSON output is written in).
    public var fields: [FieldInfo]
    /// Whether this is the synthetic entry message of a `map<K, V>` field.
    public var isMapEntry: Bool

    private var indexByNumber: [Int32: Int]
    private var indexByJSONKey: [String: Int]

    init(fullName: String, fields: [FieldInfo], isMapEntry: Bool) {
        self.fullName = fullName
        self.fields = fields.sorted { $0.number < $1.number }
        self.isMapEntry = isMapEntry
        var indexByNumber: [Int32: Int] = [:]
        var indexByJSONKey: [String: Int] = [:]
        for (index, field) in self.fields.enumerated() {
            indexByNumber[field.number] = index
            indexByJSONKey[field.name] = index
        }
        // JSON names win over proto names if the two ever collide, as the JSON mapping is what callers type.
        for (index, field) in self.fields.enumerated() {
            indexByJSONKey[field.jsonName] = index
        }
        self.indexByNumber = indexByNumber
        self.indexByJSONKey = indexByJSONKey
    }

    /// The field numbered `number`, if there is one.
    public func field(number: Int32) -> FieldInfo? {
        indexByNumber[number].map { fields[$0] }
    }

    /// The field a JSON key names: its JSON name (`dateOfBirth`) or its proto name (`date_of_birth`).
    public func field(jsonKey: String) -> FieldInfo? {
        indexByJSONKey[jsonKey].map { fields[$0] }
    }
}
