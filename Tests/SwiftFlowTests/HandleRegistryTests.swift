@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// The registry's packed handles (relative anchors in two `Float`s when they hold them exactly,
/// else in a side table) against a plain model of the same seeded random graph: through layouts
/// that change anchors between exact and inexact values, node moves, tails dropped and added,
/// and re-numberings, every entry, anchor and snap answer equals the model's.
final class HandleRegistryTests: XCTestCase {
    private struct ModelNode {
        var id: String
        var origin: Point
        var handles: [LaidOutHandle]
    }

    /// A relative anchor: in quarter units (exact as `Float`s) or not, or huge, or -0.
    private func anchor(_ rng: inout SplitMix64) -> Point {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: return Point(x: Double(Int.random(in: 0...640, using: &rng)) / 4, y: Double(Int.random(in: 0...320, using: &rng)) / 4)
        case 2: return Point(x: Double.random(in: 0...160, using: &rng), y: Double.random(in: 0...80, using: &rng))
        case 3: return Point(x: 48.65, y: Double(Int.random(in: 0...80, using: &rng)))
        case 4: return Point(x: 1e300, y: 0.1)
        default: return Point(x: -0.0, y: 16_777_217)   // 2²⁴ + 1: not a Float
        }
    }

    private func node(_ k: Int, _ rng: inout SplitMix64) -> ModelNode {
        let sides: [Position] = [.left, .right, .top, .bottom]
        let handles = (0..<Int.random(in: 0...4, using: &rng)).map { h in
            LaidOutHandle(id: "h\(h)", type: h % 2 == 0 ? .source : .target, position: sides[h % 4], anchor: anchor(&rng),
                          color: nil, isConnectable: true)
        }
        return ModelNode(id: "n\(k)", origin: Point(x: Double.random(in: -5000...5000, using: &rng), y: Double.random(in: -3000...3000, using: &rng)),
                         handles: handles)
    }

    private func layOut(_ registry: HandleRegistry, _ model: [ModelNode], _ i: Int) {
        registry.update(nodeIndex: i, nodeId: model[i].id, origin: model[i].origin, handles: model[i].handles[...], onDuplicate: { _ in })
    }

    /// Every entry, in order, against the model; and snap queries against a scan of the model.
    private func check(_ registry: HandleRegistry, _ model: [ModelNode], _ label: String, _ rng: inout SplitMix64) {
        var expected: [HandleEntry] = [], anchors: [Point] = []
        for (i, n) in model.enumerated() {
            for (k, h) in n.handles.enumerated() {
                expected.append(HandleEntry(nodeIndex: Int32(i), nodeId: n.id, id: h.id, type: h.type, position: h.position,
                                            anchor: n.origin + h.anchor, localAnchor: h.anchor, color: nil, isConnectable: true,
                                            order: Int32(k)))
                anchors.append(n.origin + h.anchor)
            }
        }
        let entries = registry.entries
        XCTAssertEqual(entries.count, expected.count, label)
        for (e, x) in zip(entries, expected) where e != x || e.localAnchor.x.sign != x.localAnchor.x.sign {
            XCTFail("\(label): \(e) is not \(x)")
            return
        }
        for _ in 0..<20 {
            let p = Point(x: Double.random(in: -5200...5200, using: &rng), y: Double.random(in: -3200...3200, using: &rng))
            let scan = anchors.indices.filter { anchors[$0].squaredDistance(to: p) <= 400 * 400 }
                .min { (anchors[$0].squaredDistance(to: p), $0) < (anchors[$1].squaredDistance(to: p), $1) }
            XCTAssertEqual(registry.index.nearest(to: p, within: 400) { _ in true }, scan, label)
        }
    }

    func testPackedAnchorsEqualTheModelThroughRandomEdits() {
        var rng = SplitMix64(seed: 0x5EED_0116)
        var model = (0..<300).map { node($0, &rng) }
        let registry = HandleRegistry()
        registry.replaceTail(kept: 0, count: model.count)
        for i in model.indices { layOut(registry, model, i) }
        registry.commit()
        check(registry, model, "first layout", &rng)
        var next = model.count
        for round in 0..<40 {
            switch round % 4 {
            case 0:   // new anchors, same handle sets: exact and inexact values trade places in place
                for _ in 0..<30 {
                    let i = Int.random(in: 0..<model.count, using: &rng)
                    for h in model[i].handles.indices { model[i].handles[h].anchor = anchor(&rng) }
                    layOut(registry, model, i)
                }
            case 1:   // moves, and a few nodes with new handle sets (a structural rebuild)
                for _ in 0..<30 {
                    let i = Int.random(in: 0..<model.count, using: &rng)
                    model[i].origin = model[i].origin + Point(x: Double.random(in: -300...300, using: &rng), y: 0.1)
                    registry.move(nodeIndex: i, to: model[i].origin)
                }
                let i = Int.random(in: 0..<model.count, using: &rng)
                model[i].handles = node(i, &rng).handles
                layOut(registry, model, i)
            case 2:   // the tail dropped and new nodes added after it
                let kept = model.count - Int.random(in: 0...5, using: &rng)
                model.removeLast(model.count - kept)
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    model.append(node(next, &rng))
                    next += 1
                }
                registry.replaceTail(kept: kept, count: model.count)
                for i in kept..<model.count { layOut(registry, model, i) }
            default:  // re-numbered: a shuffle, one node dropped
                var source = model.indices.map { Int32($0) }
                source.shuffle(using: &rng)
                source.removeLast()
                registry.remap(source)
                model = source.map { model[Int($0)] }
            }
            registry.commit()
            check(registry, model, "round \(round)", &rng)
        }
    }
}
