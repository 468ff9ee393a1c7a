import Foundation
import SwiftFlowCore

/// `.rotationEffect` at emit time: the content's ops turned about a pivot.
extension NodeLayoutEngine {
    /// Turns `ops[start...]` by `angle` radians (clockwise on screen) about `pivot` (node-local
    /// flow units): shapes become `.polygon` ops of their turned outlines, polygons turn, text
    /// and images keep upright with their centres turned, clips become the box around their
    /// turned rectangle. O(ops · outline points).
    func rotate(_ ops: inout [NodeDrawOp], from start: Int, by angle: Double, about pivot: Point) {
        guard angle != 0 else { return }
        let (s, c) = (sin(angle), cos(angle))
        func turned(_ p: Point) -> Point {
            let d = p - pivot
            return Point(x: pivot.x + d.x * c - d.y * s, y: pivot.y + d.x * s + d.y * c)
        }
        func centred(_ r: Rect) -> Rect {
            let m = turned(r.center)
            return Rect(x: m.x - r.width / 2, y: m.y - r.height / 2, width: r.width, height: r.height)
        }
        for k in start..<ops.count {
            switch ops[k] {
            case .shape(let r, let paint):
                ops[k] = .polygon(Self.outline(of: r, paint).map(turned), paint)
            case .polygon(let points, let paint):
                ops[k] = .polygon(points.map(turned), paint)
            case .text(let string, let origin, let fontSize, let face, let color):
                let size = measurer.measure(string, fontSize: fontSize, face: face)
                ops[k] = .text(string, origin: centred(Rect(origin: origin, size: size)).origin, fontSize: fontSize, face: face, color: color)
            case .image(let r, let image):
                ops[k] = .image(centred(r), image)
            case .clip(let r):
                ops[k] = .clip(r.map { r in
                    let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)].map(turned)
                    let x0 = corners.map(\.x).min()!, y0 = corners.map(\.y).min()!
                    return Rect(x: x0, y: y0, width: corners.map(\.x).max()! - x0, height: corners.map(\.y).max()! - y0)
                })
            }
        }
    }

    /// The outline of a shape op as a convex polygon, clockwise on screen from the top-left
    /// (flow units): a rectangle's four corners, or its rounded corners as 8-segment arcs; a
    /// circle or ellipse as 48 points.
    static func outline(of r: Rect, _ paint: ShapePaintStyle) -> [Point] {
        if paint.outline != .rectangle {
            return (0..<48).map { i in
                let a = Double(i) / 48 * 2 * .pi
                return Point(x: r.center.x + r.width / 2 * cos(a), y: r.center.y + r.height / 2 * sin(a))
            }
        }
        let radius = min(max(paint.cornerRadius, 0), min(r.width, r.height) / 2)
        guard radius > 0 else {
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        var points: [Point] = []
        points.reserveCapacity(36)
        let centres = [Point(x: r.minX + radius, y: r.minY + radius), Point(x: r.maxX - radius, y: r.minY + radius),
                       Point(x: r.maxX - radius, y: r.maxY - radius), Point(x: r.minX + radius, y: r.maxY - radius)]
        for (corner, centre) in centres.enumerated() {
            // Each corner's quarter arc, from π (top-left) onward by a quarter turn per corner.
            for step in 0...8 {
                let a = Double.pi + Double(corner) * .pi / 2 + Double(step) / 8 * .pi / 2
                points.append(Point(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a)))
            }
        }
        return points
    }
}
