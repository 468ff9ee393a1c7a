import SwiftFlowCore

/// Where the characters of a text or number field go: its lines (one, or wrapped at the field's
/// width for a multi-line field), the x of a caret and the caret nearest a point. Drawing and
/// pointer input both use it, so the caret drawn is where a click puts it. Flow units, relative
/// to the field's text origin (its frame inset by `inset`).
struct TextFieldLayout {
    /// The inset of the text from the field's frame: 6 flow units across, 4 down.
    static let inset = Point(x: 6, y: 4)
    /// At most this many characters of a single-line field that is not being edited are laid out
    /// (what fits a field is far less); a longer value is kept whole in the data.
    static let shownCharacters = 4096

    let engine: NodeLayoutEngine
    let spec: TextSpec

    init(_ engine: NodeLayoutEngine, fontSize: Double, face: FontFace) {
        self.engine = engine
        spec = TextSpec(fontSize: fontSize, face: face)
    }

    var lineSkip: Double { engine.measurer.lineSkip(fontSize: spec.fontSize, face: spec.face) }

    /// The line at `y` below the text origin (flow units): `y / lineSkip` rounded down, within
    /// 0...1,000,000, and 0 when that is not finite (a font size of 0 skips 0 per line, and
    /// `Int` of its infinite quotient would trap). O(1).
    func row(atY y: Double) -> Int {
        let r = (y / lineSkip).rounded(.down)
        return r.isFinite ? Int(min(max(r, 0), 1e6)) : 0
    }
    var lineHeight: Double { engine.measurer.measure("", fontSize: spec.fontSize, face: spec.face).height }

    func width(_ chars: ArraySlice<Character>) -> Double { width(String(chars)) }

    /// The width of `s` on one line (no array of its characters made, as a glyph drawn every frame needs).
    func width(_ s: String) -> Double {
        s.isEmpty ? 0 : engine.measurer.measure(s, fontSize: spec.fontSize, face: spec.face).width
    }

    /// The lines of `chars` (ranges of character indices): one for a single-line field; for a
    /// multi-line one, paragraphs at line breaks (`\n`, `\r\n`: one character) wrapped at `width`, stopping once `maxLines` are made.
    func lines(_ chars: [Character], width: Double, multiline: Bool, maxLines: Int = .max) -> [Range<Int>] {
        guard multiline else { return [0..<chars.count] }
        var out: [Range<Int>] = []
        var start = 0
        while out.count < maxLines {
            var end = start
            while end < chars.count && !chars[end].isNewline { end += 1 }
            out += engine.wrap(chars[start..<end], spec, width: max(width, 1), maxLines: maxLines - out.count)
            if end >= chars.count { break }
            start = end + 1
        }
        return out.isEmpty ? [0..<0] : out
    }

    /// The line holding caret `index` (the last line starting at or before it).
    func line(of index: Int, in lines: [Range<Int>]) -> Int {
        var k = 0
        while k + 1 < lines.count && lines[k + 1].lowerBound <= index { k += 1 }
        return k
    }

    /// The x of a caret before character `index` on `line`.
    func caretX(_ index: Int, line: Range<Int>, _ chars: [Character]) -> Double {
        width(chars[line.lowerBound..<min(max(index, line.lowerBound), line.upperBound)])
    }

    /// The caret index on `line` nearest to `x`: between the characters whose middle lies around it.
    func index(atX x: Double, line: Range<Int>, _ chars: [Character]) -> Int {
        var left = 0.0
        for i in line {
            // Advances add up (the measurer applies no kerning): one character at a time.
            let right = left + width(chars[i...i])
            if x < (left + right) / 2 { return i }
            left = right
        }
        return line.upperBound
    }

    /// The caret index nearest to `x` on line `k` of `lines`: as `index(atX:line:_:)`, but never
    /// the end of a line broken inside a word (no space between it and the next line), which
    /// is the next line's start and would put the caret there (a line below the one aimed at).
    func index(atX x: Double, lineAt k: Int, of lines: [Range<Int>], _ chars: [Character]) -> Int {
        let line = lines[k], i = index(atX: x, line: line, chars)
        guard i == line.upperBound, i > line.lowerBound, k + 1 < lines.count, lines[k + 1].lowerBound == i else { return i }
        return i - 1
    }

    /// The horizontal scroll of a single-line field `visible` wide editing `chars` with the caret
    /// at `caret`, from its scroll `previous` (of the last frame): kept while the caret shows,
    /// else just enough to show it at the nearer edge, and never past the end of the text (so
    /// a click and a drag see the text where it was drawn). 0 while the text fits.
    func scrollX(caret: Int, _ chars: [Character], visible: Double, from previous: Double = 0) -> Double {
        let room = max(visible - 2, 0), x = caretX(caret, line: 0..<chars.count, chars)
        let end = caret == chars.count ? x : width(chars[...])
        var s = min(max(previous, 0), max(end - room, 0))
        if x < s { s = x } else if x - s > room { s = x - room }
        return s
    }
}
