import SwiftFlowCore

/// The handle registry's flat arrays and anchors as one value (`HandleRegistry.table`), for a
/// pass over many edge ends (`EdgeResolver`, `EdgeEndReader`): the registry is a class, and each
/// read of one of its properties costs an exclusivity check and a retain, several per end.
/// Copying it retains five arrays; it stays valid while the registry does not change.
struct HandleTable {
    let packed: [PackedHandle]
    let styles: [HandleStyle]
    let starts: [Int32]
    let counts: [Int32]
    /// The absolute anchors (flow units), by entry.
    let anchors: SpatialHash

    /// The entry indices of node `nodeIndex`'s handles (empty for an unknown node). O(1).
    func range(ofNode nodeIndex: Int) -> Range<Int> { Self.range(ofNode: nodeIndex, starts, counts) }

    /// The entry indices of node `nodeIndex`'s handles in a registry of these `starts` and
    /// `counts` (empty for an unknown node). O(1).
    static func range(ofNode nodeIndex: Int, _ starts: [Int32], _ counts: [Int32]) -> Range<Int> {
        guard nodeIndex >= 0, nodeIndex < starts.count else { return 0..<0 }
        let s = Int(starts[nodeIndex])
        return s..<s + Int(counts[nodeIndex])
    }

    /// The first entry of `handles` whose id is `id` (and type `type`, when given), or nil.
    /// O(handles).
    func scan(_ handles: Range<Int>, id: String, type: HandleType?) -> Int? {
        for e in handles {
            let s = styles[Int(packed[e].style)]
            if s.id == id && (type == nil || s.type == type) { return e }
        }
        return nil
    }

    /// The entry of node `nodeIndex`'s first handle of `type` (by order), or nil. O(its handles).
    func first(nodeIndex: Int, type: HandleType) -> Int? {
        for e in range(ofNode: nodeIndex) where styles[Int(packed[e].style)].type == type { return e }
        return nil
    }
}
