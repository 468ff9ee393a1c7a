import Foundation
import SwiftFlowCore
import XCTest

/// A headless swiftflow-stress run asked for far more frames than it will draw ends cleanly on
/// SIGTERM or SIGINT: SDL (its events subsystem, started headless too) turns either into
/// SDL_QUIT, the frame loop ends after the current frame, and the run still writes its report.
final class HeadlessSignalTests: XCTestCase {
    func testSIGTERMEndsAHeadlessRunAfterTheCurrentFrame() throws { try endRun(with: SIGTERM) }

    func testSIGINTEndsAHeadlessRunAfterTheCurrentFrame() throws { try endRun(with: SIGINT) }

    private func endRun(with sig: Int32) throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("headless-signal-\(getpid())-\(sig).json").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try StressRun.binary())
        p.arguments = ["--headless", "--nodes", "2000", "--frames", "\(Int32.max)", "--report", report]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        // A process started with the signal ignored (a background job of a shell without job
        // control, as some CI runners start their jobs) passes that on through exec, and
        // Foundation's Process does not reset it: the run would never catch the signal. The
        // default is restored around the spawn, so the run starts as one from a terminal does.
        let inherited = signal(sig, SIG_DFL)
        defer { _ = signal(sig, inherited) }
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        // Sent once the process catches the signal (SDL installed its handler), not before:
        // until then the signal's default action would end it without the clean path.
        let deadline = Date(timeIntervalSinceNow: 60)
        while !catches(p.processIdentifier, sig) {
            guard p.isRunning, Date() < deadline else { return XCTFail("the run never caught signal \(sig)") }
            usleep(10_000)
        }
        kill(p.processIdentifier, sig)
        let sent = Date()
        while p.isRunning && Date().timeIntervalSince(sent) < 30 { usleep(10_000) }
        XCTAssertFalse(p.isRunning, "still running 30 s after signal \(sig)")
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit, "ended by its own exit, not by the signal")
        XCTAssertEqual(p.terminationStatus, 0)
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: report))))
        guard case .number(let frames)? = json["frames"] else { return XCTFail("no frame count in \(json)") }
        XCTAssertGreaterThanOrEqual(frames, 1, "the frame under way when the signal came is finished")
        XCTAssertLessThan(frames, Double(Int32.max))
    }

    /// Whether process `pid` has a handler for `signal` (Linux: the SigCgt mask of /proc/pid/status).
    private func catches(_ pid: Int32, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}
