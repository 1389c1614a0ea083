import Foundation
import GRDB

extension LimotStore {
    /// The rows limot keeps a history in, and the column that dates them.
    enum HistoryTable: String {
        case lookup, pageVisit = "page_visit"

        var timeColumn: String {
            switch self {
            case .lookup: return "looked_up_at"
            case .pageVisit: return "visited_at"
            }
        }
    }

    /// Forgets rows of `table` dated before `olderThan`, and all but the
    /// newest `keepingNewest`; with both, a row goes when either says so;
    /// with neither, nothing goes. Returns how many were removed.
    func prune(_ table: HistoryTable, olderThan: Date?, keepingNewest: Int?) throws(StoreError) -> Int {
        let name = table.rawValue, time = table.timeColumn
        let removed = try write { db in
            var removed = 0
            if let olderThan {
                try db.execute(sql: "DELETE FROM \(name) WHERE \(time) < ?", arguments: [StoreCoding.milliseconds(olderThan)])
                removed += db.changesCount
            }
            if let keepingNewest {
                try db.execute(sql: """
                    DELETE FROM \(name) WHERE id NOT IN
                        (SELECT id FROM \(name) ORDER BY \(time) DESC, id DESC LIMIT ?)
                    """, arguments: [max(0, keepingNewest)])
                removed += db.changesCount
            }
            return removed
        }
        if removed > 0 { forgetRemovedPages() }
        return removed
    }
}
