import Foundation
import SwiftFlowCore

/// An overview of the whole graph in a panel (React Flow's `<MiniMap>`): every node as a box
/// coloured by `nodeColor`, selected nodes highlighted in `theme.selectionColor`, the area
/// outside the viewport masked and the viewport outlined.
///
/// Pointer: pressing outside the viewport rectangle centres the view there; dragging moves the
/// view with the pointer (`pannable`); the wheel zooms about the canvas centre (`zoomable`).
///
/// Speed: node boxes are cached in flow units and rebuilt only when the node array or node
/// sizes change (`FlowFrameContext.layoutVersion`; O(n) then; at most every `largeGraphRebuildInterval` frames above
/// `detailLimit` nodes). Above `detailLimit` nodes the cache is a raster of at most one cell
/// per MiniMap point, merged into horizontal runs, so a frame draws O(width · height) boxes
/// at worst, whatever the node count.
public final class MiniMap<NodeData>: FlowComponent {
    public var position: PanelPosition
    /// Panel size, screen points. Default 200x150 (React Flow's).
    public var size: Size
    /// Fill of a node; nil (or a nil result) uses `theme.minimapNodeColor`.
    public var nodeColor: ((Node<NodeData>) -> Color?)?
    /// Drag and click move the viewport. Default true.
    public var pannable = true
    /// The wheel zooms. Default true.
    public var zoomable = true
    /// Up to this many nodes each is drawn as its own rounded box; above it, as a raster.
    public var detailLimit = 2000
    /// Above `detailLimit`, the cache is rebuilt at most once per this many frames.
    public var largeGraphRebuildInterval = 8
    /// How many times the node cache was rebuilt (for tests and benchmarks).
    public private(set) var rebuildCount = 0

    public let layer = ComponentLayer.foreground

    private var cacheVersion: Int?
    private var lastRebuildFrame = Int.min / 2
    private var bounds: Rect?
    private var boxes: [Rect] = []
    private var colors: [Color] = []
    private var outlined: [Bool] = []
    private var detailed = true
    private var drag: (last: Point, flowPerPoint: Double)?

    /// Creates a MiniMap (default bottom right, 200x150).
    public init(position: PanelPosition = .bottomRight, size: Size = Size(width: 200, height: 150),
                nodeColor: ((Node<NodeData>) -> Color?)? = nil) {
        self.position = position; self.size = size; self.nodeColor = nodeColor
    }

    /// The panel's screen rectangle.
    public func frame(canvasSize: Size) -> Rect { position.frame(size: size, in: canvasSize) }

    /// The transform from flow units to the panel: the union of the nodes' bounds and the
    /// visible area, fitted and centred in the panel less 5 points. `flowPerPoint` is flow
    /// units per MiniMap point.
    public func transform<N, E>(_ canvas: FlowCanvas<N, E>) -> (origin: Point, flowPerPoint: Double) {
        let panel = frame(canvasSize: canvas.size).insetBy(5)
        let view = canvas.viewport.visibleFlowRect(canvasSize: canvas.size)
        let b = bounds.map { $0.union(view) } ?? view
        let k = max(b.width / max(panel.width, 1), b.height / max(panel.height, 1), 1e-9)
        // Flow point `b.center` sits at the panel's centre.
        return (Point(x: panel.center.x - b.center.x / k, y: panel.center.y - b.center.y / k), k)
    }

    /// The viewport's rectangle in the panel, screen points.
    public func viewportRect<N, E>(_ canvas: FlowCanvas<N, E>) -> Rect {
        let t = transform(canvas), view = canvas.viewport.visibleFlowRect(canvasSize: canvas.size)
        return Rect(x: t.origin.x + view.minX / t.flowPerPoint, y: t.origin.y + view.minY / t.flowPerPoint,
                    width: view.width / t.flowPerPoint, height: view.height / t.flowPerPoint)
    }

    public func hitTest<N, E>(_ p: Point, in canvas: FlowCanvas<N, E>) -> Bool { frame(canvasSize: canvas.size).contains(p) }

    public func handle<N, E>(_ event: InputEvent, in canvas: FlowCanvas<N, E>) -> Bool {
        switch event {
        case .pointerDown(let p, .primary, _, _):
            guard pannable else { return true }
            let t = transform(canvas)
            if !viewportRect(canvas).contains(p) {
                // Centre the view on the flow point under the pointer.
                let flow = Point(x: (p.x - t.origin.x) * t.flowPerPoint, y: (p.y - t.origin.y) * t.flowPerPoint)
                let vp = canvas.viewport
                canvas.viewport = Viewport(x: canvas.size.width / 2 - flow.x * vp.zoom, y: canvas.size.height / 2 - flow.y * vp.zoom, zoom: vp.zoom)
            }
            drag = (p, t.flowPerPoint)
        case .pointerMove(let p, _):
            guard let d = drag else { return true }
            var vp = canvas.viewport
            vp.x -= (p.x - d.last.x) * d.flowPerPoint * vp.zoom
            vp.y -= (p.y - d.last.y) * d.flowPerPoint * vp.zoom
            canvas.viewport = vp
            drag = (p, d.flowPerPoint)
        case .pointerUp:
            drag = nil
        case .wheel(_, _, let dy, _):
            if zoomable, dy.isFinite, dy != 0 {
                FlowInstance(canvas: canvas).zoomTo(canvas.viewport.zoom * pow(FlowCanvas<N, E>.wheelZoomStep, min(max(dy, -50), 50)))
            }
        default:
            return false
        }
        return true
    }

