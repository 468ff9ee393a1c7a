import SwiftFlowCore

/// The node cache part: what the canvas keeps about the nodes between frames — each node's
/// interned id and `NodeState` (origin, size, ops of this frame, solid picture), the parent
/// chains, the node index (culling and box selection) and the visible nodes in drawing order.
/// Written by the `build` stage (`syncGraph`, `layoutVisible`, `layoutNode`); `changes` is read
/// and emptied by the `index` stage; everything else is read by the later stages.
struct NodeCache {
    /// Node ids by index of the frame's array (interned when the array's ids change).
    var ids: [String] = []
    /// The distinct far colours of the nodes (`NodeState.farColor` indexes it) and their places.
    private(set) var farColors: [Color] = []
    private var farColorIndex: [Color: Int32] = [:]
    /// The place `internFarColor` returned last: nodes of one type follow each other with one
    /// colour, compared there before the colour is hashed.
    private var lastFarColor = -1
    /// Index of each id in the frame's array (the first of duplicates), read from `ids`
    /// (`index(of:)`): the store's node map when a `FlowStore` holds the array and its ids are
    /// unique (the two share it until either changes), else the canvas' own.
    var idMap = ElementIdIndex()
    /// One state per node of the frame's array.
    var states: [NodeState] = []
    /// How many nodes share their id with an earlier node (`NodeState.duplicate`).
    var duplicates = 0
    /// Every node's absolute origin, parent, depth and drawing rank, resolved once per frame
    /// whose node array changed.
    var parentChains = ParentChains()
    /// The drawn nodes (visible area plus the culling margin) in drawing order; with the overview
    /// picture, only those drawn live on top of it (`FlowCanvas.queryDrawnNodes`).
    var visible: [Int32] = []
    /// The draw ops of the nodes laid out this frame (`NodeState.opsStart`/`opsCount`).
    var ops: [NodeDrawOp] = []
    /// Rectangles of drawn, laid-out nodes (flow units), for culling and box selection.
    var bounds = RectIndex()
    /// Rectangles of the nodes' solid pictures (see SolidPictures.swift).
    var solidPictures = SolidPictureStore()
    /// Nodes under a gesture or focused, which never take the solid tier (`collectInteracting`); a
    /// set reused between frames, as every visible node asks it (a drag may hold hundreds).
    var interacting: Set<Int32> = []
    /// What layout changed that the index stage must follow (see `LayoutChanges`).
    var changes = LayoutChanges()
    /// Whether the visible nodes need sorting for drawing (z-index, selection, parents); kept
    /// from the last full pass over the nodes.
    var drawOrderNeedsSort = false
    /// Whether every drawable node has been laid out (true after a full pass over the nodes).
    var allLaidOut = false
    /// Bumped every frame whose node array differs from the last frame's (for caches).
    var nodesVersion = 0
    /// Bumped every frame whose node array changed in unknown ways: solid pictures recorded
    /// before are out of date (a change at known indices drops only those nodes' pictures).
    var pictureVersion = 0
    /// Bumped when a layout changes a node's size or the array is re-interned (for caches).
    var sizesVersion = 0
    /// The longer side of the largest laid-out node, flow units (the overview picture's
    /// threshold), kept as layouts set sizes; nil when it must be counted again (the largest
    /// node shrank or stopped being laid out, or the array was re-interned).
    var largestSide: Double? = 0
    /// Scratch for sorting `visible` into drawing order (reused, no allocation per frame).
    var drawOrderScratch: [DrawOrderKey] = []
    /// The selected drawable nodes the last full pass over the nodes found (`layoutVisible`),
    /// ascending, and that pass's frame number: in that frame, the selection before the interact
    /// stage learns it (`EditingState.selectedNodeIndices` is last frame's until then).
    var passSelection: (frame: Int, nodes: [Int32]) = (-1, [])

    /// The index of node `id` in the frame's array (the first of duplicates), or nil. O(1).
    func index(of id: String) -> Int? { idMap.index(of: id, in: ids) }

    /// Appends node `id` (not yet in the array) to `ids` and the id map. O(1) amortised.
    mutating func appendId(_ id: String) {
        ids.append(id)
        idMap.insert(ids.count - 1, id: id)
    }

    /// Takes node `i`'s entry (the first copy of its id) out of the id map. O(1).
    mutating func forgetId(at i: Int) { idMap.remove(i, id: ids[i]) }

    /// Follows a node's laid-out size going from `old` to `new` (nil: not laid out) in
    /// `largestSide`. O(1).
    mutating func noteSize(old: Size?, new: Size?) {
        guard let largest = largestSide else { return }
        let before = old.map { Swift.max($0.width, $0.height) } ?? 0, after = new.map { Swift.max($0.width, $0.height) } ?? 0
        if after >= largest { largestSide = after } else if before >= largest { largestSide = nil }
    }

    /// Makes the solid rectangles recorded since the last call node `i`'s picture (see
    /// `SolidPictureStore.finish`), then compacts the store when its garbage outgrew it.
    mutating func finishSolidPicture(of i: Int) {
        solidPictures.finish(&states[i].solid)
        solidPictures.compactIfNeeded(&states)
    }

