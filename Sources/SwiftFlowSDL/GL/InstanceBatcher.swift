import SwiftFlow

/// Reorders the instances of each draw command into runs of one kind wherever that cannot change
/// the picture, so that the GL backend, which draws each run of one kind with one call, makes a
/// few calls per frame instead of one per change of kind (a node's box, its handles' circles,
/// its label's glyphs, the next node's box, …: thousands of calls, about 5 µs each on Mesa).
///
/// Each instance (or each whole hairline strip) gets a batch number whose remainder by the
/// number of kinds is its kind; batches are drawn in increasing order, and instances keep their
/// order within a batch. An instance's batch is the lowest of its kind that is not below the
/// highest batch already given to anything it may overlap, so two overlapping shapes of
/// different kinds keep their order, and two of one kind may share a batch. Overlap is judged
/// conservatively on a grid of `tilePoints`-point tiles over the canvas, from each shape's
/// bounds plus a point of anti-aliasing (shapes off the canvas count as on its border).
/// O(instances + tiles they touch) per frame, no allocation once the buffers have grown.
/// The technique of batching draw calls by checking overlap is common to 2D GPU renderers.
struct InstanceBatcher {
    /// Side of an overlap tile (screen points).
    static let tilePoints: Float = 32
    private static let kinds = Int32(BoxSplit.kinds)

    /// The last frame's instances, each command's range reordered.
    private(set) var batched: [ShapeInstance] = []
    /// Per command of the list: its range of `batched` (the list's own ranges unless boxes were split).
    private(set) var ranges: [Range<Int>] = []
    /// The list's instances with large boxes split (`BoxSplit`), when some were.
    private var expanded: [ShapeInstance] = []
    /// Per tile: the highest batch given to an instance touching it (-1: none).
    private var top: [Int32] = []
    /// Per instance of the command being ordered: its batch; then per batch: its first slot.
    private var batchOf: [Int32] = [], firstSlot: [Int32] = []

    /// Fills `batched` and `ranges` from `list` (instance form) for a canvas of `width` ×
    /// `height` points, splitting large boxes first (`BoxSplit`) when given the display's
    /// `scale` (pixels per point).
    mutating func reorder(_ list: DrawList, width: Float, height: Float, splittingBoxesAt scale: Float? = nil) {
        batched.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        expanded.removeAll(keepingCapacity: true)
        if let scale, list.instances.contains(where: { BoxSplit.interior(of: $0, scale: scale) != nil }) {
            for command in list.commands {
                let start = expanded.count
                for k in command.indexOffset..<command.indexOffset + command.indexCount {
                    BoxSplit.append(list.instances[k], scale: scale, to: &expanded)
                }
                ranges.append(start..<expanded.count)
            }
        } else {
            for command in list.commands { ranges.append(command.indexOffset..<command.indexOffset + command.indexCount) }
        }
        let source = expanded.isEmpty ? list.instances : expanded
        batched.append(contentsOf: source)
        let columns = max(1, Int((width / Self.tilePoints).rounded(.up))), rows = max(1, Int((height / Self.tilePoints).rounded(.up)))
        source.withUnsafeBufferPointer { shapes in
            for range in ranges where range.count > 1 {
                order(shapes, range, columns: columns, rows: rows)
            }
        }
    }

