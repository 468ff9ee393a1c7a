import CSDL2
import Foundation
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

/// The stress-test executable in a real window on a private Xvfb server: it must open an X11
/// window (not fall back to headless), and its screenshot must show the graph.
final class X11WindowTests: XCTestCase {
    private var xvfb: Process?

    override func tearDown() {
        xvfb?.terminate()
        xvfb?.waitUntilExit()
    }

    /// Starts Xvfb on a free display number and returns it, or skips when Xvfb is not installed.
    private func startXvfb() throws -> String {
        let binary = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("X11WindowTests: skipped: \(binary) is not installed (scripts/setup.sh installs xvfb)")
            throw XCTSkip("Xvfb is not installed")
        }
        for n in 90..<110 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = [":\(n)", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            for _ in 0..<100 where p.isRunning {
                if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { xvfb = p; return ":\(n)" }
                usleep(50_000)
            }
            p.terminate()
        }
        XCTFail("could not start Xvfb on any display from :90 to :109")
        throw XCTSkip("no Xvfb")
    }

    /// The swiftflow-stress binary built beside this test bundle.
    private func stressBinary() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("swiftflow-stress").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        XCTFail("swiftflow-stress not found beside \(dir.path); run `swift build --build-tests` first")
        throw XCTSkip("no binary")
    }

    private func runInWindow(backend: String) throws {
        let display = try startXvfb()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("x11-\(backend)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let graph = dir.appendingPathComponent("graph.json").path, shot = dir.appendingPathComponent("shot.png").path
        let report = dir.appendingPathComponent("report.json").path
        try FlowFile.save(pixelTestGraph(), to: graph)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try stressBinary())
        p.arguments = ["--open", graph, "--size", "420x200", "--backend", backend, "--frames", "3", "--screenshot", shot, "--report", report]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        p.environment = env
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 0, stderr)
        XCTAssertFalse(stderr.contains("headless"), "fell back to headless: \(stderr)")
        let stats = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: report))))
        XCTAssertEqual(stats["headless"], .bool(false))
        XCTAssertEqual(stats["frames"], .number(3))
        XCTAssertEqual(stats["visible_edges"], .number(1))

        guard let surface = IMG_Load(shot) else { return XCTFail("screenshot unreadable: \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(surface) }
        guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return XCTFail("convert failed") }
        defer { SDL_FreeSurface(rgba) }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let base = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(rgba.pointee.pitch) + x * 4
            return [base[0], base[1], base[2]]
        }
        XCTAssertEqual(rgba.pointee.w, 420)
        XCTAssertEqual(pixel(100, 25), [255, 0, 0], "source handle centre")
        XCTAssertEqual(pixel(200, 75), [0, 0, 255], "edge at its label point")
    }

    func testSoftwareRendererWindowOnXvfb() throws { try runInWindow(backend: "software") }

    func testAcceleratedRendererWindowOnXvfb() throws { try runInWindow(backend: "sdl") }
}
