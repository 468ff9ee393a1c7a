import SwiftFlowCore

/// A handle after layout: its anchor on the node's border, node-local flow units.
public struct LaidOutHandle: Hashable {
    public var id: String
    public var type: HandleType
    public var position: Position
    /// Anchor relative to the node's top-left, flow units.
    public var anchor: Point
    public var color: Color?
    public var isConnectable: Bool

    /// The anchor of a handle whose square is centred on `centre` on its `side` of a node of
    /// `size`: the centre moved onto that border (node-local flow units).
    static func borderAnchor(centre c: Point, side: Position, in size: Size) -> Point {
        switch side {
        case .left: return Point(x: 0, y: c.y)
        case .right: return Point(x: size.width, y: c.y)
        case .top: return Point(x: c.x, y: 0)
        case .bottom: return Point(x: c.x, y: size.height)
        }
    }
}

/// Something to paint for a node, in node-local flow units.
public enum NodeDrawOp {
    case shape(Rect, ShapePaintStyle)
    /// One line of text: its line box's top-left, font size (flow units) and face.
    case text(String, origin: Point, fontSize: Double, face: FontFace, color: Color)
    /// A picture in this rectangle (or its placeholder; see `ImageDrawOp`).
    case image(Rect, ImageDrawOp)
    /// What follows is clipped to this rectangle (nil: not clipped), until the next clip op.
    case clip(Rect?)
    /// A shape turned by `.rotationEffect`: the convex outline's points (node-local flow units,
    /// clockwise on screen) filled and stroked with the paint's fill, stroke and line width (its
    /// corner radius and outline are already in the points).
    case polygon([Point], ShapePaintStyle)
}

/// Fill and stroke of a shape draw op.
public struct ShapePaintStyle: Hashable {
    /// Fill colour; nil for none.
    public var fill: Color?
    /// Border colour; nil for none.
    public var stroke: Color?
    /// Border width, flow units, centred on the outline.
    public var lineWidth: Double
    /// Corner radius of a `.rectangle` outline, flow units, clamped to half the shorter side when
    /// drawn (infinity: a capsule); for `.circle` and `.ellipse` infinity, so that the level of
    /// detail sees them as round.
    public var cornerRadius: Double
    /// The outline drawn in the op's rectangle. Default `.rectangle`.
    public var outline: ShapeOutline = .rectangle
}

/// The outline a shape draws in its frame.
public enum ShapeOutline: Hashable, Sendable {
    /// The frame, with corners of `ShapePaintStyle.cornerRadius`.
    case rectangle
    /// The largest circle centred in the frame (the op's rectangle is that circle's square).
    case circle
    /// The ellipse inscribed in the frame.
    case ellipse
}

/// Measures and places a built view tree and emits its draw ops and handles.
///
/// Layout follows SwiftUI's model in a simplified two-pass form: ideal sizes bottom-up (text
/// measured through the `TextMeasurer`, handles `handleSize` square, shapes and spacers flexible),
/// then frames top-down, stacks sharing spare room among flexible children equally.
struct NodeLayoutEngine {
    let measurer: TextMeasurer
    let handleSize: Double

    /// Measures the arena and returns the root's ideal size (what a node without a fixed size
    /// gets). `width` is the node's fixed width (flow units; infinite when sized by its content):
    /// text wider than the room its ancestors leave it within that width is measured again,
    /// wrapped at that room (`limitWidths`).
    func measure(_ tree: inout LayoutBuilder, width: Double = .infinity) -> Size {
        guard !tree.nodes.isEmpty else { return .zero }
        let kinds = tree.kinds, texts = tree.texts, controls = tree.controls
        for i in stride(from: tree.nodes.count - 1, through: 0, by: -1) { measureNode(i, &tree.nodes, kinds, texts, controls) }
        if limitWidths(&tree.nodes, kinds, width: width) {
            for i in stride(from: tree.nodes.count - 1, through: 0, by: -1) { measureNode(i, &tree.nodes, kinds, texts, controls) }
        }
        return tree.nodes[0].ideal
    }

