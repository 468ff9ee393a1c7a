/// The characters `Image(systemName:)` draws for SF Symbols names: SF Symbols is Apple's font
/// and not on Linux, so each name maps to the Unicode character closest in meaning, found in
/// DejaVu Sans or, through fontconfig fallback, Symbola (installed by scripts/setup.sh). A name
/// with ".fill" draws the filled character where Unicode has one.
public enum SymbolGlyphs {
    /// The names known and their characters.
    public static let characters: [String: String] = [
        "plus": "+", "minus": "−", "xmark": "✕", "checkmark": "✓", "multiply": "×", "divide": "÷", "equal": "=",
        "plus.circle": "⊕", "minus.circle": "⊖", "xmark.circle": "⊗", "checkmark.circle": "✓",
        "chevron.right": "›", "chevron.left": "‹", "chevron.up": "˄", "chevron.down": "˅",
        "arrow.right": "→", "arrow.left": "←", "arrow.up": "↑", "arrow.down": "↓", "arrow.up.arrow.down": "⇅",
        "arrow.left.arrow.right": "⇄", "arrow.clockwise": "↻", "arrow.counterclockwise": "↺",
        "arrow.triangle.branch": "⑂", "arrow.triangle.merge": "⤚",
        "play": "▷", "play.fill": "▶", "pause": "⏸", "pause.fill": "⏸", "stop": "□", "stop.fill": "■",
        "forward": "⏩", "backward": "⏪", "record.circle": "⏺",
        "circle": "○", "circle.fill": "●", "square": "□", "square.fill": "■", "triangle": "△", "triangle.fill": "▲",
        "diamond": "◇", "diamond.fill": "◆", "star": "☆", "star.fill": "★", "heart": "♡", "heart.fill": "♥",
        "gear": "⚙", "gearshape": "⚙", "gearshape.fill": "⚙", "trash": "🗑", "trash.fill": "🗑", "pencil": "✎",
        "lock": "🔒", "lock.fill": "🔒", "lock.open": "🔓", "eye": "👁", "eye.slash": "⊘", "magnifyingglass": "🔍",
        "link": "🔗", "paperclip": "📎", "folder": "📁", "folder.fill": "📁", "doc": "📄", "doc.text": "📄",
        "photo": "🖼", "camera": "📷", "film": "🎞", "music.note": "♪", "speaker.wave.2": "🔊", "speaker.slash": "🔇",
        "mic": "🎤", "waveform": "∿", "bolt": "⚡", "bolt.fill": "⚡", "flame": "🔥", "sparkles": "✨",
        "wand.and.stars": "✨", "paintbrush": "🖌", "paintpalette": "🎨", "clock": "🕒", "timer": "⏱", "bell": "🔔",
        "person": "👤", "house": "⌂", "globe": "🌐", "cloud": "☁", "sun.max": "☀", "moon": "☾",
        "info.circle": "ⓘ", "exclamationmark.triangle": "⚠", "exclamationmark.triangle.fill": "⚠",
        "questionmark": "?", "questionmark.circle": "?", "ellipsis": "…", "number": "#", "function": "ƒ",
        "sum": "∑", "x.squareroot": "√", "percent": "%", "textformat": "Aa", "cpu": "▦", "cube": "⬚",
        "square.and.arrow.down": "⤓", "square.and.arrow.up": "⤒", "tray": "⊔", "list.bullet": "☰",
        "line.3.horizontal": "☰", "slider.horizontal.3": "☰", "rectangle.3.group": "⊞", "square.grid.2x2": "⊞",
    ]
}
