/// Every node's place under its ancestors (its `parentId` chain), resolved for all nodes in one
/// pass of O(nodes) however deep the chains are: each node's parent is looked up once and each
/// node is placed from its parent's result. A missing parent counts as no parent; a node whose
/// chain runs into a cycle counts as having no parent (it sits at its own position), and so do
/// its descendants. Used by the canvas (layout, draw order, drags) and by `NodeLookup`.
public struct ParentChains: Sendable {
    /// One node's resolved chain (48 bytes: the fields are in the order that leaves the least
    /// padding).
    public struct Link: Sendable {
        /// Absolute top-left, flow units: the node's position plus its ancestors' positions.
        public var origin = Point.zero
        /// Number of ancestors.
        public var depth = 0
        /// The highest `(zIndex, selected ? 1 : 0)` of the node and its ancestors (canvas.md §3:
        /// a node ranks at least as high as each of its ancestors).
        public var rank = (z: 0, selected: 0)
        /// The parent's index, -1 for none (no parent, a missing one, or a cycle).
        public var parent: Int32 = -1
        /// Where `resolve` is with this node.
        public var state = State.pending
    }

    /// A node's progress through `resolve`: not reached, on the chain being walked up, placed
    /// under its ancestors, or detached.
    public enum State: UInt8, Sendable {
        case pending, walking, placed
        /// Placed at its own position: its chain runs into a cycle.
        case detached
    }

    /// One link per node of the last `resolve`, by node index.
    public private(set) var links: [Link] = []
    /// Parent lookups (`parentId` → index) the last `resolve` made: one per node with a parent.
    public private(set) var lookups = 0
    /// The chain being walked up (reused).
    private var walk: [Int32] = []
    /// Whether each node is the parent of another, as of the last `resolve`.
    private var isParent: [Bool] = []

    /// Creates an empty resolver.
    public init() {}

    /// Resolves every node of `nodes`, parents found through `index` (id → node index, nil for
    /// none). O(nodes); reads each node once.
    public mutating func resolve<Data>(_ nodes: [Node<Data>], index: (String) -> Int?) {
        links.fill(repeating: Link(), count: nodes.count)
        isParent.fill(repeating: false, count: nodes.count)
        lookups = 0
        for i in nodes.indices where links[i].state == .pending {
            walk.removeAll(keepingCapacity: true)
            var k = i
            var top: Link?   // the placed ancestor the walk hangs from; nil: a root
            var cycle = false
            while true {
                let node = nodes[k]
                links[k].origin = node.position
                links[k].rank = (node.zIndex, node.selected ? 1 : 0)
                links[k].state = .walking
                walk.append(Int32(k))
                guard let pid = node.parentId else { break }
                lookups += 1
                guard let j = index(pid) else { break }
                switch links[j].state {
                case .pending: links[k].parent = Int32(j); isParent[j] = true; k = j; continue
                case .walking: cycle = true
                case .detached: cycle = true
                case .placed: links[k].parent = Int32(j); isParent[j] = true; top = links[j]
                }
                break
            }
            for w in walk.reversed() {
                let k = Int(w)
                if cycle {
                    links[k].parent = -1
                    links[k].state = .detached
                } else {
                    if let t = top {
                        links[k].origin += t.origin
                        links[k].depth = t.depth + 1
                        if t.rank > links[k].rank { links[k].rank = t.rank }
                    }
                    links[k].state = .placed
                    top = links[k]
                }
            }
        }
    }

    /// Re-resolves only the nodes at `indices` of `nodes`, which has the same ids in the same
    /// order as the array of the last `resolve` (only other fields changed), when that is enough:
    /// none of them is a parent, and each keeps its parent (none, or the same node, by index). Returns
    /// false, changing nothing, when it is not enough (call `resolve`). O(indices).
    public mutating func update<Data>(_ nodes: [Node<Data>], at indices: [Int], index: (String) -> Int?) -> Bool {
        guard links.count == nodes.count, isParent.count == nodes.count else { return false }
        for i in indices {
            guard !isParent[i], links[i].state == .placed else { return false }
            // A first parent link, even to a missing node, is counted by `resolve` (see `replaceTail`).
            if lookups == 0 && nodes[i].parentId != nil { return false }
            let parent = links[i].parent
            // The same parent as before: none (no parentId, or one naming no node), or the same node.
            let now = nodes[i].parentId.flatMap(index)
            guard now == (parent >= 0 ? Int(parent) : nil) else { return false }
        }
        for i in indices {
            let node = nodes[i]
            links[i].origin = node.position
            links[i].rank = (node.zIndex, node.selected ? 1 : 0)
            let parent = Int(links[i].parent)
            if parent >= 0 {
                let top = links[parent]
                links[i].origin += top.origin
                if top.rank > links[i].rank { links[i].rank = top.rank }
            }
        }
        return true
    }

    /// Follows the removal of the nodes at `removed` (ascending, distinct indices) from a node
    /// array that kept the others' order and fields, when no node of the last array had a parent
    /// (`lookups` is 0): every link stands alone and only moves down. Returns false, changing
    /// nothing, otherwise (call `resolve`). O(nodes after the first removed one) in moves.
    package mutating func remove(atSorted removed: [Int]) -> Bool {
        guard lookups == 0, isParent.count == links.count, removed.last.map({ $0 < links.count }) ?? true else { return false }
        links.remove(atSorted: removed)
        isParent.remove(atSorted: removed)
        return true
    }

    /// Follows a node array that kept the first `kept` nodes of the last one (same ids, places
    /// and fields) and holds new nodes after them, when that is enough: no node of the last array
    /// had a parent (so none of the dropped ones was one) and no new node has one. The new nodes
    /// are placed at their own positions. Returns false, changing nothing, when it is not enough
    /// (call `resolve`). O(dropped + new nodes).
    public mutating func replaceTail<Data>(_ nodes: [Node<Data>], kept: Int) -> Bool {
        guard lookups == 0, kept <= links.count, kept <= nodes.count, isParent.count == links.count else { return false }
        for i in kept..<nodes.count where nodes[i].parentId != nil { return false }
        links.removeLast(links.count - kept)
        isParent.removeLast(isParent.count - kept)
        for i in kept..<nodes.count {
            let node = nodes[i]
            links.append(Link(origin: node.position, depth: 0, rank: (node.zIndex, node.selected ? 1 : 0), parent: -1, state: .placed))
            isParent.append(false)
        }
        return true
    }
}
