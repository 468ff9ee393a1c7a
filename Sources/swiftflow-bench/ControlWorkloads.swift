// Control workloads: nodes holding controls against the same nodes holding texts (the cost of
// controls per frame), and typing into a field at a large N beside N = 1,000 (an edit's cost
// must follow what it changes, not the graph), with the allocations of a steady frame with a
// focused field at both sizes. Every frame goes through FlowStore and EmbeddedCanvas, as an app's.

import CAllocationCounter
import SwiftFlowTesting

func controlWorkloads() -> [Workload] {
    [controlsFrame()] + scaled([100_000], smoke: [400]).map(typingFrames)
}

/// A 40 × 25 grid of 160x110 nodes (180 × 130 apart) on a 3,700x1,700 canvas at zoom 0.5, all
/// 1,000 in view: each holds a text field, a slider, a toggle and a picker, or four texts.
private func controlsFrame() -> Workload {
    Workload(name: "controls frame") {
        [DrawList.Form.triangles, .instances].flatMap { controlsFrameRows(form: $0) }
    }
}

/// The controls-frame rows drawing into a list of `form` (`.triangles`: the SDL renderer's;
/// `.instances`: the GL backend's): the median frame, and (informative) heap allocations per frame.
private func controlsFrameRows(form: DrawList.Form) -> [BenchRow] {
    do {
        func rig(controls: Bool) -> EmbeddedCanvas<JSONValue, JSONValue> {
            let count = scaled(1_000, smoke: 40)
            let nodes = (0..<count).map { i -> Node<JSONValue> in
                let data: [(String, JSONValue)] = [("name", .string("Node \(i)")), ("gain", .number(Double(i % 10) / 10)),
                                                   ("on", .bool(i % 2 == 0)), ("model", .string("b"))]
                return Node(id: "c\(i)", position: Point(x: Double(i % 40) * 180, y: Double(i / 40) * 130),
                            data: .object(JSONObject(data)), type: "form", width: 160, height: 110)
            }
            let driver = EmbeddedCanvas<JSONValue, JSONValue>(nodes: nodes, makeEdgeData: { _ in .null }, size: Size(width: 3_700, height: 1_700),
                                        textMeasurer: GlyphQuadTextMeasurer(), frameDuration: 16)
            driver.recordsOutbound = false
            driver.drawListForm(form)
            driver.canvas.nodeTypes["form"] = controls ? controlsType() : textsType()
            driver.canvas.viewport = Viewport(x: 20, y: 20, zoom: 0.5)
            driver.frame()
            return driver
        }
        let rigs = [rig(controls: true), rig(controls: false)]
        check(rigs[0].canvas.stats.visibleNodes == rigs[1].canvas.stats.visibleNodes, "controls frame: the two grids differ")
        let frames = scaled(30, smoke: 3)
        var times = [[Double](), [Double]()]
        for rep in -1..<scaled(5, smoke: 1) {
            for (k, driver) in rigs.enumerated() {
                for f in 0..<frames {
                    let start = cpuNow()
                    driver.frame([.pointerMove(Point(x: 1_000 + Double(f), y: 900), modifiers: [])])
                    if rep >= 0 { times[k].append(nanos(since: start)) }
                }
            }
        }
        let controls = percentile(times[0], 0.5), texts = percentile(times[1], 0.5)
        let name = form == .triangles ? "triangles" : "instances"
        let allocations = rigs.map { driver -> Double in
            allocation_counter_start()
            for f in 0..<frames { driver.frame([.pointerMove(Point(x: 1_000 + Double(f), y: 900), modifiers: [])]) }
            return Double(allocation_counter_stop()) / Double(frames)
        }
        return [BenchRow(workload: "controls frame", figure: "median frame, 4 controls/node, \(name)",
                         size: rigs[0].canvas.stats.visibleNodes, value: controls, unit: .time, baselineName: "4 texts/node", baseline: texts,
                         ratio: controls / texts, target: smokeRun ? nil : "<= 1.5x", holds: smokeRun ? nil : controls <= 1.5 * texts),
                BenchRow(workload: "controls frame", figure: "allocations / frame, \(name)", size: rigs[0].canvas.stats.visibleNodes,
                         value: allocations[0], unit: .count, baselineName: "4 texts/node", baseline: allocations[1],
                         ratio: allocations[0] / max(allocations[1], 1e-9))]
    }
}

