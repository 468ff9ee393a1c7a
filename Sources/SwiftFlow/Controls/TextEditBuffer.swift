/// The text of a field being edited, with its caret and selection, in characters (grapheme
/// clusters, so "é" written as e + U+0301 and "世" are one step of the caret each).
///
/// The editing operations of a text field (typing, Backspace/Delete, arrows with Shift and Ctrl,
/// Home/End, select all, word selection), independent of drawing and input: the canvas turns keys
/// into these calls. Complexity: O(1) to move, O(n) to insert or delete (an array of characters).
struct TextEditBuffer: Equatable {
    private(set) var characters: [Character]
    /// Where the selection started (the end that stays while Shift+arrows move `caret`).
    private(set) var anchor: Int
    /// The caret, 0...count: before the character of that index.
    private(set) var caret: Int
    /// Whether a newline may be typed (a `TextEditor`, or a `TextField` with the vertical axis).
    let multiline: Bool

    init(_ text: String, multiline: Bool) {
        characters = Array(text)
        self.multiline = multiline
        anchor = characters.count
        caret = characters.count
    }

    var text: String { String(characters) }
    var count: Int { characters.count }
    /// The selected range (empty at the caret when nothing is selected).
    var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    var selectedText: String { String(characters[selection]) }

    /// Moves the caret to `index` (clamped); with `extending` the anchor stays (a selection).
    mutating func moveCaret(to index: Int, extending: Bool = false) {
        caret = min(max(index, 0), characters.count)
        if !extending { anchor = caret }
    }

    /// Selects `range` (clamped), the caret at its end.
    mutating func select(_ range: Range<Int>) {
        anchor = min(max(range.lowerBound, 0), characters.count)
        caret = min(max(range.upperBound, anchor), characters.count)
    }

    mutating func selectAll() { select(0..<characters.count) }

    /// Replaces the selection with `text` (a line break, `\n`, `\r\n` or `\r`, becomes `\n` in a
    /// multi-line field and is dropped in a single-line one, and control characters other than
    /// tab are dropped), the caret after it.
    mutating func insert(_ text: String) {
        var clean: [Character] = []
        for c in text {
            if c == "\n" || c == "\r\n" || c == "\r" {
                if multiline { clean.append("\n") }
            } else if !(c.unicodeScalars.first.map { $0.value < 0x20 && $0 != "\t" } ?? false) && c != "\u{7F}" {
                clean.append(c)
            }
        }
        let r = selection
        characters.replaceSubrange(r, with: clean)
        caret = r.lowerBound + clean.count
        resegment(around: r.lowerBound..<caret)
        anchor = caret
    }

    /// Splits the characters around `range` (just replaced) into grapheme clusters again: a
    /// combining mark, a skin tone or a regional indicator typed on its own joins the character
    /// before it (one step of the caret), the caret kept after what was typed. O(1) when nothing joins.
    private mutating func resegment(around range: Range<Int>) {
        let lo = max(range.lowerBound - 1, 0), hi = min(range.upperBound + 1, characters.count)
        guard hi - lo > 1 else { return }
        let joined = Array(String(characters[lo..<hi]))
        guard joined.count != hi - lo else { return }
        let before = String(characters[lo..<caret]).count
        characters.replaceSubrange(lo..<hi, with: joined)
        caret = lo + min(before, joined.count)
    }

    /// Backspace: deletes the selection, else the character before the caret (Ctrl: the word).
    mutating func deleteBackward(word: Bool = false) {
        if selection.isEmpty { anchor = word ? wordStart(before: caret) : max(caret - 1, 0) }
        insert("")
    }

    /// Delete: deletes the selection, else the character after the caret (Ctrl: the word).
    mutating func deleteForward(word: Bool = false) {
        if selection.isEmpty { anchor = word ? wordEnd(after: caret) : min(caret + 1, characters.count) }
        insert("")
    }

