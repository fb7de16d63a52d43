// PaymentsRides is rides' module of payments: it speaks in the core's values (Quote, QuoteItem, QuoteLine,
// EarningsSplit, Money), and rides' kernel (its id, its payment line's code, its tariff's currency), re-exported so a
// user of the module imports one name.
@_exported public import PaymentsDomain
@_exported public import RidesKernel
