import CSDL2
import Foundation
import SwiftFlow
import SwiftFlowSDL
import XCTest

/// One run of the swiftflow-stress executable (built beside this test bundle) on the pixel-test
/// graph (`pixelTestGraph()`, 420x200 points): its standard error, report, screenshot and the
/// graph it saved on exit.
struct StressRun {
    let stderr: String
    let report: JSONValue
    let screenshot: PixelBuffer
    /// The graph as `--save` wrote it when the run ended (flow units).
    let saved: FlowDocument

    /// Runs `--backend backend` with `environment` added to this process's (minus DISPLAY,
    /// WAYLAND_DISPLAY, SDL_VIDEODRIVER and the X11 scale's SWIFTFLOW_SCALE and GDK_SCALE unless
    /// `environment` sets them): `replay` (an input
    /// script, replay.md) when given, then 3 frames. With `whileRunning`, the frames go on until
    /// it returns (the process then gets SIGTERM, which SDL turns into a quit), so it can send
    /// live input and wait for its effects on the process's standard error.
    /// - Throws: when the executable is missing or exits with a non-zero status (with its
    ///   stderr), or what `whileRunning` throws.
    static func run(backend: String, environment: [String: String], replay: String? = nil,
                    whileRunning: ((OutputLog) throws -> Void)? = nil) throws -> StressRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(backend)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
        try FlowFile.save(pixelTestGraph(), to: file("graph.json"))
        let frames = whileRunning == nil ? 3 : Int(Int32.max)
        var arguments = ["--open", file("graph.json"), "--size", "420x200", "--backend", backend, "--frames", "\(frames)",
                         "--screenshot", file("shot.png"), "--report", file("report.json"), "--save", file("saved.json")]
        if let replay {
            try replay.write(toFile: file("input.replay"), atomically: true, encoding: .utf8)
            arguments += ["--replay", file("input.replay")]
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try binary())
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SWIFTFLOW_SCALE", "GDK_SCALE"] { env.removeValue(forKey: key) }
        env.merge(environment) { $1 }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let log = OutputLog(err.fileHandleForReading)
        if let whileRunning {
            defer { if p.isRunning { p.terminate() } }
            try whileRunning(log)
        }
        let stderr = log.waitForEnd()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw TestDisplayServer.StartError(description: "swiftflow-stress exited with \(p.terminationStatus): \(stderr)")
        }
        return StressRun(stderr: stderr,
                         report: try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file("report.json"))))),
                         screenshot: try loadPNG(file("shot.png")),
                         saved: try FlowFile.load(path: file("saved.json")))
    }

    /// A running process's standard error, collected on a background thread.
    final class OutputLog: @unchecked Sendable {
        private let condition = NSCondition()
        private var data = Data()
        private var ended = false

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    condition.lock()
                    if chunk.isEmpty { ended = true } else { data.append(chunk) }
                    condition.broadcast()
                    condition.unlock()
                    if chunk.isEmpty { return }
                }
            }
        }

        /// Waits until the text so far contains `text`.
        /// - Throws: when the stream ends first, or after `timeout` seconds (with the text so far).
        func wait(for text: String, timeout: TimeInterval = 60) throws {
            let deadline = Date(timeIntervalSinceNow: timeout)
            condition.lock()
            defer { condition.unlock() }
            while !String(decoding: data, as: UTF8.self).contains(text) {
                guard !ended, condition.wait(until: deadline) else {
                    throw TestDisplayServer.StartError(description: "swiftflow-stress never wrote '\(text)': \(String(decoding: data, as: UTF8.self).suffix(2000))")
                }
            }
        }

        /// Waits until the stream ends (the process closed it) and returns all of it.
        func waitForEnd() -> String {
            condition.lock()
            defer { condition.unlock() }
            while !ended { condition.wait() }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The swiftflow-stress binary beside this test bundle.
    static func binary() throws -> String {
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
