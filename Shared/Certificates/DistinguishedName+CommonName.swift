import X509

extension DistinguishedName {
    /// The first common name in the name, if there is one.
    var commonName: String? {
        for relativeName in self {
            for attribute in relativeName where attribute.type == .RDNAttributeType.commonName {
                return String(attribute.value)
            }
        }
        return nil
    }
}
