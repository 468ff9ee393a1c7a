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

    /// SDL reads an empty variable as unset and driver names in any case, listed with commas: an
    /// empty DISPLAY opened an offscreen window no one could close.
    func testEmptyVariablesAndDriverListsOfDisplayDriversAreDisplayless() {
        XCTAssertTrue(SDLHost.hasNoDisplay(["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
        XCTAssertTrue(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": ""]))
        XCTAssertTrue(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "X11"]))
        XCTAssertTrue(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "wayland,x11"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "x11,offscreen"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "Offscreen"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["DISPLAY": "", "WAYLAND_DISPLAY": "wayland-1"]))
    }

    func testADisplayOrTheOffscreenDriverKeepsTheWindowPath() {
        XCTAssertFalse(SDLHost.hasNoDisplay(["DISPLAY": ":99"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertFalse(SDLHost.hasNoDisplay(["SDL_VIDEODRIVER": "offscreen"]))
    }
}
