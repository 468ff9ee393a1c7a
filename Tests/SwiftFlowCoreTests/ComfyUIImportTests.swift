import Foundation
import XCTest
@testable import SwiftFlowCore

final class ComfyUIImportTests: XCTestCase {

    private func decode(_ text: String) throws -> FlowDocument { try FlowFile.decode(Array(text.utf8), file: "wf.json") }

    func testEveryCorpusFileLoadsWithLinksOnRealHandles() throws {
        let files = try Corpus.files()
        XCTAssertGreaterThan(files.count, 500)
        var checked = 0, warnings = 0, failures: [String] = [], broken: [String] = []
        for path in files {
            let name = FlowFile.fileName(path)
            let doc: FlowDocument
            do { doc = try FlowFile.load(path: path) } catch { failures.append("\(error)"); continue }
            warnings += doc.diagnostics.count
            let raw = try JSONParser.parse(Array(FileManager.default.contents(atPath: path)!))
            // Independent reading of the raw file: node id → (inputs, outputs).
            var slots: [String: (inputs: [JSONValue], outputs: [JSONValue])] = [:]
            for n in raw["nodes"]!.arrayValue! {
                let id = n["id"]!.stringValue ?? String(Int(n["id"]!.doubleValue!))
                slots[id] = (n["inputs"]?.arrayValue ?? [], n["outputs"]?.arrayValue ?? [])
            }
            let nodes = Dictionary(doc.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let edges = Dictionary(doc.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for link in raw["links"]!.arrayValue! {
                guard let l = link.arrayValue, l.count >= 5 else { continue }
                let id = String(Int(l[0].doubleValue!)), origin = String(Int(l[1].doubleValue!)), target = String(Int(l[3].doubleValue!))
                let originSlot = Int(l[2].doubleValue!), targetSlot = Int(l[4].doubleValue!)
                guard let o = slots[origin], let t = slots[target], originSlot < o.outputs.count, targetSlot < t.inputs.count else {
                    broken.append("\(name): link \(id) (missing node or slot)")
                    continue
                }
                if t.inputs[targetSlot]["link"]?.doubleValue != l[0].doubleValue {
                    broken.append("\(name): link \(id) (target input names link \(t.inputs[targetSlot]["link"] ?? .null))")
                }
                guard let edge = edges[id], let source = nodes[edge.source], let dest = nodes[edge.target],
                      source.handles?.contains(where: { $0.id == edge.sourceHandle && $0.type == .source }) == true,
                      dest.handles?.contains(where: { $0.id == edge.targetHandle && $0.type == .target }) == true else {
                    failures.append("\(name): link \(id) not drawn to its slots")
                    continue
                }
                // Same type, same colour: the link and the slots it joins (when they carry its type).
                let linkType = l.count > 5 ? l[5].stringValue ?? "*" : "*"
                let stroke = edge.style.stroke, palette = ComfyUIPalette.color(type: linkType)
                let outType = o.outputs[originSlot]["type"]?.stringValue, inType = t.inputs[targetSlot]["type"]?.stringValue
                if stroke != palette
                    || (outType == linkType && source.handles?.first(where: { $0.id == edge.sourceHandle })?.color != palette)
                    || (inType == linkType && dest.handles?.first(where: { $0.id == edge.targetHandle })?.color != palette) {
                    failures.append("\(name): link \(id) (\(linkType)) coloured unlike its type")
                }
                checked += 1
            }
        }
        print("ComfyUI corpus: \(files.count) files, \(checked) links checked, \(warnings) load warnings, \(broken.count) links marked broken by the files\(broken.isEmpty ? "" : ":")")
        for b in broken { print("  \(b)") }
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThan(checked, 3000)
    }

    func testHandCheckedFile() throws {
        let path = try Corpus.files().first { $0.hasSuffix("/api_bfl_flux3_t2i.json") }
        let doc = try FlowFile.load(path: try XCTUnwrap(path))
        XCTAssertEqual(doc.nodes.map(\.id), ["1", "2"])
        let n = doc.nodes[0]
        XCTAssertEqual(n.type, "comfyui")
        XCTAssertEqual(n.position, Point(x: 2480, y: -490))
        XCTAssertEqual(n.width, 400)
        XCTAssertEqual(n.height, 310)
        XCTAssertEqual(n.handles, [
            NodeHandle(id: "in0", type: .target, position: .left, x: 0, y: 44, color: Color(hex: 0x64B5F6)),
            NodeHandle(id: "in1", type: .target, position: .left, x: 0, y: 64, color: ComfyUIPalette.defaultLinkColor),
            NodeHandle(id: "in2", type: .target, position: .left, x: 0, y: 84, color: Color(hex: 0x64B5F6)),
            NodeHandle(id: "out0", type: .source, position: .right, x: 400, y: 44, color: Color(hex: 0x64B5F6)),
        ])
        XCTAssertEqual(n.data["label"], .string("Flux3ImageNode"))
        XCTAssertEqual(n.data["color"], .string("#432"))
        XCTAssertEqual(n.data["mode"], .number(0))
        XCTAssertEqual(n.data["collapsed"], .bool(false))
        XCTAssertEqual(n.data["inputs"]?.arrayValue?[1], .object(JSONObject([("name", .string("bounding_boxes")), ("type", .string("ARRAY"))])))
        let widgets = (n.data["widgets"]?.arrayValue ?? []).compactMap(ComfyUIWidget.init(json:))
        XCTAssertEqual(widgets[1], ComfyUIWidget(name: "aspect_ratio", index: 1, kind: .string))
        XCTAssertEqual(widgets[5], ComfyUIWidget(name: "seed", index: 5, kind: .int, control: 6), "named by widgets_values_named")
        XCTAssertEqual(n.data["widgets_values"]?.arrayValue?[5], .number(396545587))
        XCTAssertEqual(n.data["comfyui"]?["order"], .number(0))
        XCTAssertEqual(doc.edges, [Edge(id: "1", source: "1", target: "2", sourceHandle: "out0", targetHandle: "in0",
                                        data: .object(JSONObject([("type", .string("IMAGE")),
                                                                  ("comfyui", .array([1, 1, 0, 2, 0, "IMAGE"].map { $0 is String ? .string($0 as! String) : .number(Double($0 as! Int)) }))])),
                                        style: EdgeStyle(stroke: Color(hex: 0x64B5F6), strokeWidth: 2))])
        XCTAssertEqual(doc.viewport, Viewport(x: -1300.6074247315455, y: 805.4730890471586, zoom: 0.8636372279877547))
        XCTAssertEqual(doc.diagnostics, [])
    }

    func testSpecialNodesGroupsAndLinkForms() throws {
        let doc = try decode(#"""
            {"nodes": [
              {"id": 1, "type": "Note", "pos": [0, 100], "size": [200, 50], "flags": {"collapsed": true},
               "inputs": [], "outputs": [], "widgets_values": ["remember"], "mode": 4},
              {"id": 2, "type": "sg-1", "pos": {"0": 10, "1": 20}, "size": {"0": 100, "1": 60}, "flags": {"pinned": true},
               "inputs": [{"name": "a", "label": "A!", "type": "MODEL", "link": 7}], "outputs": [{"name": "o", "type": "VAE", "links": []}],
               "widgets_values": [1.5, {"k": true}]},
              {"id": "3", "type": "Reroute", "pos": [0, 0], "size": [75, 26],
               "inputs": [{"name": "", "type": "*", "link": null}], "outputs": [{"name": "", "type": "LATENT", "links": [7]}]}
            ],
            "links": [{"id": 7, "origin_id": 3, "origin_slot": 0, "target_id": 2, "target_slot": 0, "type": "LATENT"},
                      null, [8, 2, 0, 9, 0, "VAE"], [9, 2, 3, 1, 0, "VAE"]],
            "groups": [{"title": "Stage", "bounding": [-10, -50, 400, 300], "color": "#3f789e"}],
            "definitions": {"subgraphs": [{"id": "sg-1", "name": "My Subgraph"}]},
            "extra": {"ds": {"scale": 2, "offset": [5, -7]}}}
            """#)
        // The group comes first; every node's centre lies inside it, so it is their parent.
        XCTAssertEqual(doc.nodes.map(\.id), ["group-0", "1", "2", "3"])
        XCTAssertEqual(doc.nodes.map(\.parentId), [nil, "group-0", "group-0", "group-0"])
        let note = doc.nodes[1]
        XCTAssertEqual(note.position, Point(x: 10, y: 120), "(0, 70) relative to the group at (-10, -50)")
        XCTAssertEqual(note.height, 30)
        XCTAssertEqual(note.handles, [])
        XCTAssertEqual(note.data["widgets_values"], .array([.string("remember")]))
        XCTAssertEqual(note.data["widgets"], .array([ComfyUIWidget(name: "0", index: 0, kind: .string, multiline: true).json]))
        XCTAssertEqual(note.data["mode"], .number(4))
        XCTAssertEqual(note.data["collapsed"], .bool(true))
        let sub = doc.nodes[2]
        XCTAssertEqual(sub.draggable, false, "pinned")
        XCTAssertNil(note.draggable)
        XCTAssertEqual(sub.position, Point(x: 20, y: 40))
        XCTAssertEqual(sub.data["label"], .string("My Subgraph"))
        XCTAssertEqual(sub.data["subgraph"], .string("sg-1"))
        XCTAssertEqual(sub.data["inputs"]?.arrayValue?.first?["name"], .string("A!"))
        XCTAssertEqual(sub.data["widgets"], .array([ComfyUIWidget(name: "0", index: 0, kind: .float).json,
                                                    ComfyUIWidget(name: "1", index: 1, kind: .other).json]))
        XCTAssertEqual(sub.handles?.map(\.y), [44, 44])
        XCTAssertEqual(sub.handles?.last?.x, 100)
        // The Reroute: a 16-unit dot centred on LiteGraph's 75×26 box at (0, 0), slots on its centre line.
        let reroute = doc.nodes[3]
        XCTAssertEqual(reroute.position, Point(x: 37.5 - 8 + 10, y: 13 - 8 + 50))
        XCTAssertEqual(reroute.fixedSize, Size(width: 16, height: 16))
        XCTAssertEqual(reroute.handles, [NodeHandle(id: "in0", type: .target, position: .left, x: 0, y: 8, color: ComfyUIPalette.defaultLinkColor),
                                         NodeHandle(id: "out0", type: .source, position: .right, x: 16, y: 8, color: Color(hex: 0xFF9CF9))])
        var group = doc.nodes[0]
        XCTAssertEqual(group.data["comfyui"]?["title"], .string("Stage"))
        group.data = .object(JSONObject([("label", group.data["label"]!), ("color", group.data["color"]!)]))
        XCTAssertEqual(group, Node(id: "group-0", position: Point(x: -10, y: -50),
                                   data: .object(JSONObject([("label", .string("Stage")), ("color", .string("#3f789e"))])),
                                   type: "group", width: 400, height: 300, zIndex: -1))
        XCTAssertEqual(doc.extra.keys, ["definitions", "extra"])
        XCTAssertEqual(doc.format, .comfyUI)
        XCTAssertEqual(doc.edges.map(\.id), ["7", "8", "9"])
        XCTAssertEqual(doc.edges[0].source, "3")
        XCTAssertEqual(doc.edges[0].style.stroke, Color(hex: 0xFF9CF9))
        XCTAssertEqual(doc.viewport, Viewport(x: 10, y: -14, zoom: 2))
        XCTAssertEqual(doc.diagnostics.map(\.description), [
            "wf.json: links[1] is null; skipped",
            "wf.json: links[2]: link 8: target node 9 does not exist",
            "wf.json: links[3]: link 9: origin node 2 has no output slot 3",
        ])
    }

    func testWorkflowErrorsNameThePath() {
        func error(_ text: String) -> String? {
            do { _ = try decode(text); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"nodes":[{"id":1,"pos":[0,"a"],"size":[1,1]}],"links":[]}"#),
                       #"wf.json: nodes[0].pos[1]: expected a finite number, found string "a""#)
        XCTAssertEqual(error(#"{"nodes":[{"id":1,"pos":[0,0]}],"links":[]}"#),
                       "wf.json: nodes[0].size: expected [width, height], found nothing")
        XCTAssertEqual(error(#"{"nodes":[{"id":true,"pos":[0,0],"size":[1,1]}],"links":[]}"#),
                       "wf.json: nodes[0].id: expected an id (integer or string), found bool true")
        XCTAssertEqual(error(#"{"nodes":[],"links":[[1,2,"x",3,0]]}"#), #"wf.json: links[0][2]: expected an integer, found string "x""#)
        XCTAssertEqual(error(#"{"nodes":[],"links":[[1,2]]}"#),
                       "wf.json: links[0]: expected [id, originId, originSlot, targetId, targetSlot, type], found array of 2")
        XCTAssertEqual(error(#"{"nodes":[],"links":[{"id":1,"origin_id":2,"origin_slot":0,"target_id":3}]}"#),
                       "wf.json: links[0].target_slot: expected an integer, found nothing")
        XCTAssertEqual(error(#"{"nodes":[],"links":[],"groups":[{"bounding":[0,0,1]}]}"#),
                       "wf.json: groups[0].bounding: expected an array of 4 numbers, found array of 3")
        XCTAssertEqual(error(#"{"nodes":[],"links":[],"extra":{"ds":{"scale":0,"offset":[0,0]}}}"#),
                       "wf.json: extra.ds.scale: expected a positive number, found number 0")
        XCTAssertEqual(error(#"{"nodes":[],"links":[],"extra":{"ds":{"scale":1}}}"#),
                       "wf.json: extra.ds.offset: expected [x, y], found nothing")
    }

    func testDetection() {
        XCTAssertTrue(ComfyUIImport.isWorkflow(try! JSONParser.parse(#"{"nodes":[{"pos":[0,0]}],"links":[]}"#)))
        XCTAssertTrue(ComfyUIImport.isWorkflow(try! JSONParser.parse(#"{"nodes":[],"links":[]}"#)))
        XCTAssertFalse(ComfyUIImport.isWorkflow(try! JSONParser.parse(#"{"nodes":[{"position":{"x":0,"y":0}}],"links":[]}"#)))
        XCTAssertFalse(ComfyUIImport.isWorkflow(try! JSONParser.parse(#"{"nodes":[{"pos":[0,0]}]}"#)))
        XCTAssertFalse(ComfyUIImport.isWorkflow(try! JSONParser.parse(#"[]"#)))
    }
}
