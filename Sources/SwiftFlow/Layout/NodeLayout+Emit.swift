import SwiftFlowCore

/// The last step of a node's layout: the placed tree turned into draw ops and handles.
extension NodeLayoutEngine {
    /// Appends the tree's draw ops (painter's order: backgrounds before content before overlays)
    /// and its handles (order of appearance; anchors moved onto the border of a node of `size`).
    /// `tree` is only read: taken `inout` so that the canvas' builder is read in place, not
    /// copied (a copy of a class's stored struct retains and releases each of its arrays).
    func emit(_ tree: inout LayoutBuilder, size: Size, ops: inout [NodeDrawOp], handles: inout [LaidOutHandle]) {
        guard !tree.nodes.isEmpty else { return }
        emitNode(0, tree, size, &ops, &handles)
    }

    func emitNode(_ i: Int, _ tree: LayoutBuilder, _ size: Size, _ ops: inout [NodeDrawOp], _ handles: inout [LaidOutHandle]) {
        let n = tree.nodes[i]
        switch tree.kinds[i] {
        case .text(let t, let spec, let color):
            let s = tree.texts[Int(t)], f = n.frame
            // One line without a limit that fits its frame: the whole string.
            if spec.lineLimit == nil, f.width + 1e-9 >= n.ideal.width, f.height + 1e-9 >= n.ideal.height,
               n.ideal.height <= textHeight(lines: 1, spec) + 1e-9, !s.utf8.contains(UInt8(ascii: "\n")) {
                if !s.isEmpty { ops.append(.text(s, origin: f.origin, fontSize: spec.fontSize, face: spec.face, color: color)) }
                return
            }
            let skip = measurer.lineSkip(fontSize: spec.fontSize, face: spec.face)
            for (k, line) in textLines(s, spec, width: f.width, maxLines: maximumLines(height: f.height, spec)).enumerated() where !line.isEmpty {
                let w = measurer.measure(line, fontSize: spec.fontSize, face: spec.face).width
                let origin = Point(x: f.minX + (f.width - w) * spec.alignment.fraction, y: f.minY + Double(k) * skip)
                ops.append(.text(line, origin: origin, fontSize: spec.fontSize, face: spec.face, color: color))
            }
        case .shape(let p):
            if p.outline == .circle {
                let d = min(n.frame.width, n.frame.height), c = n.frame.center
                ops.append(.shape(Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d), p))
            } else {
                ops.append(.shape(n.frame, p))
            }
        case .handle(let k):
            let h = tree.handles[Int(k)]
            let anchor = LaidOutHandle.borderAnchor(centre: n.frame.center, side: h.position, in: size)
            handles.append(LaidOutHandle(id: h.id, type: h.type, position: h.position, anchor: anchor,
                                         color: h.color, isConnectable: h.isConnectable))
        case .background:
            let content = n.firstChild
            if content >= 0 {
                let decoration = tree.nodes[Int(content)].nextSibling
                if decoration >= 0 { emitNode(Int(decoration), tree, size, &ops, &handles) }
                emitNode(Int(content), tree, size, &ops, &handles)
            }
            return
        case .toolbar:
            return   // emitted apart (NodeLayout+Tools.swift)
        case .control(let k):
            let scrollY = tree.scrolls.isEmpty ? 0 : tree.scrolls[tree.controls[Int(k)].path] ?? 0
            // Through the buffer: the spec is read in place, not copied.
            tree.controls.withUnsafeBufferPointer { emitControl($0[Int(k)], frame: n.frame, live: tree.live, scrollY: scrollY, into: &ops) }
        case .cornerRadius(let radius):
            let start = ops.count
            if n.firstChild >= 0 { emitNode(Int(n.firstChild), tree, size, &ops, &handles) }
            // No clipping: the shapes that fill the child's frame (a background, a colour) get the corners.
            roundCorners(of: &ops, from: start, filling: n.firstChild >= 0 ? tree.nodes[Int(n.firstChild)].frame : n.frame, radius: radius)
            return
        case .scale(let factor):
            let start = ops.count
            if n.firstChild >= 0 { emitNode(Int(n.firstChild), tree, size, &ops, &handles) }
            let c = n.frame.center
            func scaled(_ r: Rect) -> Rect {
                Rect(x: c.x + (r.minX - c.x) * factor, y: c.y + (r.minY - c.y) * factor, width: r.width * factor, height: r.height * factor)
            }
            for k in start..<ops.count {
                switch ops[k] {
                case .shape(let r, var p):
                    p.cornerRadius *= factor; p.lineWidth *= factor
                    ops[k] = .shape(scaled(r), p)
                case .text(let s, let o, let fontSize, let face, let color):
                    ops[k] = .text(s, origin: Point(x: c.x + (o.x - c.x) * factor, y: c.y + (o.y - c.y) * factor), fontSize: fontSize * factor, face: face, color: color)
                case .image(let r, let image): ops[k] = .image(scaled(r), image)
                case .clip(let r): ops[k] = .clip(r.map(scaled))
                case .polygon(let points, var p):
                    p.lineWidth *= factor
                    ops[k] = .polygon(points.map { Point(x: c.x + ($0.x - c.x) * factor, y: c.y + ($0.y - c.y) * factor) }, p)
                }
            }
            return
        case .rotation(let angle, let anchor):
            let start = ops.count
            if n.firstChild >= 0 { emitNode(Int(n.firstChild), tree, size, &ops, &handles) }
            rotate(&ops, from: start, by: angle, about: anchor.point(in: n.frame))
            return
        case .clip(let radius):
            // The clip in force (the last clip op before, nil when none), narrowed to the frame,
            // then restored after the content.
            var outer: Rect?
            for op in ops.reversed() { if case .clip(let r) = op { outer = r; break } }
            let inner = outer.map { o in
                let x0 = max(o.minX, n.frame.minX), y0 = max(o.minY, n.frame.minY)
                return Rect(x: x0, y: y0, width: max(min(o.maxX, n.frame.maxX) - x0, 0), height: max(min(o.maxY, n.frame.maxY) - y0, 0))
            } ?? n.frame
            ops.append(.clip(inner))
            let start = ops.count
            if n.firstChild >= 0 { emitNode(Int(n.firstChild), tree, size, &ops, &handles) }
            if radius > 0 { roundCorners(of: &ops, from: start, filling: n.frame, radius: radius) }
            ops.append(.clip(outer))
            return
        case .image(let k, _):
            if let op = tree.images[Int(k)].drawOp(in: n.frame) { ops.append(op) }
        case .shadow(let s):
            let start = ops.count
            if n.firstChild >= 0 { emitNode(Int(n.firstChild), tree, size, &ops, &handles) }
            ops.insert(contentsOf: shadowOps(of: ops[start...], s), at: start)
            return
        case .stack, .zstack, .spacer, .padding, .frame, .overlay, .position, .resizer, .button, .offset, .fixedSize, .zIndex, .contextMenu, .hover:
            break
        }
        var child = n.firstChild
        while child >= 0 {
            if case .zIndex = tree.kinds[Int(child)] { return emitByZIndex(i, tree, size, &ops, &handles) }
            child = tree.nodes[Int(child)].nextSibling
        }
        child = n.firstChild
        while child >= 0 {
            emitNode(Int(child), tree, size, &ops, &handles)
            child = tree.nodes[Int(child)].nextSibling
        }
    }

    /// Gives the rectangular shapes among `ops[start...]` that fill `frame` corners of at least `radius`.
    private func roundCorners(of ops: inout [NodeDrawOp], from start: Int, filling frame: Rect, radius: Double) {
        for k in start..<ops.count {
            if case .shape(let r, var paint) = ops[k], r == frame, paint.outline == .rectangle {
                paint.cornerRadius = max(paint.cornerRadius, radius)
                ops[k] = .shape(r, paint)
            }
        }
    }

    /// Node `i`'s children in `.zIndex` order (stable; 0 for children without one): the rare
    /// path, so that the common one sorts nothing.
    private func emitByZIndex(_ i: Int, _ tree: LayoutBuilder, _ size: Size, _ ops: inout [NodeDrawOp], _ handles: inout [LaidOutHandle]) {
        var children: [(z: Double, order: Int, index: Int)] = []
        var child = tree.nodes[i].firstChild
        while child >= 0 {
            var z = 0.0
            if case .zIndex(let v) = tree.kinds[Int(child)] { z = v }
            children.append((z, children.count, Int(child)))
            child = tree.nodes[Int(child)].nextSibling
        }
        for c in children.sorted(by: { ($0.z, $0.order) < ($1.z, $1.order) }) { emitNode(c.index, tree, size, &ops, &handles) }
    }

    /// A soft shadow under the filled shapes of `content`: each drawn three times in the shadow's
    /// colour, moved by its offset and grown by a third, two thirds and all of its radius at a
    /// third of its opacity each (a blur approximated by nested rounded shapes; text casts none).
    private func shadowOps(of content: ArraySlice<NodeDrawOp>, _ s: ShadowSpec) -> [NodeDrawOp] {
        var out: [NodeDrawOp] = []
        for op in content {
            guard case .shape(let r, let paint) = op, paint.fill != nil || paint.stroke != nil else { continue }
            for step in stride(from: 3.0, through: 1.0, by: -1.0) {
                let grow = s.radius * step / 3
                var p = ShapePaintStyle(fill: s.color.opacity(1.0 / 3), stroke: nil, lineWidth: 0,
                                        cornerRadius: paint.cornerRadius.isFinite ? paint.cornerRadius + grow : .infinity, outline: paint.outline)
                if paint.outline == .rectangle, s.radius == 0 { p.cornerRadius = paint.cornerRadius }
                out.append(.shape(Rect(x: r.minX + s.offset.x - grow, y: r.minY + s.offset.y - grow,
                                       width: r.width + 2 * grow, height: r.height + 2 * grow), p))
            }
        }
        return out
    }
}
