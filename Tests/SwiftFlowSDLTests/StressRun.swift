import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowSDL
import XCTest

/// One run of the swiftflow-stress executable (built beside this test bundle) on the pixel-test
/// graph (`pixelTestGraph()`, 420x200 points): its standard error, report and screenshot.
struct StressRun {
    let stderr: String
    let report: JSONValue
    let screenshot: PixelBuffer

    /// Runs `--backend backend` for 3 frames with `environment` added to this process's (minus
    /// DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER unless `environment` sets them).
    /// - Throws: when the executable is missing or exits with a non-zero status (with its stderr).
    static func run(backend: String, environment: [String: String]) throws -> StressRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(backend)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let graph = dir.appendingPathComponent("graph.json").path, shot = dir.appendingPathComponent("shot.png").path
        let report = dir.appendingPathComponent("report.json").path
        try FlowFile.save(pixelTestGraph(), to: graph)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try binary())
        p.arguments = ["--open", graph, "--size", "420x200", "--backend", backend, "--frames", "3", "--screenshot", shot, "--report", report]
        var env = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env.removeValue(forKey: key) }
        env.merge(environment) { $1 }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw TestDisplayServer.StartError(description: "swiftflow-stress exited with \(p.terminationStatus): \(stderr)")
        }
        return StressRun(stderr: stderr,
                         report: try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: report)))),
                         screenshot: try loadPNG(shot))
    }

    /// The swiftflow-stress binary beside this test bundle.
    private static func binary() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("swiftflow-stress").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestDisplayServer.StartError(description: "swiftflow-stress not found beside \(dir.path); run `swift build --build-tests` first")
    }
}

/// A PNG's pixels as RGBA bytes (through SDL_image).
func loadPNG(_ path: String) throws -> PixelBuffer {
    guard let surface = IMG_Load(path) else { throw SDLError.lastError("IMG_Load(\(path))") }
    defer { SDL_FreeSurface(surface) }
    guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { throw SDLError.lastError("SDL_ConvertSurfaceFormat") }
    defer { SDL_FreeSurface(rgba) }
    let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    let src = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    for y in 0..<h { for x in 0..<(w * 4) { bytes[y * w * 4 + x] = src[y * pitch + x] } }
    return PixelBuffer(width: w, height: h, rgba: bytes)
}
