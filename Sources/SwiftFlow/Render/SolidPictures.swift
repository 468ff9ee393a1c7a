import SwiftFlowCore

/// What one node's picture needs to stay "all solid" (the solid level-of-detail tier, see
/// `FlowCanvas.staysSolid`), recorded each time the node is laid out.
struct SolidPicture {
    /// Its rectangles: `SolidPictureStore.rects[start..<start + count]`, in drawing order.
    var start: Int32 = 0
    var count: Int32 = 0
    /// The largest shorter side of its shapes, flow units; infinity when the node can never take
    /// the tier (it places tools, or a shape has a NaN side). 0 without shapes.
    var side = Double.infinity
    /// The largest corner radius its shapes are drawn with (`DetailLevel.cornerRadius`), flow
    /// units; infinity for a NaN one. 0 without shapes.
    var radius = Double.infinity
    /// Its largest font size, points; 0 without text.
    var fontSize = 0.0
    /// `NodeCache.pictureVersion` at the layout that recorded the rectangles; -1 when none were
    /// (the node was not all solid then) or the node changed since. An older picture may show
    /// data of an earlier node array.
    var nodesVersion = -1

    /// The range of its rectangles in `SolidPictureStore.rects`.
    var range: Range<Int> { Int(start)..<Int(start + count) }
}

/// One rectangle of a solid picture: node-local flow units, in the colour `FlowCanvas.solidColor`
/// gives its shape.
struct SolidRect {
    var rect: Rect
    var color: Color
}

/// The rectangles of every node's solid picture in one flat array kept across frames.
///
/// A node's range lives in its `NodeState`, so it follows the node when the node array is
/// re-indexed (`syncGraph` carry-over) and is dropped with it. A re-layout overwrites the node's
/// range when the new picture fits in it, else appends; what no node refers to any more is
/// garbage, compacted away once it outgrows the live rectangles. No allocation once the arrays
/// have grown to the graph's size.
struct SolidPictureStore {
    private(set) var rects: [SolidRect] = []
    /// Rectangles some node's picture refers to.
    private(set) var live = 0
    /// The picture being recorded (`add`, `finish`); the target buffer of a compaction.
    private var staged: [SolidRect] = []

    /// Adds a rectangle to the picture being recorded.
    mutating func add(_ rect: Rect, color: Color) { staged.append(SolidRect(rect: rect, color: color)) }

    /// Makes the rectangles added since the last `finish` `picture`'s, in place of its old ones.
    mutating func finish(_ picture: inout SolidPicture) {
        let n = staged.count
        live += n - Int(picture.count)
        if n <= picture.count {
            for k in 0..<n { rects[Int(picture.start) + k] = staged[k] }
        } else {
            picture.start = Int32(rects.count)
            rects.append(contentsOf: staged)
        }
        picture.count = Int32(n)
        staged.removeAll(keepingCapacity: true)
    }

    /// Forgets `picture`, the picture of a node that is gone (its rectangles become garbage). O(1).
    mutating func drop(_ picture: SolidPicture) { live -= Int(picture.count) }

    /// Counts the rectangles `states` refer to after nodes were re-indexed or dropped, then
    /// compacts when the garbage outgrew them. O(nodes), plus O(rectangles) when compacting.
    mutating func recount(_ states: inout [NodeState]) {
        live = 0
        for s in states { live += Int(s.solid.count) }
        compactIfNeeded(&states)
    }

    /// Copies the live rectangles together (in node order) when the garbage exceeds both the
    /// live rectangles and 1,024, and re-points every node's range. O(nodes + rectangles).
    mutating func compactIfNeeded(_ states: inout [NodeState]) {
        guard rects.count - live > max(live, 1024) else { return }
        staged.removeAll(keepingCapacity: true)
        for i in states.indices {
            let range = states[i].solid.range
            states[i].solid.start = Int32(staged.count)
            staged.append(contentsOf: rects[range])
        }
        swap(&rects, &staged)
        staged.removeAll(keepingCapacity: true)
        live = rects.count
    }
}

