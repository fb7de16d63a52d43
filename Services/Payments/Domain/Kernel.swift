// PaymentsDomain speaks in the shared kernel's values (Money, Microseconds), as does every module that uses it:
// re-exported, so they are one type across the contexts' domains. Laundry's values (LaundryAddOn) are the laundry
// product's own (LaundryKernel), re-exported here while this domain still holds laundry's rules.
@_exported public import QuadKernel
@_exported public import LaundryKernel
