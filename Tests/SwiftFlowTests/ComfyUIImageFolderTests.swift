import Foundation
@testable import SwiftFlow
import XCTest

/// Which picture a ComfyUI image node shows from its folders (`ComfyUIImageFolder`), and the
/// placeholder naming a file that is not there.
final class ComfyUIImageFolderTests: XCTestCase {
    /// A folder with `in/a.png`, `in/sub/b.png` and `out/c.png` (empty files: only their names matter here).
    private func makeFolders() throws -> String {
        let dir = NSTemporaryDirectory() + "swiftflow-comfy-folders-\(getpid())"
        for f in ["in/sub/b.png", "in/a.png", "out/c.png", "secret.png"] {
            let path = dir + "/" + f
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    private func node(_ type: String, widgets: [JSONValue] = [], images: JSONValue? = nil) -> Node<JSONValue> {
        var data = JSONObject([("comfyType", .string(type))])
        data["comfyui"] = .object(JSONObject([("type", .string(type)), ("widgets_values", .array(widgets))]))
        data["images"] = images
        return Node(id: "n", position: .zero, data: .object(data), type: "comfyui", width: 300, height: 330)
    }

    func testNamesResolveInsideTheFoldersOnly() throws {
        let dir = try makeFolders()
        let folder = ComfyUIImageFolder(input: dir + "/in", output: dir + "/out")
        func load(_ name: String) -> ComfyUIImageFolder.Picture? { folder.picture(of: node("LoadImage", widgets: [.string(name), .string("image")])) }
        XCTAssertEqual(load("a.png"), .file(path: dir + "/in/a.png"))
        XCTAssertEqual(load("sub/b.png"), .file(path: dir + "/in/sub/b.png"))
        XCTAssertEqual(load("sub\\b.png"), .file(path: dir + "/in/sub/b.png"), "a Windows separator")
        XCTAssertEqual(load("./sub//b.png [input]"), .file(path: dir + "/in/sub/b.png"))
        XCTAssertEqual(load("c.png [output]"), .file(path: dir + "/out/c.png"), "the annotation names the folder")
        XCTAssertEqual(load("c.png"), .missing(name: "c.png"))
        XCTAssertEqual(load("sub"), .missing(name: "sub"), "a folder is not a picture")
        for bad in ["../secret.png", "sub/../../secret.png", "/etc/passwd", "..\\secret.png", "", " [input]"] {
            XCTAssertEqual(load(bad), .rejected(name: bad), bad)
        }
        XCTAssertNil(folder.picture(of: node("LoadImage")), "no widget value: no picture")
        XCTAssertNil(folder.picture(of: node("KSampler", widgets: [.string("a.png")])), "other nodes show their images only")
        func preview(_ image: [(String, JSONValue)]) -> ComfyUIImageFolder.Picture? {
            folder.picture(of: node("PreviewImage", images: .array([.object(JSONObject(image))])))
        }
        XCTAssertEqual(preview([("filename", .string("c.png")), ("subfolder", .string("")), ("type", .string("temp"))]), .file(path: dir + "/out/c.png"))
        XCTAssertEqual(preview([("filename", .string("b.png")), ("subfolder", .string("sub")), ("type", .string("input"))]), .file(path: dir + "/in/sub/b.png"))
        XCTAssertEqual(preview([("filename", .string("secret.png")), ("subfolder", .string(".."))]), .rejected(name: "secret.png"))
        XCTAssertNil(folder.picture(of: node("PreviewImage")), "before a run: no picture")
        // Lookups are remembered until forgotten.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/in/c.png", contents: Data()))
        XCTAssertEqual(load("c.png"), .missing(name: "c.png"))
        folder.forgetLookups()
        XCTAssertEqual(load("c.png"), .file(path: dir + "/in/c.png"))
    }

    /// A SaveImage node without `images` shows the last picture saved with its prefix, as ComfyUI
    /// names them (`<prefix>_<counter>_.png`, the highest counter), in the output folder.
    func testSaveImageShowsTheLastPictureSavedWithItsPrefix() throws {
        let dir = try makeFolders()
        for f in ["SwiftFlow_00001_.png", "SwiftFlow_00012_.png", "SwiftFlow_00003_.jpg", "SwiftFlow_extra.png", "SwiftFlow_00099_.txt",
                  "Other_00050_.png", "sub/x_00007_.png"] {
            try FileManager.default.createDirectory(atPath: dir + "/out/sub", withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/" + f, contents: Data()))
        }
        let folder = ComfyUIImageFolder(input: dir + "/in", output: dir + "/out")
        func save(_ prefix: String) -> ComfyUIImageFolder.Picture? { folder.picture(of: node("SaveImage", widgets: [.string(prefix)])) }
        XCTAssertEqual(save("SwiftFlow"), .file(path: dir + "/out/SwiftFlow_00012_.png"))
        XCTAssertEqual(save("sub/x"), .file(path: dir + "/out/sub/x_00007_.png"))
        XCTAssertNil(save("ComfyUI"), "nothing saved yet: no picture")
        XCTAssertNil(save("nowhere/x"), "no such subfolder: no picture")
        XCTAssertEqual(save("../SwiftFlow"), .rejected(name: "../SwiftFlow"))
        XCTAssertNil(folder.picture(of: node("PreviewImage", widgets: [.string("SwiftFlow")])), "only SaveImage names its files")
        // Given images come first.
        let given = JSONValue.array([.object(JSONObject([("filename", .string("a.png")), ("type", .string("input"))]))])
        XCTAssertEqual(folder.picture(of: node("SaveImage", widgets: [.string("SwiftFlow")], images: given)), .file(path: dir + "/in/a.png"))
        // A newer picture shows once the lookups are forgotten.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/SwiftFlow_00013_.png", contents: Data()))
        XCTAssertEqual(save("SwiftFlow"), .file(path: dir + "/out/SwiftFlow_00012_.png"))
        folder.forgetLookups()
        XCTAssertEqual(save("SwiftFlow"), .file(path: dir + "/out/SwiftFlow_00013_.png"))
    }

    /// A file that is not there is a placeholder naming it, below the node's widgets, with one
    /// diagnostic; the node is drawn as usual otherwise.
    func testAMissingFileIsAPlaceholderNamingIt() throws {
        let dir = try makeFolders()
        let canvas = FlowCanvas<JSONValue, JSONValue>(size: Size(width: 800, height: 600), theme: .dark, textMeasurer: FixedAdvanceTextMeasurer())
        var diagnostics: [FlowDiagnostic] = []
        canvas.onError = { diagnostics.append($0) }
        ComfyUINodeTypes.register(on: canvas, imageFolder: ComfyUIImageFolder(input: dir + "/in"))
        var list = DrawList()
        canvas.frame(nodes: [node("LoadImage", widgets: [.string("gone.png"), .string("image")])], edges: [], into: &list)
        let state = canvas.nodeCache.states[0]
        let texts: [(String, Point)] = canvas.nodeCache.ops[state.opsRange].compactMap {
            if case .text(let s, let o, _, _, _) = $0 { return (s, o) }
            return nil
        }
        XCTAssertEqual(texts.map(\.0), ["n", "gone.png", "not found"])
        XCTAssertGreaterThan(texts[1].1.y, 100, "in the picture area, below the title")
        XCTAssertEqual(diagnostics, [.imageUnavailable(nodeId: "n", source: "file 'gone.png'", reason: "not in the ComfyUI folder")])
    }
}