    /// Sets every node's `widthLimit` top-down from the measured ideals: the root's is `width`;
    /// a fixed `.frame(width:)` gives its child that width, a maximum width and padding narrow
    /// the limit, a horizontal stack gives each child the limit less its siblings' ideal widths
    /// and the spacing (at least an equal share); a toolbar's content has no limit. Returns
    /// whether some text is wider than its limit.
    private func limitWidths(_ nodes: inout [LayoutNode], _ kinds: [LayoutKind], width: Double) -> Bool {
        nodes[0].widthLimit = width
        var overflows = false
        for i in 0..<nodes.count {
            let limit = nodes[i].widthLimit
            if case .text = kinds[i], nodes[i].ideal.width > limit + 1e-9 { overflows = true }
            var child = nodes[i].firstChild
            guard child >= 0 else { continue }
            var childLimit = limit
            var siblings = 0.0, count = 0
            switch kinds[i] {
            case .padding(let e): childLimit = max(limit - e.leading - e.trailing, 0)
            case .frame(let f): childLimit = f.width ?? min(limit, f.maxWidth ?? .infinity)
            case .toolbar, .fixedSize(horizontal: true, _): childLimit = .infinity
            case .stack(.horizontal, let spacing, _):
                var c = child
                while c >= 0 { siblings += nodes[Int(c)].ideal.width; count += 1; c = nodes[Int(c)].nextSibling }
                siblings += spacing * Double(count - 1)
            default: break
            }
            while child >= 0 {
                let c = Int(child)
                nodes[c].widthLimit = count > 1
                    ? max(limit - (siblings - nodes[c].ideal.width), limit / Double(count)) : childLimit
                child = nodes[c].nextSibling
            }
        }
        return overflows
    }

    private func measureNode(_ i: Int, _ nodes: inout [LayoutNode], _ kinds: [LayoutKind], _ texts: [String], _ controls: [ControlSpec]) {
        var ideal = Size.zero
        var flexX = false, flexY = false
        var child = nodes[i].firstChild
        switch kinds[i] {
        case .stack(let axis, let spacing, _):
            var count = 0
            while child >= 0 {
                let c = nodes[Int(child)]
                if axis == .horizontal {
                    ideal.width += c.ideal.width; ideal.height = max(ideal.height, c.ideal.height)
                } else {
                    ideal.height += c.ideal.height; ideal.width = max(ideal.width, c.ideal.width)
                }
                flexX = flexX || c.flexX; flexY = flexY || c.flexY
                count += 1
                child = c.nextSibling
            }
            if count > 1 {
                if axis == .horizontal { ideal.width += spacing * Double(count - 1) } else { ideal.height += spacing * Double(count - 1) }
            }
        case .zstack:
            while child >= 0 {
                let c = nodes[Int(child)]
                ideal.width = max(ideal.width, c.ideal.width); ideal.height = max(ideal.height, c.ideal.height)
                flexX = flexX || c.flexX; flexY = flexY || c.flexY
                child = c.nextSibling
            }
        case .text(let t, let spec, _):
            ideal = textSize(texts[Int(t)], spec, width: nodes[i].widthLimit)
        case .spacer(let minLength):
            let parent = nodes[i].parent
            var axis: Axis? = nil
            if parent >= 0, case .stack(let a, _, _) = kinds[Int(parent)] { axis = a }
            switch axis {
            case .horizontal?: ideal.width = minLength; flexX = true
            case .vertical?: ideal.height = minLength; flexY = true
            case nil: flexX = true; flexY = true
            }
        case .handle:
            ideal = Size(width: handleSize, height: handleSize)
        case .shape:
            flexX = true; flexY = true
        case .padding(let e):
            if child >= 0 {
                let c = nodes[Int(child)]
                ideal = Size(width: c.ideal.width + e.leading + e.trailing, height: c.ideal.height + e.top + e.bottom)
                flexX = c.flexX; flexY = c.flexY
            } else {
                ideal = Size(width: e.leading + e.trailing, height: e.top + e.bottom)
            }
        case .frame(let f):
            let c = child >= 0 ? nodes[Int(child)] : LayoutNode(parent: -1)
            ideal.width = f.width ?? clamp(c.ideal.width, f.minWidth, f.maxWidth)
            ideal.height = f.height ?? clamp(c.ideal.height, f.minHeight, f.maxHeight)
            // With a maximum the frame takes the space offered, clamped to its bounds (SwiftUI).
            flexX = f.width == nil && (f.maxWidth != nil || c.flexX)
            flexY = f.height == nil && (f.maxHeight != nil || c.flexY)
        case .background, .overlay, .button, .offset, .cornerRadius, .zIndex, .shadow, .contextMenu, .hover, .clip, .scale, .rotation:
            if child >= 0 {
                let c = nodes[Int(child)]
                ideal = c.ideal; flexX = c.flexX; flexY = c.flexY
            }
        case .fixedSize(let h, let v):
            if child >= 0 {
                let c = nodes[Int(child)]
                ideal = c.ideal; flexX = !h && c.flexX; flexY = !v && c.flexY
            }
        case .image(_, let fixed):
            if let fixed { ideal = fixed } else { flexX = true; flexY = true }
        case .resizer, .toolbar:
            break
        case .control(let k):
            // Through the buffer: the spec is read in place, not copied (its bindings retained and released).
            (ideal, flexX, flexY) = controls.withUnsafeBufferPointer { controlSize($0[Int(k)]) }
        case .position(let p):
            if child >= 0 {
                let c = nodes[Int(child)]
                ideal = Size(width: max(p.x + c.ideal.width / 2, 0), height: max(p.y + c.ideal.height / 2, 0))
            }
            flexX = true; flexY = true
        }
        nodes[i].ideal = ideal
        nodes[i].flexX = flexX
        nodes[i].flexY = flexY
        nodes[i].maxSize = maximumSize(i, nodes, kinds[i])
    }

