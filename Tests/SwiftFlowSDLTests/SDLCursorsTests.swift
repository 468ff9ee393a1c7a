import CSDL2
import SwiftFlow
import XCTest
@testable import SwiftFlowSDL

@MainActor
final class SDLCursorsTests: XCTestCase {
    func testEachCursorIsCreatedOnceAndSetOnlyWhenItChanges() async {
        var created: [SDL_SystemCursor] = [], set: [Int] = [], freed = 0
        do {
            let cursors = SDLCursors(create: { created.append($0); return OpaquePointer(bitPattern: Int($0.rawValue) + 1) },
                                     set: { set.append(Int(bitPattern: $0)) }, free: { _ in freed += 1 })
            for c: FlowCursor in [.default, .default, .grab, .grab, .grabbing, .grab, .default, .nwseResize, .nwseResize] {
                cursors.show(c)
            }
            XCTAssertEqual(cursors.current, .nwseResize)
            XCTAssertEqual(created, [SDL_SYSTEM_CURSOR_ARROW, SDL_SYSTEM_CURSOR_HAND, SDL_SYSTEM_CURSOR_SIZEALL, SDL_SYSTEM_CURSOR_SIZENWSE])
            func id(_ c: SDL_SystemCursor) -> Int { Int(c.rawValue) + 1 }
            XCTAssertEqual(set, [id(SDL_SYSTEM_CURSOR_ARROW), id(SDL_SYSTEM_CURSOR_HAND), id(SDL_SYSTEM_CURSOR_SIZEALL),
                                 id(SDL_SYSTEM_CURSOR_HAND), id(SDL_SYSTEM_CURSOR_ARROW), id(SDL_SYSTEM_CURSOR_SIZENWSE)])
        }
        XCTAssertEqual(freed, 4, "every cached cursor freed with the cache")
    }

    func testEveryCanvasCursorHasASystemCursor() async {
        let expected: [FlowCursor: SDL_SystemCursor] = [
            .default: SDL_SYSTEM_CURSOR_ARROW, .grab: SDL_SYSTEM_CURSOR_HAND, .grabbing: SDL_SYSTEM_CURSOR_SIZEALL,
            .crosshair: SDL_SYSTEM_CURSOR_CROSSHAIR, .nwseResize: SDL_SYSTEM_CURSOR_SIZENWSE, .neswResize: SDL_SYSTEM_CURSOR_SIZENESW,
            .ewResize: SDL_SYSTEM_CURSOR_SIZEWE, .nsResize: SDL_SYSTEM_CURSOR_SIZENS, .pointer: SDL_SYSTEM_CURSOR_HAND,
            .notAllowed: SDL_SYSTEM_CURSOR_NO, .text: SDL_SYSTEM_CURSOR_IBEAM,
        ]
        for c in FlowCursor.allCases { XCTAssertEqual(SDLCursors.systemCursor(for: c), expected[c], "\(c)") }
    }

    func testACursorThatCannotBeCreatedIsNotSet() async {
        var set = 0
        let cursors = SDLCursors(create: { _ in nil }, set: { _ in set += 1 }, free: { _ in })
        cursors.show(.grab)
        XCTAssertEqual(set, 0)
        XCTAssertNil(cursors.current)
    }
}