    /// Left / Right: collapses a selection to its side, else moves one character (Ctrl: a word);
    /// with `extending` (Shift) moves the caret and keeps the anchor.
    mutating func moveHorizontally(_ direction: Int, word: Bool, extending: Bool) {
        if !extending && !selection.isEmpty && !word {
            moveCaret(to: direction < 0 ? selection.lowerBound : selection.upperBound)
            return
        }
        let target = direction < 0 ? (word ? wordStart(before: caret) : caret - 1) : (word ? wordEnd(after: caret) : caret + 1)
        moveCaret(to: target, extending: extending)
    }

    /// The editing keys every field shares (key names as `InputEvent.keyDown` gives them, letters
    /// upper-case): Left / Right (`command`: by word), Home / End (the line's; `command`: the
    /// text's), Backspace / Delete (`command`: the word), `command`+A selects all, +C / +X copy /
    /// cut the selection to `clipboard`, +V pastes; `shift` extends the selection. Returns
    /// whether `key` is one of them.
    mutating func applyEditingKey(_ key: String, command: Bool, shift: Bool, clipboard: Clipboard) -> Bool {
        switch (key, command) {
        case ("Left", _), ("Right", _): moveHorizontally(key == "Left" ? -1 : 1, word: command, extending: shift)
        case ("Home", _), ("End", _):
            if command { moveCaret(to: key == "Home" ? 0 : count, extending: shift) } else { moveToLineBoundary(end: key == "End", extending: shift) }
        case ("Backspace", _): deleteBackward(word: command)
        case ("Delete", _): deleteForward(word: command)
        case ("A", true): selectAll()
        case ("C", true), ("X", true):
            guard !selection.isEmpty else { break }
            clipboard.setText(selectedText)
            if key == "X" { insert("") }
        case ("V", true):
            if let text = clipboard.text() { insert(text) }
        default:
            return false
        }
        return true
    }

    /// Home / End: the start or end of the caret's line (of the text in a single-line field).
    mutating func moveToLineBoundary(end: Bool, extending: Bool) {
        moveCaret(to: end ? lineEnd(from: caret) : lineStart(from: caret), extending: extending)
    }

    /// The start of the line holding `index` (after the previous line break: `\n`, or `\r\n` in
    /// text the field was given).
    func lineStart(from index: Int) -> Int {
        var i = min(index, characters.count)
        while i > 0 && !characters[i - 1].isNewline { i -= 1 }
        return i
    }

    /// The end of the line holding `index` (before the next newline).
    func lineEnd(from index: Int) -> Int {
        var i = max(index, 0)
        while i < characters.count && !characters[i].isNewline { i += 1 }
        return i
    }

    /// The word around `index` (letters and digits, or one run of other non-space characters):
    /// what a double-click selects. Spaces select the run of spaces.
    func wordRange(at index: Int) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        let i = min(max(index, 0), characters.count - 1)
        let kind = Self.kind(characters[i])
        var lo = i, hi = i + 1
        while lo > 0 && Self.kind(characters[lo - 1]) == kind { lo -= 1 }
        while hi < characters.count && Self.kind(characters[hi]) == kind { hi += 1 }
        return lo..<hi
    }

    /// Where Ctrl+Left goes: the start of the word before `index` (skipping spaces first).
    func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0 && Self.kind(characters[i - 1]) == 0 { i -= 1 }
        guard i > 0 else { return 0 }
        let kind = Self.kind(characters[i - 1])
        while i > 0 && Self.kind(characters[i - 1]) == kind { i -= 1 }
        return i
    }

    /// Where Ctrl+Right goes: the end of the word after `index` (skipping spaces first).
    func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count && Self.kind(characters[i]) == 0 { i += 1 }
        guard i < characters.count else { return characters.count }
        let kind = Self.kind(characters[i])
        while i < characters.count && Self.kind(characters[i]) == kind { i += 1 }
        return i
    }

    /// 0 for whitespace, 1 for letters, digits and `_`, 2 for other characters.
    private static func kind(_ c: Character) -> Int {
        if c.isWhitespace { return 0 }
        return c.isLetter || c.isNumber || c == "_" ? 1 : 2
    }
}