    /// The node's largest size (see `LayoutNode.maxSize`), from its kind and its measured children.
    private func maximumSize(_ i: Int, _ nodes: [LayoutNode], _ kind: LayoutKind) -> Size {
        let n = nodes[i]
        let inf = Double.infinity
        var w = n.flexX ? inf : n.ideal.width, h = n.flexY ? inf : n.ideal.height
        let first = n.firstChild >= 0 ? nodes[Int(n.firstChild)] : nil
        switch kind {
        case .frame(let f):
            if f.width == nil, n.flexX { w = f.maxWidth ?? first?.maxSize.width ?? inf }
            if f.height == nil, n.flexY { h = f.maxHeight ?? first?.maxSize.height ?? inf }
        case .padding(let e):
            if let c = first { w = min(w, c.maxSize.width + e.leading + e.trailing); h = min(h, c.maxSize.height + e.top + e.bottom) }
        case .background, .overlay, .button, .offset, .cornerRadius, .zIndex, .shadow, .contextMenu, .hover, .clip, .scale, .rotation:
            if let c = first { w = c.maxSize.width; h = c.maxSize.height }
        case .fixedSize(let fh, let fv):
            if let c = first { w = fh ? c.ideal.width : c.maxSize.width; h = fv ? c.ideal.height : c.maxSize.height }
        case .zstack, .stack:
            var mw = 0.0, mh = 0.0, count = 0
            var c = n.firstChild
            while c >= 0 {
                let m = nodes[Int(c)].maxSize
                if case .stack(let axis, _, _) = kind {
                    if axis == .horizontal { mw += m.width; mh = max(mh, m.height) } else { mh += m.height; mw = max(mw, m.width) }
                } else {
                    mw = max(mw, m.width); mh = max(mh, m.height)
                }
                count += 1
                c = nodes[Int(c)].nextSibling
            }
            if case .stack(let axis, let spacing, _) = kind, count > 1 {
                if axis == .horizontal { mw += spacing * Double(count - 1) } else { mh += spacing * Double(count - 1) }
            }
            if n.flexX { w = mw }
            if n.flexY { h = mh }
        case .text, .spacer, .handle, .shape, .position, .resizer, .toolbar, .control:
            break
        case .image:
            break
        }
        return Size(width: w, height: h)
    }

