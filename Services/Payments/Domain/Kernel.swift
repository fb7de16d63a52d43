// PaymentsDomain speaks in the shared kernel's values (Money, Microseconds), as does every module that uses it:
// re-exported, so they are one type across the contexts' domains.
@_exported public import QuadKernel
