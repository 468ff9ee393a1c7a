import SwiftFlowSDL
import XCTest

/// `SDLHost.hasNoDisplay`: the environments in which `SDLHost.open`, `SwiftFlowApp.run` and
/// `CanvasRunner` render headless instead of opening a window on SDL's offscreen driver.
final class HasNoDisplayTests: XCTestCase {
    func testNoDisplayVariableAndNoDriverOrADisplayDriverIsDisplayless() {
        XCTAssertTrue(SDLHost.hasNoDisplay([:]))
        XCTAssertTrue(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "x11", "HOME": "/root"]))
        XCTAssertTrue(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "wayland"]))
    }

    func testADisplayOrTheOffscreenDriverKeepsTheWindowPath() {
        XCTAssertFalse(SDLHost.hasNoDisplay(["DISPLAY": ":99"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "offscreen"]))
    }
}