/// A node of a text field, a slider, a toggle and a picker bound to its data.
private func controlsType() -> NodeType<JSONValue> { NodeType { _, data in
    VStack(spacing: 4) {
        TextField("Name", text: data["name"].string)
        Slider(value: data["gain"].double, in: 0...1)
        Toggle("On", isOn: data["on"].bool)
        Picker("Model", selection: data["model"].string) { ForEach(["a", "b", "c"], id: \.self) { Text($0).tag($0) } }
    }.padding(6).background(Color.white)
} }

/// The same node showing its four values as texts.
private func textsType() -> NodeType<JSONValue> { NodeType { node in
    VStack(spacing: 4) {
        Text(node.data["name"]?.stringValue ?? "")
        Text("gain \(node.data["gain"]?.doubleValue ?? 0)")
        Text(node.data["on"]?.boolValue == true ? "on" : "off")
        Text(node.data["model"]?.stringValue ?? "")
    }.padding(6).background(Color.white)
} }

/// The stress graph with node 0 showing a text field bound to its label (its four handles kept),
/// in the local view, the field focused by a click.
private func typingRig(_ n: Int) -> CanvasRig {
    var doc = StressGraph.make(nodeCount: n)
    doc.nodes[0].type = "field"
    let rig = CanvasRig(doc) { canvas in
        canvas.nodeTypes["field"] = NodeType { node, data in
            ZStack {
                Color.white
                TextField("Label", text: data["label"].string).padding(.horizontal, 8)
                VStack {
                    HStack { Handle(nodeId: node.id, id: "in0", type: .target, position: .left); Spacer(); Handle(nodeId: node.id, id: "out0", type: .source, position: .right) }
                    Spacer()
                    HStack { Handle(nodeId: node.id, id: "in1", type: .target, position: .left); Spacer(); Handle(nodeId: node.id, id: "out1", type: .source, position: .right) }
                }
            }
        }
        canvas.viewport = localView
    }
    // Node 0 is 160x80 at screen (300, 200); its field is centred.
    rig.frame([.pointerDown(Point(x: 380, y: 240), button: .primary, modifiers: [], clickCount: 1),
               .pointerUp(Point(x: 380, y: 240), button: .primary, modifiers: [])])
    check(rig.canvas.isEditingText, "typing: the click did not focus node 0's field")
    return rig
}

/// One character typed per frame into node 0's field (each a `.replace` change FlowStore
/// applies), at N nodes beside N = 1,000; and the allocations of a steady frame (the field
/// focused, the caret blinking) at both sizes.
private func typingFrames(_ n: Int) -> Workload {
    Workload(name: "typing frame") {
        let rigs = [typingRig(n), typingRig(scaled(1_000, smoke: 50))]
        let keys = scaled(40, smoke: 4)
        var times = [[Double](), [Double]()]
        for rep in -1..<scaled(3, smoke: 1) {
            for (k, rig) in rigs.enumerated() {
                for _ in 0..<keys {
                    let t = rig.frame([.text("x")])
                    if rep >= 0 { times[k].append(t) }
                }
                rig.frame([.keyDown("A", modifiers: .ctrl), .text("a")])   // keeps the label short
            }
        }
        check(rigs[0].store.nodes[0].data["label"] == rigs[1].store.nodes[0].data["label"], "typing: the two sizes typed differently")
        let big = percentile(times[0], 0.5), small = percentile(times[1], 0.5)
        var rows = [BenchRow(workload: "typing frame", figure: "median frame, 1 character", size: n, value: big, unit: .time,
                             baselineName: "N=\(rigs[1].store.nodes.count)", baseline: small, ratio: big / small,
                             target: smokeRun ? nil : "<= 1.2x", holds: smokeRun ? nil : big <= 1.2 * small)]
        let steady = rigs.map { rig -> Double in
            let frames = scaled(30, smoke: 4)
            for _ in 0..<frames { rig.frame([]) }
            allocation_counter_start()
            for _ in 0..<frames { rig.frame([]) }
            return Double(allocation_counter_stop()) / Double(frames)
        }
        rows.append(BenchRow(workload: "typing frame", figure: "allocations / frame, field focused", size: n, value: steady[0], unit: .count,
                             baselineName: "N=\(rigs[1].store.nodes.count)", baseline: steady[1], ratio: steady[0] / max(steady[1], 1e-9),
                             target: "= N=\(rigs[1].store.nodes.count)", holds: steady[0] == steady[1]))
        return rows
    }
}
