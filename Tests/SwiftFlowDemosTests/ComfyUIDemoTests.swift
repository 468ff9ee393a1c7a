import CSDL2
import Foundation
import SwiftFlowAssets
import SwiftFlowDemos
import SwiftFlowSDL
import XCTest

/// The "comfyui" demo opens the image-to-image sample workflow editable: LoadImage shows
/// `sample.png` from `assets/` (its input folder), a scripted drag moves a node, and
/// `--save-comfyui` writes the workflow back with exactly that change.
@MainActor
final class ComfyUIDemoTests: XCTestCase {
    func testTheWorkflowShowsItsPictureAndSavesAnEditBack() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("demo-comfyui-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("script.txt").path, shot = dir.appendingPathComponent("shot.png").path
        let saved = dir.appendingPathComponent("saved.json").path
        // At viewport (300, 0, 1) the negative prompt (LiteGraph pos (420, 280): title bar at flow
        // y 250…280) is dragged by its title from (920, 265) by (30, 40).
        try "viewport 300 0 1\npress 920 265\nmove 930 275\nmove 940 290\nmove 950 305\nrelease 950 305\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let options = try RunOptions(arguments: ["--headless", "--replay", script, "--screenshot", shot, "--save-comfyui", saved])
        let index = try XCTUnwrap(DemoGallery.all.firstIndex { $0.name == "comfyui" })
        let (code, gallery) = DemoGallery.run(index, options: options)
        XCTAssertEqual(code, 0)
        let g = try XCTUnwrap(gallery)
        XCTAssertEqual(g.canvas.viewport, Viewport(x: 300, y: 0, zoom: 1))
        let lookup = NodeLookup(g.store.nodes)
        XCTAssertEqual(g.store.nodes.first { $0.id == "4" }.map { lookup.absolutePosition(of: $0) }, Point(x: 450, y: 290))

        // LoadImage (flow frame (40, 230, 315, 360); two output rows, two widget lines): the
        // picture area is x 10…305, y 114…350 of the node; the 64x48 sample fitted in it is
        // 295x221.25 at y 121.375, its red quadrant centred at (83.75, 176.7), green at (231.25, 176.7).
        guard let loaded = IMG_Load(shot), let px = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw XCTSkip("screenshot unreadable: \(String(cString: SDL_GetError()))")
        }
        SDL_FreeSurface(loaded)
        defer { SDL_FreeSurface(px) }
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            let s = Int((x + 300).rounded()), t = Int(y.rounded())
            let base = px.pointee.pixels.assumingMemoryBound(to: UInt8.self) + t * Int(px.pointee.pitch) + s * 4
            return [base[0], base[1], base[2]]
        }
        XCTAssertEqual(pixel(40 + 83.75, 230 + 176.7), [255, 0, 0], "the red quadrant")
        XCTAssertEqual(pixel(40 + 231.25, 230 + 176.7), [0, 255, 0], "the green quadrant")

        // The saved workflow is the asset with node 4 moved and the view saved.
        let path = try XCTUnwrap(AssetResources.path(AssetResources.sampleImageWorkflow))
        var expected = try XCTUnwrap(JSONParser.parse(Array(FileManager.default.contents(atPath: path)!)).objectValue)
        var nodes = try XCTUnwrap(expected["nodes"]?.arrayValue)
        var four = try XCTUnwrap(nodes[3].objectValue)
        four["pos"] = .array([.number(450), .number(320)])
        nodes[3] = .object(four)
        expected["nodes"] = .array(nodes)
        expected["extra"] = .object(JSONObject([("ds", .object(JSONObject([("scale", .number(1)), ("offset", .array([.number(300), .number(0)]))])))]))
        let written = try JSONParser.parse(Array(try XCTUnwrap(FileManager.default.contents(atPath: saved))))
        XCTAssertEqual(JSONWriter.string(written, sortedKeys: true), JSONWriter.string(.object(expected), sortedKeys: true))
    }
}
