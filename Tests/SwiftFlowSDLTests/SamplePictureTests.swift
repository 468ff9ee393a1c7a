import SwiftFlowAssets
import XCTest
@testable import SwiftFlowSDL

/// `assets/sample.png` decodes through SDL_image with its four known quadrant colours.
final class SamplePictureTests: XCTestCase {
    func testSamplePictureDecodesWithItsQuadrantColours() throws {
        let picture = try loadPNG(try XCTUnwrap(AssetResources.path(AssetResources.samplePicture)))
        XCTAssertEqual([picture.width, picture.height], [64, 48])
        let red = PackedColor(r: 255, g: 0, b: 0, a: 255), green = PackedColor(r: 0, g: 255, b: 0, a: 255)
        let blue = PackedColor(r: 0, g: 0, b: 255, a: 255), white = PackedColor(r: 255, g: 255, b: 255, a: 255)
        // Each quadrant's corners and centre.
        for (x, y, colour) in [(0, 0, red), (31, 23, red), (16, 12, red), (32, 0, green), (63, 23, green), (48, 12, green),
                               (0, 24, blue), (31, 47, blue), (16, 36, blue), (32, 24, white), (63, 47, white), (48, 36, white)] {
            XCTAssertEqual(picture[x, y], colour, "(\(x), \(y))")
        }
    }
}