extension FlowCanvas {
    /// Records node `i`'s solid picture from its freshly emitted `ops`: the largest shorter side
    /// and the largest drawn corner radius of its shapes, its largest font size and — when it is all solid at the current zoom
    /// (`DetailLevel.isAllSolid`), so that the rectangles are needed — the solid rectangle of every shape that
    /// has a colour (`solidColor`); else its old rectangles are dropped, and it is rebuilt once
    /// more before it takes the tier. A node placing tools (`hasTools`) never takes it.
    func recordSolidPicture(_ i: Int, _ ops: ArraySlice<NodeDrawOp>, hasTools: Bool) {
        // First the sizes, then the rectangles only when the picture is needed (at full detail
        // and zoomed in it is not: no rectangle recorded and dropped per node per frame).
        var side = 0.0, radius = 0.0, fontSize = 0.0
        for op in ops {
            switch op {
            case .shape(let r, let paint):
                let shorter = min(r.width, r.height)
                side = max(side, shorter.isNaN ? .infinity : shorter)
                radius = max(radius, DetailLevel.cornerRadius(paint.cornerRadius, side: shorter))
            case .text(_, _, let size, _, _):
                if size > fontSize { fontSize = size }   // NaN sizes are never drawn
            case .image(let r, _):
                // An image is drawn solid like a square-cornered shape, in its mean colour.
                let shorter = min(r.width, r.height)
                side = max(side, shorter.isNaN ? .infinity : shorter)
            case .polygon(let points, _):
                // A turned shape is drawn solid as the box around it.
                guard let box = Self.boundingBox(points) else { continue }
                side = max(side, min(box.width, box.height))
            case .clip:
                break
            }
        }
        if hasTools { side = .infinity }
        let needed = detail.isAllSolid(side: side, radius: radius, fontSize: fontSize)
        if needed {
            for op in ops {
                switch op {
                case .shape(let r, let paint):
                    if let color = Self.solidColor(paint) { nodeCache.solidPictures.add(r, color: color) }
                case .image(let r, let image):
                    nodeCache.solidPictures.add(r, color: image.solidColor)
                case .polygon(let points, let paint):
                    if let box = Self.boundingBox(points), let color = Self.solidColor(paint) { nodeCache.solidPictures.add(box, color: color) }
                case .text, .clip:
                    break
                }
            }
        }
        nodeCache.finishSolidPicture(of: i)
        nodeCache.states[i].solid.side = side
        nodeCache.states[i].solid.radius = radius
        nodeCache.states[i].solid.fontSize = fontSize
        nodeCache.states[i].solid.nodesVersion = needed ? nodeCache.pictureVersion : -1
            }

    /// The box around a turned shape's outline `points` (what its solid picture draws); nil
    /// without points.
    private static func boundingBox(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        return points.reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }

    /// Whether visible node `i` takes the solid tier this frame: drawn from its recorded solid
    /// picture and its registered handles instead of being rebuilt, because a rebuild would draw
    /// exactly that. True when the node was laid out from the current node array, all solid
    /// then and now (`DetailLevel.isAllSolid`), and it is not selected, focused or under a gesture
    /// (`collectInteracting`), at the frame's level of detail `detail`. O(1).
    func staysSolid(_ i: Int, _ detail: DetailLevel) -> Bool {
        let s = nodeCache.states[i].solid
        return s.nodesVersion == nodeCache.pictureVersion && nodeCache.states[i].laidOut && !nodeCache.states[i].selected
            && detail.isAllSolid(side: s.side, radius: s.radius, fontSize: s.fontSize) && !nodeCache.interacting.contains(Int32(i))
    }

    /// Makes every node's solid picture out of date (its view or the theme sizes its layout
    /// reads changed): each visible node is rebuilt once before it takes the tier again. O(nodes).
    func dropSolidPictures() {
        for i in nodeCache.states.indices { nodeCache.states[i].solid.nodesVersion = -1 }
    }

    /// Collects into `nodeCache.interacting` the nodes that are rebuilt whatever their size, besides
    /// selected ones: the focused node, a pressed or dragged node, the node a connection starts from.
    func collectInteracting() {
        nodeCache.interacting.removeAll(keepingCapacity: true)
        func add(_ id: String?) { if let id, let i = nodeCache.index(of: id) { nodeCache.interacting.insert(Int32(i)) } }
        add(editing.focusedNodeId)
        add(connection?.from.nodeId)
        switch interaction.gesture {
        case .pressNode(let id, _, _): add(id)
        case .dragging(let drag, _): for id in drag.ids { add(id) }
        case .pressHandle(_, let ref, _): add(ref.nodeId)
        default: break
        }
    }
}