    /// Drops the draw ops of the nodes laid out this frame (`frame`) that are not drawn, when
    /// those are most of the frame's ops: a frame that lays out every node (the first, or one
    /// after the array was re-interned) does so for their sizes and handles, and would otherwise
    /// keep every node's ops (and the buffer's capacity) until the next such frame. Those nodes
    /// count as not laid out this frame (`opsFrame` -1): laid out again if the view reaches them
    /// within the frame. O(visible nodes) when there is nothing to drop; O(nodes + kept ops)
    /// when there is. Call after the build stage, once `visible` is final.
    mutating func dropUndrawnOps(frame: Int) {
        guard ops.count > 4_096 else { return }
        var kept = 0
        for v in visible where states[Int(v)].opsFrame == frame { kept += Int(states[Int(v)].opsCount) }
        guard ops.count > 2 * kept else { return }
        var compact: [NodeDrawOp] = []
        compact.reserveCapacity(kept)
        let keep = -2   // marks the drawn nodes while the others are dropped
        for v in visible.lazy.map(Int.init) where states[v].opsFrame == frame {
            let start = compact.count
            compact.append(contentsOf: ops[states[v].opsRange])
            states[v].opsStart = Int32(start)
            states[v].opsFrame = keep
        }
        for i in states.indices {
            if states[i].opsFrame == frame { states[i].opsFrame = -1 } else if states[i].opsFrame == keep { states[i].opsFrame = frame }
        }
        ops = compact
    }

    /// Node `i`'s far colour (`NodeState.farColor`), nil when it draws nothing. O(1).
    func farColor(of i: Int) -> Color? {
        let k = states[i].farColor
        return k >= 0 ? farColors[Int(k)] : nil
    }

    /// The place of `color` in `farColors` (-1 for nil), added when new. When the table outgrows
    /// the nodes (colours that changed, as an animated one does), it keeps only the colours some
    /// node refers to first. Amortised O(1); O(nodes) for that compaction.
    mutating func internFarColor(_ color: Color?) -> Int32 {
        guard let color else { return -1 }
        if lastFarColor >= 0, lastFarColor < farColors.count, farColors[lastFarColor] == color { return Int32(lastFarColor) }
        if let k = farColorIndex[color] {
            lastFarColor = Int(k)
            return k
        }
        if farColors.count >= max(256, states.count) {
            let old = farColors
            farColors.removeAll(keepingCapacity: true)
            farColorIndex.removeAll(keepingCapacity: true)
            for n in states.indices where states[n].farColor >= 0 {
                let c = old[Int(states[n].farColor)]
                if let k = farColorIndex[c] { states[n].farColor = k; continue }
                states[n].farColor = Int32(farColors.count)
                farColorIndex[c] = Int32(farColors.count)
                farColors.append(c)
            }
            if let k = farColorIndex[color] { return k }
        }
        farColorIndex[color] = Int32(farColors.count)
        farColors.append(color)
        return Int32(farColors.count - 1)
    }

    /// Follows the removal of the nodes at `gaps.removed` from a node array that kept the
    /// others' order: their ids, index entries, states (and solid pictures) and index rectangles
    /// go; the other nodes' move down, their index entries renumbered in one pass over the id
    /// map's slots (no id hashed) and the node index's filings
    /// (`RectIndex.remove(atSorted:)`). O(nodes + the node index's filings) in flat passes.
    mutating func remove(_ gaps: IndexGaps) {
        let removed = gaps.removed
        for r in removed {
            idMap.remove(r, id: ids[r])
            solidPictures.drop(states[r].solid)
        }
        ids.remove(atSorted: removed)
        states.remove(atSorted: removed)
        idMap.closeGaps(gaps)
        bounds.remove(atSorted: removed)
    }

    /// Recounts the solid rectangles after the nodes were re-indexed or dropped.
    mutating func recountSolidPictures() { solidPictures.recount(&states) }

    /// The problems found (empty when all hold): one state and id per node of `nodeCount`, the
    /// id index consistent, visible nodes drawable and laid out, this frame's ops within `ops`.
    func _checkInvariants(nodeCount: Int, frame: Int) -> [String] {
        var problems: [String] = []
        if states.count != nodeCount || ids.count != nodeCount {
            problems.append("node cache: \(states.count) states and \(ids.count) ids for \(nodeCount) nodes")
        }
        for (i, id) in ids.enumerated() where i < states.count && !states[i].duplicate && index(of: id) != i {
            problems.append("node cache: index of \(id) is \(index(of: id).map(String.init) ?? "missing"), not \(i)")
        }
        for v in visible {
            let i = Int(v)
            guard i < states.count, states[i].drawable, states[i].laidOut else {
                problems.append("node cache: visible node \(i) is not drawable and laid out")
                continue
            }
            if states[i].opsFrame == frame && states[i].opsRange.upperBound > ops.count {
                problems.append("node cache: ops of node \(i) beyond the frame's")
            }
        }
        return problems
    }
}
