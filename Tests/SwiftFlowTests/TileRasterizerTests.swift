@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `TileRasterizer`'s blending: a one-pixel line at every coverage over a pixel of every opacity,
/// of its own colour, another colour and transparent, gives what straight-alpha "over" gives,
/// written out here in integers as the rasteriser defines it.
final class TileRasterizerTests: XCTestCase {
    /// `color` at `coverage`/255 of its opacity over `below`, straight alpha.
    private func over(_ color: PackedColor, coverage: Int, _ below: PackedColor) -> PackedColor {
        let a = Int(color.a) * coverage / 255
        if a >= 255 { return PackedColor(r: color.r, g: color.g, b: color.b, a: 255) }
        guard a > 0 else { return below }
        let da = Int(below.a) * (255 - a) / 255, oa = a + da
        func mix(_ c: UInt8, _ d: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(d) * da) / oa) }
        return PackedColor(r: mix(color.r, below.r), g: mix(color.g, below.g), b: mix(color.b, below.b), a: UInt8(oa))
    }

    func testALineBlendsAsStraightAlphaOverEveryPixel() {
        let raster = TileRasterizer(side: 2)
        var rgba: [UInt8] = []
        raster.clear(&rgba)
        var differing = 0, cases = 0
        for color in [PackedColor(r: 177, g: 177, b: 190, a: 255), PackedColor(r: 10, g: 200, b: 90, a: 128)] {
            // Its own channels, others, two of its own, black.
            let bases = [color, PackedColor(r: 255, g: 0, b: 40, a: 0), PackedColor(r: color.r, g: color.g, b: 0, a: 0),
                         PackedColor(r: 0, g: 0, b: 0, a: 0)]
            for base in bases {
                for alpha in 0...255 {
                    let below = PackedColor(r: base.r, g: base.g, b: base.b, a: UInt8(alpha))
                    for coverage in 1...255 {
                        rgba.withUnsafeMutableBufferPointer { p in
                            p[0] = below.r; p[1] = below.g; p[2] = below.b; p[3] = below.a
                            raster.line(Point(x: 0.5, y: 0.5), Point(x: 0.5, y: 0.5), color, coverage: coverage, into: p)
                        }
                        let expected = over(color, coverage: coverage, below)
                        let got = PackedColor(r: rgba[0], g: rgba[1], b: rgba[2], a: rgba[3])
                        // A zero-length line covers its pixel twice (its two ends).
                        if got != over(color, coverage: coverage, expected) { differing += 1 }
                        cases += 1
                    }
                }
            }
        }
        XCTAssertEqual(cases, 2 * 4 * 256 * 255)
        XCTAssertEqual(differing, 0)
    }
}