    public func draw<N, E>(_ canvas: FlowCanvas<N, E>, into list: inout DrawList) {
        rebuildIfNeeded(canvas)
        let theme = canvas.theme
        let panel = frame(canvasSize: canvas.size)
        list.addRectFill(Rect(x: panel.minX, y: panel.minY + 2, width: panel.width, height: panel.height),
                         color: Color(white: 0, opacity: 0.08), cornerRadius: 2)
        list.addSolidRect(panel, color: theme.minimapBackground)
        list.setClip(panel)
        let t = transform(canvas), k = t.flowPerPoint
        for i in boxes.indices {
            let b = boxes[i]
            let r = Rect(x: t.origin.x + b.minX / k, y: t.origin.y + b.minY / k, width: b.width / k, height: b.height / k)
            if detailed && min(r.width, r.height) >= 4 {
                list.addRectFill(r, color: colors[i], cornerRadius: 2)
                // Outlined, so that nodes inside a group of the same colour stay visible.
                list.addRectStroke(r, color: outlined[i] ? theme.selectionColor : colors[i].mix(theme.nodeBorder, 0.2),
                                   thickness: outlined[i] ? 1.5 : 1, cornerRadius: 2)
            } else {
                list.addSolidRect(r, color: outlined[i] ? theme.selectionColor : colors[i])
            }
        }
        // The mask outside the viewport, then its outline.
        let v = viewportRect(canvas)
        let mask = theme.minimapMaskColor
        list.addSolidRect(Rect(x: panel.minX, y: panel.minY, width: panel.width, height: max(0, v.minY - panel.minY)), color: mask)
        list.addSolidRect(Rect(x: panel.minX, y: v.maxY, width: panel.width, height: max(0, panel.maxY - v.maxY)), color: mask)
        list.addSolidRect(Rect(x: panel.minX, y: v.minY, width: max(0, v.minX - panel.minX), height: v.height), color: mask)
        list.addSolidRect(Rect(x: v.maxX, y: v.minY, width: max(0, panel.maxX - v.maxX), height: v.height), color: mask)
        list.addRectStroke(v, color: theme.minimapViewportColor, thickness: 2)
        list.setClip(nil)
        list.addRectStroke(panel, color: theme.controlsBorder, thickness: 1)
    }

    private func rebuildIfNeeded<N, E>(_ canvas: FlowCanvas<N, E>) {
        let frame = canvas.frameContext
        if let v = cacheVersion, v == frame.layoutVersion { return }
        let count = frame.nodeCount
        if count > detailLimit && frame.frameNumber - lastRebuildFrame < largeGraphRebuildInterval { return }
        cacheVersion = frame.layoutVersion
        lastRebuildFrame = frame.frameNumber
        rebuildCount += 1
        boxes.removeAll(keepingCapacity: true); colors.removeAll(keepingCapacity: true); outlined.removeAll(keepingCapacity: true)
        // The mapper sees the app's nodes when their data type is the MiniMap's (O(1), no copy).
        let typed = nodeColor == nil ? nil : frame.nodes(as: NodeData.self)
        if nodeColor != nil, typed == nil {
            canvas.report(.configuration("MiniMap<\(NodeData.self)>: the canvas' node data is \(N.self), so nodeColor is not used"))
        }
        var b: Rect?
        for i in 0..<count { if let r = frame.nodeRect(at: i) { b = b.map { $0.union(r) } ?? r } }
        bounds = b
        guard let all = b else { return }
        func color(_ i: Int) -> Color {
            (typed.flatMap { nodes -> Color? in nodeColor?(nodes[i]) }) ?? frame.theme.minimapNodeColor
        }
        detailed = count <= detailLimit
        if detailed {
            for i in 0..<count {
                if let r = frame.nodeRect(at: i) { boxes.append(r); colors.append(color(i)); outlined.append(frame.isSelected(at: i)) }
            }
            return
        }
        // Raster: one cell per panel point over the node bounds; the last node drawn in a cell
        // colours it, selected nodes win; then each row's equal cells become one box.
        // At most 4,096 cells a side; one for a side that is not a finite number (Int of NaN traps).
        func cells(_ side: Double) -> Int { side.isFinite ? Int(min(max(side, 1), 4096)) : 1 }
        let columns = cells(size.width), rows = cells(size.height)
        let cell = max(all.width / Double(columns), all.height / Double(rows), 1e-9)
        var palette: [Color] = [], paletteIndex: [Color: Int32] = [:]
        var grid = [Int32](repeating: -1, count: columns * rows)
        let selectedMark = Int32.max
        for i in 0..<count {
            guard let r = frame.nodeRect(at: i) else { continue }
            let c0 = min(max(Int((r.minX - all.minX) / cell), 0), columns - 1), c1 = min(max(Int((r.maxX - all.minX) / cell), c0), columns - 1)
            let r0 = min(max(Int((r.minY - all.minY) / cell), 0), rows - 1), r1 = min(max(Int((r.maxY - all.minY) / cell), r0), rows - 1)
            var value = selectedMark
            if !frame.isSelected(at: i) {
                let c = color(i)
                if let known = paletteIndex[c] { value = known } else {
                    value = Int32(palette.count); paletteIndex[c] = value; palette.append(c)
                }
            }
            for row in r0...r1 {
                for col in c0...c1 where grid[row * columns + col] != selectedMark { grid[row * columns + col] = value }
            }
        }
        for row in 0..<rows {
            var col = 0
            while col < columns {
                let v = grid[row * columns + col]
                var end = col + 1
                while end < columns && grid[row * columns + end] == v { end += 1 }
                if v >= 0 {
                    boxes.append(Rect(x: all.minX + Double(col) * cell, y: all.minY + Double(row) * cell,
                                      width: Double(end - col) * cell, height: cell))
                    colors.append(v == selectedMark ? frame.theme.selectionColor : palette[Int(v)])
                    outlined.append(v == selectedMark)
                }
                col = end
            }
        }
    }
}
