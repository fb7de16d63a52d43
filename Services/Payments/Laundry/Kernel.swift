// PaymentsLaundry is laundry's module of payments: it speaks in the core's values (Quote, QuoteLine, EarningsSplit,
// Money) and laundry's own (LaundryAddOn), both re-exported so a user of the module imports one name.
@_exported public import LaundryKernel
@_exported public import PaymentsDomain
