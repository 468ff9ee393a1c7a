import SwiftFlowCore

/// A node's placement without its view, computed ahead of the pass that records it
/// (`FirstPlacements`): its size (flow units), far colour, type's `showsSelectionRing` and
/// handles, node-local. `handles` nil: the node is not placed without its view (the pass lays
/// it out, hides it or reports it, as without a plan).
struct PlannedPlacement {
    var size: Size
    var far: Color?
    var showsSelectionRing: Bool
    var handles: ArraySlice<LaidOutHandle>?
}

/// The placements of a first frame's nodes (docs/ARCHITECTURE.md, build stage), computed on
/// every core in the chunks of `ParallelChunks` before the pass over every node
/// (`FlowCanvas.layoutVisible`) records them in node order: what must stay serial (the
/// registry's appends and style interning, the far colours' interning, the node index, the
/// diagnostics) stays in that pass, which then records exactly what it records without a plan.
/// Each chunk has its own placers and type memo, so the result does not depend on the schedule.
struct FirstPlacements {
    /// Per node, what it records when placed: its size, the place of its far colour in its
    /// chunk's `colors` (-1: none) and of its handles in its chunk's `lists` (-1: not placed).
    struct Slot {
        var size = Size.zero
        var far: Int32 = -1
        var list: Int32 = -1
        var showsSelectionRing = false
    }

    /// What one chunk placed: its nodes, and the distinct handle lists and colours its
    /// nodes refer to (consecutive nodes of one type share theirs, so they are few).
    struct Chunk {
        var range: Range<Int> = 0..<0
        var handles: [LaidOutHandle] = []
        var lists: [Range<Int>] = []
        var colors: [Color] = []
    }

    private var slots: [Slot]
    private var chunks: [Chunk]
    /// The chunk of the node asked for last (`placement(of:)` is asked in node order).
    private var current = 0

    /// Node `i`'s planned placement. Ask in increasing `i`. O(1) amortised.
    mutating func placement(of i: Int) -> PlannedPlacement {
        while i >= chunks[current].range.upperBound { current += 1 }
        let slot = slots[i], c = current
        return PlannedPlacement(size: slot.size, far: slot.far >= 0 ? chunks[c].colors[Int(slot.far)] : nil,
                                showsSelectionRing: slot.showsSelectionRing,
                                handles: slot.list >= 0 ? chunks[c].handles[chunks[c].lists[Int(slot.list)]] : nil)
    }

    /// Plans the placement of each node of `nodes` that the pass would place without its view,
    /// with `place(types, i, node, handles)`: node `i` placed with the chunk's type memo (and
    /// placers) `types`, its handles appended to `handles`; nil when the pass would not place it
    /// without its view. Chunks of at least `minimumChunk` nodes (`ParallelChunks`); nil when
    /// `nodes` make one chunk (no thread would help). O(nodes + their handles) on every core.
    init?<Data>(_ nodes: UnsafeBufferPointer<Node<Data>>, minimumChunk: Int,
                place: (_ types: inout NodeTypeMemo<Data>, _ i: Int, Node<Data>, inout [LaidOutHandle])
                    -> (size: Size, far: Color?, showsSelectionRing: Bool)?) {
        let count = nodes.count
        let chunkCount = ParallelChunks.chunkCount(count, minimumChunk: minimumChunk)
        guard chunkCount > 1 else { return nil }
        // Every slot is written below, on the chunk's thread (and page faulted in there).
        slots = [Slot](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        chunks = [Chunk](repeating: Chunk(), count: chunkCount)
        slots.withUnsafeMutableBufferPointer { slotsOut in
            chunks.withUnsafeMutableBufferPointer { chunksOut in
                // Each chunk writes only its nodes' slots and its own `Chunk`.
                nonisolated(unsafe) let slotsOut = slotsOut, chunksOut = chunksOut
                ParallelChunks.run(count, minimumChunk: minimumChunk) { c, range in
                    var chunk = Chunk(range: range)
                    var scratch: [LaidOutHandle] = []
                    var types = NodeTypeMemo<Data>()
                    for i in range {
                        scratch.removeAll(keepingCapacity: true)
                        guard let placed = place(&types, i, nodes[i], &scratch) else {
                            slotsOut[i] = Slot()
                            continue
                        }
                        var slot = Slot(size: placed.size, far: -1, list: -1, showsSelectionRing: placed.showsSelectionRing)
                        if let far = placed.far {
                            if chunk.colors.last.map({ !Self.same($0, far) }) ?? true { chunk.colors.append(far) }
                            slot.far = Int32(chunk.colors.count - 1)
                        }
                        if chunk.lists.last.map({ !Self.same(chunk.handles[$0], scratch) }) ?? true {
                            chunk.lists.append(chunk.handles.count..<chunk.handles.count + scratch.count)
                            chunk.handles.append(contentsOf: scratch)
                        }
                        slot.list = Int32(chunk.lists.count - 1)
                        slotsOut[i] = slot
                    }
                    chunksOut[c] = chunk
                }
            }
        }
    }

    /// Whether two colours have the same channels, bit for bit.
    private static func same(_ a: Color, _ b: Color) -> Bool { HandleStyle.sameColor(a, b) }

    /// Whether two handle lists are equal field by field, the anchors and colours bit for bit
    /// (so that a list shared between nodes records what each node placed).
    private static func same(_ a: ArraySlice<LaidOutHandle>, _ b: [LaidOutHandle]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.id == y.id, x.type == y.type, x.position == y.position, x.anchor.x.bitPattern == y.anchor.x.bitPattern,
                  x.anchor.y.bitPattern == y.anchor.y.bitPattern, HandleStyle.sameColor(x.color, y.color),
                  x.isConnectable == y.isConnectable else { return false }
        }
        return true
    }
}

extension FlowCanvas {
    /// The first frame's placements (`FirstPlacements`) of `nodes`, for the pass over every
    /// node: planned when no node was laid out yet (an empty registry) and `nodes` fill more
    /// than one chunk of `firstPlacementChunk`; nil otherwise. Reads the canvas, writes nothing.
    func planFirstPlacements(_ nodes: UnsafeBufferPointer<Node<NodeData>>, view: Rect, farSide: Double) -> FirstPlacements? {
        guard !nodeCache.allLaidOut, registry.count == 0, registry.pendingGroups.isEmpty else { return nil }
        let states = nodeCache.states, links = nodeCache.parentChains.links, nodeTypes = self.nodeTypes, handleSize = theme.handleSize
        // The tests `follow` makes before and after placing a node without its view, in its order.
        return FirstPlacements(nodes, minimumChunk: firstPlacementChunk) { types, i, node, handles in
            let s = states[i], origin = links[i].origin, fixed = node.fixedSize
            guard !s.laidOut, !node.hidden, !s.duplicate, origin.isFinite,
                  fixed.map({ $0.width.isFinite && $0.height.isFinite }) ?? true else { return nil }
            let visible = Rect(origin: origin, size: fixed ?? .zero).intersects(view)
            guard !visible || farSide > 0, let (type, place) = types.placer(named: node.type, in: nodeTypes),
                  let (size, paint) = place(node, handleSize, &handles) else { return nil }
            let reaches = visible || (fixed == nil && Rect(origin: origin, size: size).intersects(view))
            guard !reaches || max(size.width, size.height) < farSide else { return nil }
            return (size, paint.flatMap(Self.solidColor), type.showsSelectionRing)
        }
    }
}