    /// Gives each instance of `range` its batch and moves the range into batch order (stable).
    private mutating func order(_ shapes: UnsafeBufferPointer<ShapeInstance>, _ range: Range<Int>, columns: Int, rows: Int) {
        top.removeAll(keepingCapacity: true)
        top.append(contentsOf: repeatElement(-1, count: columns * rows))
        batchOf.removeAll(keepingCapacity: true)
        var highest: Int32 = 0
        var k = range.lowerBound
        while k < range.upperBound {
            // A unit: one instance, or a whole hairline strip (its points must stay together).
            var end = k + 1
            var bounds = Self.bounds(shapes[k])
            if shapes[k].kind == ShapeInstance.Kind.hairline.rawValue {
                while end < range.upperBound && shapes[end].kind == shapes[k].kind && shapes[end].b0 == 0 {
                    bounds = union(bounds, Self.bounds(shapes[end]))
                    end += 1
                }
            }
            let (x0, y0, x1, y1) = tiles(bounds, columns: columns, rows: rows)
            var below: Int32 = 0
            for ty in y0...y1 { for tx in x0...x1 { below = max(below, top[ty * columns + tx]) } }
            let kind = Int32(shapes[k].kind)
            let batch = below + ((kind - below % Self.kinds) + Self.kinds) % Self.kinds
            for ty in y0...y1 { for tx in x0...x1 { top[ty * columns + tx] = batch } }
            batchOf.append(contentsOf: repeatElement(batch, count: end - k))
            highest = max(highest, batch)
            k = end
        }
        // Stable counting sort of the range by batch.
        firstSlot.removeAll(keepingCapacity: true)
        firstSlot.append(contentsOf: repeatElement(0, count: Int(highest) + 2))
        for b in batchOf { firstSlot[Int(b) + 1] += 1 }
        for b in 1..<firstSlot.count { firstSlot[b] += firstSlot[b - 1] }
        for (i, b) in batchOf.enumerated() {
            batched[range.lowerBound + Int(firstSlot[Int(b)])] = shapes[range.lowerBound + i]
            firstSlot[Int(b)] += 1
        }
    }

    /// The tiles (inclusive, clamped to the grid) that `r` = (minX, minY, maxX, maxY) touches;
    /// the whole grid when `r` is not finite.
    private func tiles(_ r: (Float, Float, Float, Float), columns: Int, rows: Int) -> (Int, Int, Int, Int) {
        guard r.0.isFinite, r.1.isFinite, r.2.isFinite, r.3.isFinite else { return (0, 0, columns - 1, rows - 1) }
        func cell(_ v: Float, _ n: Int) -> Int { Int(min(max(v / Self.tilePoints, 0), Float(n - 1))) }
        return (cell(r.0, columns), cell(r.1, rows), cell(r.2, columns), cell(r.3, rows))
    }

    private func union(_ a: (Float, Float, Float, Float), _ b: (Float, Float, Float, Float)) -> (Float, Float, Float, Float) {
        (min(a.0, b.0), min(a.1, b.1), max(a.2, b.2), max(a.3, b.3))
    }

    /// What `s` may cover (screen points): its shape's bounds grown by its stroke and a point of
    /// anti-aliasing (`ShapeInstance` documents each kind's fields).
    static func bounds(_ s: ShapeInstance) -> (Float, Float, Float, Float) {
        let grow: Float
        var r: (Float, Float, Float, Float)
        switch ShapeInstance.Kind(rawValue: s.kind == BoxSplit.rim ? ShapeInstance.Kind.box.rawValue : s.kind) {
        case .box:
            r = (s.a0, s.a1, s.a2, s.a3); grow = s.b1 * 0.5 + 1
        case .segment:
            r = (min(s.a0, s.a2), min(s.a1, s.a3), max(s.a0, s.a2), max(s.a1, s.a3)); grow = s.b0 * 0.5 + 1
        case .triangle:
            r = (min(s.a0, s.a2, s.b0), min(s.a1, s.a3, s.b1), max(s.a0, s.a2, s.b0), max(s.a1, s.a3, s.b1)); grow = 1
        case .quad:
            r = (min(s.a0, s.a2, s.b0, s.b2), min(s.a1, s.a3, s.b1, s.b3), max(s.a0, s.a2, s.b0, s.b2), max(s.a1, s.a3, s.b1, s.b3)); grow = 1
        case .hairline:
            r = (s.a0, s.a1, s.a0, s.a1); grow = 1
        case .glyph, .rect, nil:
            r = (min(s.a0, s.a2), min(s.a1, s.a3), max(s.a0, s.a2), max(s.a1, s.a3)); grow = 1
        }
        return (r.0 - grow, r.1 - grow, r.2 + grow, r.3 + grow)
    }
}
