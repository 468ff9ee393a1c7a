import SwiftFlowCore

/// One draw-list vertex in screen points, laid out exactly like `SDL_Vertex`
/// (position `float x, y`; colour `uint8 r, g, b, a`; texture coordinate `float u, v`: 20 bytes),
/// so a backend can hand the array to `SDL_RenderGeometry` without conversion.
public struct DrawVertex: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public var u: Float
    public var v: Float

    /// Creates a vertex at `(x, y)` screen points with a colour and optional texture coordinate.
    @inlinable
    public init(x: Float, y: Float, color: PackedColor, u: Float = 0, v: Float = 0) {
        self.x = x; self.y = y; r = color.r; g = color.g; b = color.b; a = color.a; self.u = u; self.v = v
    }
}

/// An 8-bit-per-channel colour ready for the vertex buffer (straight alpha).
public struct PackedColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// Creates a packed colour from bytes.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Packs `color`, clamping each channel to 0...1 (NaN as 0, `Color.clampedChannel`).
    public init(_ color: Color) {
        func byte(_ v: Double) -> UInt8 { UInt8(Color.clampedChannel(v) * 255 + 0.5) }   // rounded, without a libm call
        self.init(r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.opacity))
    }
    /// The same colour with alpha 0 (for anti-aliasing fringes).
    @inlinable public var transparent: PackedColor { PackedColor(r: r, g: g, b: b, a: 0) }
}
