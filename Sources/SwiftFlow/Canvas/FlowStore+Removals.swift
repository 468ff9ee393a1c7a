import SwiftFlowCore

// How `FlowStore` tells the removals it can apply without moving elements (the last ones,
// which the canvas follows in proportion to them) from those that move every element after them.
extension FlowStore {
    /// Whether a change moves elements to other indices (a removal).
    static func reshapes(_ c: NodeChange<NodeData>) -> Bool {
        if case .remove = c { return true }
        return false
    }

    static func reshapes(_ c: EdgeChange<EdgeData>) -> Bool {
        if case .remove = c { return true }
        return false
    }

    /// The ids the changes remove; nil when they add an element.
    static func removedIds(_ changes: [NodeChange<NodeData>]) -> [String]? {
        var ids: [String] = []
        for c in changes {
            switch c {
            case .remove(let id): ids.append(id)
            case .add: return nil
            default: continue
            }
        }
        return ids
    }

    static func removedIds(_ changes: [EdgeChange<EdgeData>]) -> [String]? {
        var ids: [String] = []
        for c in changes {
            switch c {
            case .remove(let id): ids.append(id)
            case .add: return nil
            default: continue
            }
        }
        return ids
    }

    /// Whether removing the elements `ids` (found through `index`) of an array of `count`
    /// removes only elements at its end, so the others keep their places (nil `ids`: the changes
    /// add an element). O(ids).
    func removesTail(_ ids: [String]?, of count: Int, index: [String: Int]?) -> Bool {
        guard let ids, let index else { return false }
        var places = Set<Int>(), lowest = count
        for id in ids {
            guard let i = index[id] else { continue }
            places.insert(i)
            lowest = min(lowest, i)
        }
        return lowest == count - places.count
    }
}
