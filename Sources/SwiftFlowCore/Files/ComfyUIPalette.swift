/// The colours ComfyUI's default ("Dark") palette gives links and slots by type.
///
/// Source: ComfyUI's colour palette (`colorPalette.js` / the frontend's `dark` palette, `node_slot`
/// and `LINK_COLOR`). A type not in the palette gets the default link colour `#9A9`; so does a
/// comma-separated union type such as `"IMAGE,MASK"` (ComfyUI colours those by the default too).
public enum ComfyUIPalette {
    /// The default link colour, for types without an entry: `#99AA99` (LiteGraph `LINK_COLOR` "#9A9").
    public static let defaultLinkColor = Color(hex: 0x99AA99)

    /// The colour of links and slots of `type` (same type, same colour).
    public static func color(type: String) -> Color {
        slotColors[type].map { Color(hex: $0) } ?? defaultLinkColor
    }

    /// ComfyUI's `node_slot` colours, by type.
    public static let slotColors: [String: UInt32] = [
        "CLIP": 0xFFD500, "CLIP_VISION": 0xA8DADC, "CLIP_VISION_OUTPUT": 0xAD7452, "CONDITIONING": 0xFFA931,
        "CONTROL_NET": 0x6EE7B7, "IMAGE": 0x64B5F6, "LATENT": 0xFF9CF9, "MASK": 0x81C784, "MODEL": 0xB39DDB,
        "STYLE_MODEL": 0xC2FFAE, "VAE": 0xFF6E6E, "NOISE": 0xB0B0B0, "GUIDER": 0x66FFFF, "SAMPLER": 0xECB4B4,
        "SIGMAS": 0xCDFFCD, "TAESD": 0xDCC274,
    ]
}
