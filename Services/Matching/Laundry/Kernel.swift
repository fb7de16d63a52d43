// MatchingLaundry is laundry's module of matching: it speaks in the zone queue's values (Listing, MatchingError) and
// laundry's own (LaundryListing, LaundryAddOn), both re-exported so a user of the module imports one name.
@_exported public import LaundryKernel
@_exported public import MatchingDomain
