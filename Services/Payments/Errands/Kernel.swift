// PaymentsErrands is errands' module of payments: it speaks in the core's values (Quote, QuoteItem, QuoteLine,
// EarningsSplit, Money), and errands' kernel (its id, its item codes), re-exported so a user of the module imports one name.
@_exported public import PaymentsDomain
@_exported public import ErrandsKernel
