import Foundation
import XCTest

/// A display server a test starts for itself and stops when done: Xvfb on a display number it
/// picks itself (`-displayfd`, so concurrent test runs never collide), or weston's x11 backend
/// nested in such an Xvfb, on a socket in a private XDG_RUNTIME_DIR. (weston's headless backend
/// crashes SDL 2.26.)
final class TestDisplayServer {
    /// The variables a client needs to reach this server (and SDL to pick its video driver).
    let environment: [String: String]
    /// The X display (":N") of the Xvfb: the server itself, or the one weston is nested in.
    let xDisplay: String
    private var processes: [Process]
    private let runtimeDirectory: URL?

    private init(environment: [String: String], xDisplay: String, processes: [Process], runtimeDirectory: URL? = nil) {
        self.environment = environment; self.xDisplay = xDisplay; self.processes = processes; self.runtimeDirectory = runtimeDirectory
    }

    deinit { stop() }

    /// Stops the servers (newest first) and removes the runtime directory.
    func stop() {
        for p in processes.reversed() where p.isRunning {
            p.terminate()
            p.waitUntilExit()
        }
        processes = []
        if let dir = runtimeDirectory { try? FileManager.default.removeItem(at: dir) }
    }

    /// Why a server could not be started (the test fails with it).
    struct StartError: Error, CustomStringConvertible { let description: String }

    /// Starts Xvfb with a 1280x1024x24 screen (no window manager: SDL centres its windows);
    /// `environment` has DISPLAY and SDL_VIDEODRIVER=x11.
    static func xvfb() throws -> TestDisplayServer {
        let (process, display) = try startXvfb()
        return TestDisplayServer(environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"], xDisplay: display, processes: [process])
    }

    /// Starts weston (x11 backend) inside a new Xvfb; `environment` has WAYLAND_DISPLAY,
    /// XDG_RUNTIME_DIR and SDL_VIDEODRIVER=wayland.
    ///
    /// weston's output is an X window of 1024x768 pixels at the Xvfb's origin, `scale` device
    /// pixels per point (so 1024/scale × 768/scale points). With `kiosk`, weston's kiosk shell shows
    /// every window fullscreen: a client's point (x, y) is the Xvfb's pixel (x·scale, y·scale),
    /// where xdotool (on `xDisplay`) sends real pointer input; otherwise the desktop shell places
    /// windows where it likes.
    static func weston(scale: Int = 1, kiosk: Bool = false) throws -> TestDisplayServer {
        let binary = try executable("/usr/bin/weston", package: "weston")
        let (xvfb, display) = try startXvfb()
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-wl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            xvfb.terminate(); xvfb.waitUntilExit()
            throw error
        }
        let socket = "wayland-swiftflow"
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: binary)
        weston.arguments = ["--backend=x11-backend.so", "--socket=\(socket)", "--width=\(1024 / scale)", "--height=\(768 / scale)",
                            "--scale=\(scale)", "--idle-time=0"] + (kiosk ? ["--shell=kiosk-shell.so"] : [])
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["XDG_RUNTIME_DIR"] = runtime.path
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        weston.environment = env
        let logPath = runtime.appendingPathComponent("weston.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = FileHandle(forWritingAtPath: logPath)
        weston.standardOutput = log
        weston.standardError = log
        let server = TestDisplayServer(environment: ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path, "SDL_VIDEODRIVER": "wayland"],
                                       xDisplay: display,
                                       processes: [xvfb, weston], runtimeDirectory: runtime)
        try weston.run()
        let path = runtime.appendingPathComponent(socket).path
        for _ in 0..<600 where weston.isRunning {
            if FileManager.default.fileExists(atPath: path) { return server }
            usleep(50_000)
        }
        let output = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        server.stop()
        throw StartError(description: "weston did not open \(path) within 30 s: \(output.suffix(600))")
    }

    /// Starts Xvfb and waits until it reports its display number.
    private static func startXvfb() throws -> (Process, String) {
        let binary = try executable("/usr/bin/Xvfb", package: "xvfb")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        // -noreset: keep the server's state (the resources xrdb sets) when its last client leaves.
        p.arguments = ["-displayfd", "1", "-noreset", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Xvfb writes the display number and a newline once it accepts connections (or exits,
        // closing the pipe).
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if p.isRunning { p.terminate(); p.waitUntilExit() }
            throw StartError(description: "Xvfb did not report a display number (got '\(text)')")
        }
        return (p, ":\(number)")
    }

    private static func executable(_ path: String, package: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw StartError(description: "\(path) is not installed: run scripts/setup.sh (Debian package \(package))")
        }
        return path
    }
}
