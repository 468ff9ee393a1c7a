/// An sRGB colour with straight (non-premultiplied) alpha, each channel 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    /// Creates a colour from channels in 0...1 (clamped when drawn).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }
    /// Creates an opaque grey of the given white level (0...1).
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }
    /// Creates a colour from `0xRRGGBB`.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: opacity)
    }
    /// Parses CSS hex notation: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    /// Returns nil for anything else.
    public init?(css: String) {
        var s = Substring(css.trimmingCharacters(in: " "))
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 3 || s.count == 4 || s.count == 6 || s.count == 8,
              s.allSatisfy({ $0.isHexDigit }) else { return nil }
        var digits = Array(s)
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        func byte(_ i: Int) -> Double { Double(Int(String(digits[i...i + 1]), radix: 16)!) / 255 }
        self.init(red: byte(0), green: byte(2), blue: byte(4), opacity: digits.count == 8 ? byte(6) : 1)
    }

    /// The colour `t` of the way (0...1) toward `other`, channel by channel.
    public func mix(_ other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, opacity: opacity + (other.opacity - opacity) * t)
    }

    /// The colour with its opacity multiplied by `factor`.
    public func opacity(_ factor: Double) -> Color { Color(red: red, green: green, blue: blue, opacity: opacity * factor) }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque), each channel clamped (`clampedChannel`).
    public var cssHex: String {
        func hex(_ v: Double) -> String {
            let b = Int((Self.clampedChannel(v) * 255).rounded())
            return String(b, radix: 16).count == 1 ? "0" + String(b, radix: 16) : String(b, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (Self.clampedChannel(opacity) < 1 ? hex(opacity) : "")
    }

    /// A channel as drawn and saved: `v` clamped to 0...1, NaN as 0 (a NaN channel, which the
    /// initialisers accept, would otherwise trap where it is converted to a byte). O(1).
    public static func clampedChannel(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }

    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.56)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
