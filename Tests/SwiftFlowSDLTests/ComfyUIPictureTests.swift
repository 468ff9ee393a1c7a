import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowAssets
import XCTest
@testable import SwiftFlowSDL

/// Pictures in ComfyUI image nodes drawn through the SDL software renderer: a LoadImage node
/// shows its file from the input folder (a PNG the test writes, left half orange, right half
/// teal), filling the free area below its slots and widgets at its aspect ratio; a PreviewImage
/// node shows the output image the app gives it; a missing file and a name leaving the folder
/// are placeholders.
@MainActor
final class ComfyUIPictureTests: XCTestCase {
    private let orange = PackedColor(r: 255, g: 128, b: 0, a: 255), teal = PackedColor(r: 0, g: 128, b: 128, a: 255)

    /// A folder `input/` with `sub/pic.png` (40x30: x < 20 orange, else teal), removed when the test ends.
    private func makeFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "swiftflow-comfy-input-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 40, 30, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        var left = SDL_Rect(x: 0, y: 0, w: 20, h: 30), right = SDL_Rect(x: 20, y: 0, w: 20, h: 30)
        SDL_FillRect(surface, &left, SDL_MapRGB(surface.pointee.format, orange.r, orange.g, orange.b))
        SDL_FillRect(surface, &right, SDL_MapRGB(surface.pointee.format, teal.r, teal.g, teal.b))
        XCTAssertEqual(IMG_SavePNG(surface, dir + "/sub/pic.png"), 0, String(cString: SDL_GetError()))
        return dir
    }

    /// Four image nodes 300 wide, 330 high (LiteGraph size 300x300) at x 0, 320, 640, 960: LoadImage
    /// of "sub/pic.png [input]", of "missing.png", of "../secret.png", and a PreviewImage.
    private let workflow = #"""
        {"nodes": [
          {"id": 1, "type": "LoadImage", "pos": [0, 30], "size": [300, 300], "widgets_values": ["sub/pic.png [input]", "image"],
           "inputs": [], "outputs": [{"name": "IMAGE", "type": "IMAGE", "links": []}, {"name": "MASK", "type": "MASK", "links": []}]},
          {"id": 2, "type": "LoadImage", "pos": [320, 30], "size": [300, 300], "widgets_values": ["missing.png", "image"],
           "inputs": [], "outputs": [{"name": "IMAGE", "type": "IMAGE", "links": []}, {"name": "MASK", "type": "MASK", "links": []}]},
          {"id": 3, "type": "LoadImage", "pos": [640, 30], "size": [300, 300], "widgets_values": ["../secret.png", "image"],
           "inputs": [], "outputs": [{"name": "IMAGE", "type": "IMAGE", "links": []}, {"name": "MASK", "type": "MASK", "links": []}]},
          {"id": 4, "type": "PreviewImage", "pos": [960, 30], "size": [300, 300], "widgets_values": [],
           "inputs": [{"name": "images", "type": "IMAGE", "link": null}], "outputs": []}],
         "links": [], "groups": []}
        """#

    func testLoadImageShowsItsPictureAndMissingOrEscapingNamesArePlaceholders() async throws {
        let folder = try makeFolder()
        var doc = try FlowFile.decode(Array(workflow.utf8), file: "wf.json")
        // The app gives the PreviewImage node its output image, in ComfyUI's form.
        let image = JSONValue.object(JSONObject([("filename", .string("pic.png")), ("subfolder", .string("sub")), ("type", .string("output"))]))
        doc.nodes[3].data = .object({ var o = doc.nodes[3].data.objectValue!; o["images"] = .array([image]); return o }())
        let host = try SDLHost(headlessSize: Size(width: 1280, height: 360))
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: host.canvasSize, theme: .dark, textMeasurer: host.text)
        canvas.imageProvider = host.images
        var diagnostics: [FlowDiagnostic] = []
        canvas.onError = { diagnostics.append($0) }
        ComfyUINodeTypes.register(on: canvas, imageFolder: ComfyUIImageFolder(input: folder))
        canvas.viewport = Viewport(x: 10, y: 10, zoom: 1)
        var list = DrawList()
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        canvas.frame(nodes: doc.nodes, edges: doc.edges, into: &list)
        try host.render(list, clear: canvas.theme.background)
        let px = try host.readPixels()
        host.present()

        XCTAssertEqual(diagnostics, [
            .imageUnavailable(nodeId: "2", source: "file 'missing.png'", reason: "not in the ComfyUI folder"),
            .imageUnavailable(nodeId: "3", source: "file '../secret.png'", reason: "the name leads out of the ComfyUI folder"),
        ])
        // Node 1's free area: below the title (30), the slot rows' top padding (4), two slot rows
        // (40), two widget rows (2 + 2 × (20 + 4) = 50, `ComfyUIWidgetLayout`) less the last row
        // gap (4), and the picture's padding (4): y 124…320, x 10…290 (node-local). The 4:3
        // picture fitted into 280x196 is 261.3x196, centred: x 19.3…280.7.
        func at(_ x: Double, _ y: Double) -> PackedColor { px[Int(x + 10), Int(y + 10)] }
        XCTAssertEqual(at(80, 217), orange, "left half of the picture")
        XCTAssertEqual(at(220, 217), teal, "right half of the picture")
        XCTAssertEqual(at(22, 126), orange, "near the picture's top-left corner")
        XCTAssertEqual(at(278, 318), teal, "near its bottom-right corner")
        XCTAssertEqual(at(150, 325), PackedColor(ComfyUINodeView.defaultBody), "the bottom padding is the node's body")
        // The PreviewImage node (one input row, no widgets): y 58…320, the 4:3 picture 280x210
        // centred in it: y 84…294.
        XCTAssertEqual(at(960 + 80, 189), orange)
        XCTAssertEqual(at(960 + 220, 189), teal)
        XCTAssertEqual(at(960 + 150, 70), PackedColor(ComfyUINodeView.defaultBody), "above the fitted picture")
        // The placeholders: dark boxes filling the area (their text is in the middle).
        for x in [320.0, 640.0] {
            XCTAssertEqual(at(x + 20, 130), PackedColor(ComfyUINodePicture.placeholderFill), "placeholder of node at \(x)")
        }
        XCTAssertEqual(host.images.decodeCount, 1, "the picture is decoded once for both nodes")
    }

    /// `--comfy-input DIR` draws the pictures in the runner (the image-to-image sample with
    /// `assets/` as its input folder: LoadImage shows `sample.png`); a path that is not a folder
    /// exits 2 before anything runs, and `--comfy-output` needs `--comfy-input`.
    func testTheComfyInputOptionShowsThePicturesInTheRunner() async throws {
        let workflow = try XCTUnwrap(AssetResources.path(AssetResources.sampleImageWorkflow))
        let assets = (workflow as NSString).deletingLastPathComponent
        let shot = NSTemporaryDirectory() + "swiftflow-comfy-input-run-\(getpid()).png"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: shot) }
        let options = try RunOptions(arguments: ["--headless", "--open", workflow, "--comfy-input", assets, "--viewport", "file",
                                                 "--frames", "2", "--screenshot", shot])
        XCTAssertEqual(options.comfyInput, assets)
        XCTAssertEqual(CanvasRunner(options: options, title: "t", defaultDocument: { FlowDocument() }).run(), 0)
        // The file's view: scale 0.6, offset (40, 60). LoadImage's picture (node-local x 10…305,
        // y 121.4…342.6 of its frame at flow (40, 230)) has its red quadrant centred at flow
        // (123.75, 406.7) and its white one at (271.25, 517.3).
        let image = try XCTUnwrap(IMG_Load(shot))
        defer { SDL_FreeSurface(image) }
        let rgba = try XCTUnwrap(SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_RGBA32.rawValue, 0))
        defer { SDL_FreeSurface(rgba) }
        func pixel(flow x: Double, _ y: Double) -> [UInt8] {
            let s = Int(((x + 40) * 0.6).rounded()), t = Int(((y + 60) * 0.6).rounded())
            let base = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self) + t * Int(rgba.pointee.pitch) + s * 4
            return [base[0], base[1], base[2]]
        }
        XCTAssertEqual(pixel(flow: 123.75, 406.7), [255, 0, 0])
        XCTAssertEqual(pixel(flow: 271.25, 517.3), [255, 255, 255])
        let missing = try RunOptions(arguments: ["--headless", "--open", workflow, "--comfy-input", assets + "/sample.png"])
        XCTAssertEqual(CanvasRunner(options: missing, title: "t", defaultDocument: { FlowDocument() }).run(), 2)
        let noOutput = try RunOptions(arguments: ["--headless", "--open", workflow, "--comfy-input", assets, "--comfy-output", assets + "/none"])
        XCTAssertEqual(CanvasRunner(options: noOutput, title: "t", defaultDocument: { FlowDocument() }).run(), 2)
        XCTAssertThrowsError(try RunOptions(arguments: ["--comfy-output", assets])) {
            XCTAssertEqual(($0 as? RunOptions.ParseError)?.description, "--comfy-output needs --comfy-input")
        }
    }
}
