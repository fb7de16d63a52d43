// Laundry is a product on the job core: its module re-exports JobsCore (and through it the shared kernel), and the
// laundry product's own values (LaundryAddOn, LaundryKernel), so a module that speaks of laundry jobs imports this
// one alone.
@_exported public import JobsCore
@_exported public import LaundryKernel
