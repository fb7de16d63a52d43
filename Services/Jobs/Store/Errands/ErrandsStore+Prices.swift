import GRDB
import JobsErrands

/// What was paid for items (E8): kept at delivery, one row per item bought, for the campus's average prices.
extension ErrandsStore {
    /// Keeps the price paid for one of each item `purchase` bought on `errand`, delivered at `at`, under the item's
    /// name key (``ErrandsRules/key(_:)``) and the errand's campus.
    static func recordPrices(of errand: Errand, purchase: ErrandPurchase, at: Int64, _ db: Database) throws {
        let request = errand.request
        for line in purchase.bought(of: request) {
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO errand_item_price (campus_id, name_key, errand_id, position, price_minor,
                        currency, completed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    request.campus, ErrandsRules.key(request.items[line.index].name), errand.id, line.index,
                    line.price.minorUnits, line.price.currency, at,
                ]
            )
        }
    }
}