    private func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
        var r = v
        if let lo { r = max(r, lo) }
        if let hi, hi.isFinite { r = min(r, hi) }
        return r
    }

    /// Places every node given the root's frame (node-local flow units).
    func place(_ tree: inout LayoutBuilder, in size: Size) {
        guard !tree.nodes.isEmpty else { return }
        tree.nodes[0].frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let kinds = tree.kinds
        for i in 0..<tree.nodes.count where tree.nodes[i].firstChild >= 0 { placeChildren(of: i, &tree.nodes, kinds) }
    }

    /// The frame arena node `i` gets inside `space`: flexible axes fill it, others take the ideal size
    /// — no wider than the space unless the child has a fixed width (so text truncates), and text
    /// no taller (so it shows the lines that fit) — at the given alignment fractions.
    private func fit(_ i: Int32, _ nodes: [LayoutNode], _ kinds: [LayoutKind], in space: Rect, ax: Double, ay: Double) -> Rect {
        let c = nodes[Int(i)], kind = kinds[Int(i)]
        let w = bounded(c, kind, width: c.flexX ? space.width : fitted(kind, c.ideal.width, space.width))
        var h = bounded(c, kind, height: c.flexY ? space.height : c.ideal.height)
        if case .text = kind { h = min(h, max(space.height, 0)) }
        return Rect(x: space.minX + (space.width - w) * ax, y: space.minY + (space.height - h) * ay, width: w, height: h)
    }

    /// `width`, or the space offered when smaller and the node adapts to its proposal (every view
    /// but handles and frames of a fixed width).
    private func fitted(_ kind: LayoutKind, _ width: Double, _ space: Double) -> Double {
        switch kind {
        case .handle: return width
        case .frame(let f) where f.width != nil: return width
        case .image(_, let fixed) where fixed != nil: return width
        case .fixedSize(horizontal: true, _): return width
        default: return min(width, max(space, 0))
        }
    }

    /// A width no larger than the node's `maxSize` and no smaller than its `.frame(minWidth:)`.
    private func bounded(_ c: LayoutNode, _ kind: LayoutKind, width w: Double) -> Double {
        var r = min(w, c.maxSize.width)
        if case .frame(let f) = kind, f.width == nil, let lo = f.minWidth { r = max(r, lo) }
        return r
    }

    /// A height no larger than the node's `maxSize` and no smaller than its `.frame(minHeight:)`.
    private func bounded(_ c: LayoutNode, _ kind: LayoutKind, height h: Double) -> Double {
        var r = min(h, c.maxSize.height)
        if case .frame(let f) = kind, f.height == nil, let lo = f.minHeight { r = max(r, lo) }
        return r
    }

    /// Lengths along a stack's axis: inflexible children keep their ideal; when there is room,
    /// flexible children share it as evenly as their ideals allow (each gets `max(ideal, t)`,
    /// `t` chosen so the lengths fill the stack — SwiftUI's equal division), else keep their ideal.
    private func flexibleThreshold(_ nodes: [LayoutNode], firstChild: Int32, axis: Axis, room: Double) -> Double? {
        func length(_ n: LayoutNode) -> Double { axis == .horizontal ? n.ideal.width : n.ideal.height }
        func flexible(_ n: LayoutNode) -> Bool { axis == .horizontal ? n.flexX : n.flexY }
        var count = 0, total = 0.0
        var c = firstChild
        while c >= 0 { if flexible(nodes[Int(c)]) { count += 1; total += length(nodes[Int(c)]) }; c = nodes[Int(c)].nextSibling }
        guard count > 0, room >= total else { return nil }
        var t = room / Double(count)
        for _ in 0..<count {
            // Children longer than t keep their length; the others share the rest equally.
            var small = 0, big = 0.0
            c = firstChild
            while c >= 0 {
                let n = nodes[Int(c)]
                if flexible(n) { if length(n) > t { big += length(n) } else { small += 1 } }
                c = n.nextSibling
            }
            guard small > 0 else { break }
            let next = (room - big) / Double(small)
            if next == t { break }
            t = next
        }
        return t
    }

    private func placeChildren(of i: Int, _ nodes: inout [LayoutNode], _ kinds: [LayoutKind]) {
        let frame = nodes[i].frame
        var child = nodes[i].firstChild
        switch kinds[i] {
        case .stack(let axis, let spacing, let alignment):
            // Room for the flexible children: the stack's length less the inflexible ones and the spacing.
            var room = axis == .horizontal ? frame.width : frame.height
            var c = child
            while c >= 0 {
                let n = nodes[Int(c)]
                if !(axis == .horizontal ? n.flexX : n.flexY) { room -= axis == .horizontal ? n.ideal.width : n.ideal.height }
                if n.nextSibling >= 0 { room -= spacing }
                c = n.nextSibling
            }
            let t = flexibleThreshold(nodes, firstChild: child, axis: axis, room: room)
            var cursor = axis == .horizontal ? frame.minX : frame.minY
            while child >= 0 {
                let n = nodes[Int(child)]
                let kind = kinds[Int(child)]
                if axis == .horizontal {
                    let w = bounded(n, kind, width: n.flexX ? max(n.ideal.width, t ?? 0) : n.ideal.width)
                    let h = bounded(n, kind, height: n.flexY ? frame.height : n.ideal.height)
                    nodes[Int(child)].frame = Rect(x: cursor, y: frame.minY + (frame.height - h) * alignment, width: w, height: h)
                    cursor += w + spacing
                } else {
                    let h = bounded(n, kind, height: n.flexY ? max(n.ideal.height, t ?? 0) : n.ideal.height)
                    let w = bounded(n, kind, width: n.flexX ? frame.width : fitted(kind, n.ideal.width, frame.width))
                    nodes[Int(child)].frame = Rect(x: frame.minX + (frame.width - w) * alignment, y: cursor, width: w, height: h)
                    cursor += h + spacing
                }
                child = n.nextSibling
            }
        case .zstack(let a):
            while child >= 0 {
                // The root of a resizable node is top-leading; its handles stay centred, their
                // place along a side coming from their frame's centre.
                var isHandle = false
                if i == 0, case .handle = kinds[Int(child)] { isHandle = true }
                nodes[Int(child)].frame = fit(child, nodes, kinds, in: frame, ax: isHandle ? 0.5 : a.horizontal.fraction,
                                              ay: isHandle ? 0.5 : a.vertical.fraction)
                child = nodes[Int(child)].nextSibling
            }
        case .padding(let e):
            let inner = Rect(x: frame.minX + e.leading, y: frame.minY + e.top,
                             width: max(frame.width - e.leading - e.trailing, 0), height: max(frame.height - e.top - e.bottom, 0))
            nodes[Int(child)].frame = fit(child, nodes, kinds, in: inner, ax: 0.5, ay: 0.5)
        case .frame(let f):
            nodes[Int(child)].frame = fit(child, nodes, kinds, in: frame, ax: f.alignment.horizontal.fraction, ay: f.alignment.vertical.fraction)
        case .button, .cornerRadius, .zIndex, .shadow, .contextMenu, .hover, .clip, .scale, .rotation:
            nodes[Int(child)].frame = fit(child, nodes, kinds, in: frame, ax: 0.5, ay: 0.5)
        case .fixedSize(let h, let v):
            // The child at its ideal size in the fixed axes, centred on the frame (it may overflow it).
            let r = fit(child, nodes, kinds, in: frame, ax: 0.5, ay: 0.5), c = nodes[Int(child)]
            let w = h ? c.ideal.width : r.width, hh = v ? c.ideal.height : r.height
            nodes[Int(child)].frame = Rect(x: frame.center.x - w / 2, y: frame.center.y - hh / 2, width: w, height: hh)
        case .offset(let d):
            let r = fit(child, nodes, kinds, in: frame, ax: 0.5, ay: 0.5)
            nodes[Int(child)].frame = Rect(origin: r.origin + d, size: r.size)
        case .toolbar:
            // Its own space: the content at its ideal size from (0, 0).
            nodes[Int(child)].frame = Rect(origin: .zero, size: nodes[Int(child)].ideal)
        case .background, .overlay:
            // The content takes what it is offered (up to its bounds); the decoration is sized to it.
            nodes[Int(child)].frame = fit(child, nodes, kinds, in: frame, ax: 0.5, ay: 0.5)
            let content = nodes[Int(child)].frame
            let decoration = nodes[Int(child)].nextSibling
            if decoration >= 0 { nodes[Int(decoration)].frame = fit(decoration, nodes, kinds, in: content, ax: 0.5, ay: 0.5) }
        case .position(let p):
            let c = nodes[Int(child)]
            nodes[Int(child)].frame = Rect(x: frame.minX + p.x - c.ideal.width / 2, y: frame.minY + p.y - c.ideal.height / 2,
                                           width: c.ideal.width, height: c.ideal.height)
        case .text, .spacer, .handle, .shape, .resizer, .control:
            break
        case .image:
            break
        }
    }
}
