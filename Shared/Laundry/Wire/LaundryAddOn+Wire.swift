public import LaundryKernel
public import QuadContracts
import QuadWire

/// Laundry's add-ons on the wire (`quad.types.v1.LaundryAddOn`), the same for jobs, matching and payments.
extension LaundryAddOn {
    /// The add-on on the wire.
    public var wire: Quad_Types_V1_LaundryAddOn {
        switch self {
        case .folding: .folding
        case .ironing: .ironing
        }
    }

    /// The add-ons a request names; INVALID_ARGUMENT naming the first entry that is not one (`add_ons[1]`).
    public static func set(fromWire values: [Quad_Types_V1_LaundryAddOn], field: String = "add_ons") throws -> Set<
        LaundryAddOn
    > {
        var addOns: Set<LaundryAddOn> = []
        for (index, value) in values.enumerated() {
            switch value {
            case .folding: addOns.insert(.folding)
            case .ironing: addOns.insert(.ironing)
            case .unspecified, .UNRECOGNIZED:
                throw RPCError(
                    code: .invalidArgument,
                    message:
                        "\(field)[\(index)]: \(value.rawValue) is not an add-on; choose LAUNDRY_ADD_ON_FOLDING or LAUNDRY_ADD_ON_IRONING"
                )
            }
        }
        return addOns
    }
}
