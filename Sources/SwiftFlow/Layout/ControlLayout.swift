import SwiftFlowCore

/// The live state of the focused control or open popup, for drawing it (set on the builder of
/// its node only; every other control draws from its binding's value).
struct LiveControl {
    /// The control's `ControlSpec.path`.
    var path: UInt64
    /// The text being edited, with caret and selection (text and number fields).
    var edit: TextEditBuffer?
    /// The IME composition at the caret (drawn underlined), "" when none, and its caret.
    var composition = ""
    var compositionCursor = 0
    /// The caret's blink phase.
    var caretVisible = true
    /// Its popup (picker list, colour picker) is open.
    var popupOpen = false
}

extension NodeLayoutEngine {
    /// Height of a field: a line plus 8 flow units.
    func fieldHeight(_ c: ControlSpec) -> Double {
        measurer.measure("", fontSize: c.fontSize, face: c.face).height + 2 * TextFieldLayout.inset.y
    }

    /// A control's ideal size (flow units) and whether it is flexible in each axis.
    func controlSize(_ c: ControlSpec) -> (Size, Bool, Bool) {
        let h = fieldHeight(c)
        func textWidth(_ s: String) -> Double {
            let shown = s.utf8.count > TextFieldLayout.shownCharacters ? String(s.prefix(TextFieldLayout.shownCharacters)) : s
            return measurer.measure(shown, fontSize: c.fontSize, face: c.face).width
        }
        switch c.kind {
        case .text(_, let prompt, let multiline, _):
            if multiline {
                let skip = measurer.lineSkip(fontSize: c.fontSize, face: c.face)
                return (Size(width: 160, height: h + 3 * skip), true, true)
            }
            return (Size(width: min(max(textWidth(c.text.isEmpty ? prompt : c.text), 80), 240) + 2 * TextFieldLayout.inset.x, height: h), true, false)
        case .number:
            return (Size(width: max(textWidth(c.text) + 2 * TextFieldLayout.inset.x + 16, 56), height: h), true, false)
        case .slider: return (Size(width: 100, height: 16), true, false)
        case .stepper: return (Size(width: 44, height: h), false, false)
        case .toggle: return (Size(width: 32, height: 18), false, false)
        case .picker: return (Size(width: textWidth(c.text) + 2 * TextFieldLayout.inset.x + 14, height: h), false, false)
        case .colorWell: return (Size(width: 36, height: 18), false, false)
        case .progress: return (Size(width: 100, height: 6), true, false)
        }
    }

    /// Appends the draw ops of control `c` placed at `frame` (node-local flow units): its
    /// static picture from its binding's value, or, when `live` is its state, the text being
    /// edited with its selection, caret and composition.
    func emitControl(_ c: ControlSpec, frame f: Rect, live: LiveControl?, scrollY: Double, into ops: inout [NodeDrawOp]) {
        let live = live?.path == c.path ? live : nil
        let fade = c.disabled ? 0.45 : 1.0
        let border = c.secondary.opacity(0.55 * fade), fill = c.secondary.opacity(0.14 * fade)
        let accent = c.accent.opacity(fade), text = c.foreground.opacity(fade)
        func box(_ r: Rect, fill: Color?, stroke: Color?, radius: Double, width: Double = 1) {
            ops.append(.shape(r, ShapePaintStyle(fill: fill, stroke: stroke, lineWidth: width, cornerRadius: radius)))
        }
        func label(_ s: String, at p: Point, _ color: Color) {
            if !s.isEmpty { ops.append(.text(s, origin: p, fontSize: c.fontSize, face: c.face, color: color)) }
        }
        if c.problem != nil {
            // A binding of the wrong shape: a placeholder, so the value is never overwritten.
            box(f, fill: Color(red: 1, green: 0.3, blue: 0.2, opacity: 0.12), stroke: Color(red: 0.85, green: 0.2, blue: 0.1, opacity: 0.8), radius: 4)
            label("⚠", at: f.origin + TextFieldLayout.inset, c.secondary)
            return
        }
        let layout = TextFieldLayout(self, fontSize: c.fontSize, face: c.face)
        let inner = Rect(x: f.minX + TextFieldLayout.inset.x, y: f.minY + TextFieldLayout.inset.y,
                         width: max(f.width - 2 * TextFieldLayout.inset.x, 0), height: max(f.height - 2 * TextFieldLayout.inset.y, 0))
        switch c.kind {
        case .text(_, let prompt, let multiline, _):
            box(f, fill: fill, stroke: live != nil ? accent : border, radius: 4, width: live != nil ? 1.5 : 1)
            if let edit = live?.edit {
                // A single-line field's scroll is horizontal (`FlowCanvas.refreshFocusedControl`).
                emitEditing(edit, live!, layout, inner, multiline: multiline, scrollY: multiline ? scrollY : 0,
                            scrollX: multiline ? 0 : scrollY, text, accent, into: &ops)
            } else if c.text.isEmpty {
                label(fitted(prompt, layout, inner.width), at: inner.origin, c.secondary.opacity(fade))
            } else if multiline {
                let maxLines = layout.row(atY: inner.height + scrollY) + 1
                // The lines shown hold at most `longestLine` characters each (TextLines.swift).
                let chars = Array(c.text.prefix(maxLines * 4096))
                let lines = layout.lines(chars, width: inner.width, multiline: true, maxLines: maxLines)
                drawLines(lines, chars, layout, inner, scrollY: scrollY, text, into: &ops)
            } else {
                label(fitted(c.text, layout, inner.width), at: inner.origin, text)
            }
        case .number:
            box(f, fill: fill, stroke: live != nil ? accent : border, radius: 4, width: live != nil ? 1.5 : 1)
            if let edit = live?.edit {
                emitEditing(edit, live!, layout, inner, multiline: false, scrollY: 0, scrollX: scrollY, text, accent, into: &ops)
            } else {
                // Centred, with ‹ › at the ends (litegraph's number widget).
                let shown = fitted(c.text, layout, max(inner.width - 16, 0))
                let w = layout.width(shown)
                label(shown, at: Point(x: f.center.x - w / 2, y: inner.minY), text)
                label("‹", at: Point(x: f.minX + 4, y: inner.minY), c.secondary.opacity(fade))
                label("›", at: Point(x: f.maxX - 4 - layout.width("›"), y: inner.minY), c.secondary.opacity(fade))
            }
        case .slider(_, let range, _):
            let track = Rect(x: f.minX + 7, y: f.center.y - 2, width: max(f.width - 14, 0), height: 4)
            box(track, fill: c.secondary.opacity(0.3 * fade), stroke: nil, radius: 2)
            let t = sliderFraction(c.value, range)
            let x = track.minX + track.width * t
            box(Rect(x: track.minX, y: track.minY, width: x - track.minX, height: 4), fill: accent, stroke: nil, radius: 2)
            ops.append(.shape(Rect(x: x - 7, y: f.center.y - 7, width: 14, height: 14),
                              ShapePaintStyle(fill: Color(white: 1, opacity: fade), stroke: border, lineWidth: 1, cornerRadius: .infinity, outline: .circle)))
        case .stepper:
            let half = f.width / 2
            box(f, fill: fill, stroke: border, radius: 4)
            box(Rect(x: f.minX + half - 0.5, y: f.minY + 3, width: 1, height: max(f.height - 6, 0)), fill: border, stroke: nil, radius: 0)
            for (k, sign) in ["−", "+"].enumerated() {
                let w = layout.width(sign)
                label(sign, at: Point(x: f.minX + half * Double(k) + (half - w) / 2, y: inner.minY), text)
            }
        case .toggle:
            let on = c.isOn
            box(f, fill: on ? accent : c.secondary.opacity(0.35 * fade), stroke: nil, radius: .infinity)
            let d = f.height - 4
            ops.append(.shape(Rect(x: on ? f.maxX - 2 - d : f.minX + 2, y: f.minY + 2, width: d, height: d),
                              ShapePaintStyle(fill: Color(white: 1, opacity: fade), stroke: nil, lineWidth: 0, cornerRadius: .infinity, outline: .circle)))
        case .picker:
            box(f, fill: fill, stroke: live?.popupOpen == true ? accent : border, radius: 4)
            label(fitted(c.text, layout, max(inner.width - 14, 0)), at: inner.origin, text)
            label("▾", at: Point(x: f.maxX - TextFieldLayout.inset.x - layout.width("▾"), y: inner.minY), c.secondary.opacity(fade))
        case .colorWell:
            box(f, fill: Color(white: 1, opacity: fade), stroke: live?.popupOpen == true ? accent : border, radius: 4)
            box(f.insetBy(3), fill: c.color.opacity(fade), stroke: nil, radius: 2)
        case .progress(let fraction):
            box(f, fill: c.secondary.opacity(0.3 * fade), stroke: nil, radius: f.height / 2)
            if let t = fraction, t > 0 { box(Rect(x: f.minX, y: f.minY, width: f.width * t, height: f.height), fill: accent, stroke: nil, radius: f.height / 2) }
        }
    }

    /// The knob's place along a slider's track, 0...1 (0 for NaN and an empty range).
    func sliderFraction(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite, v.isFinite else { return 0 }
        return min(max((v - range.lowerBound) / span, 0), 1)
    }

    /// `s` on one line cut with "…" to fit `width` (only its first `shownCharacters` looked at).
    private func fitted(_ s: String, _ layout: TextFieldLayout, _ width: Double) -> String {
        let short = s.utf8.count > TextFieldLayout.shownCharacters ? String(s.prefix(TextFieldLayout.shownCharacters)) : s
        let line = short.utf8.contains(UInt8(ascii: "\n")) ? String(short.prefix { !$0.isNewline }) : short
        if line.count == s.count && measurer.measure(line, fontSize: layout.spec.fontSize, face: layout.spec.face).width <= width + 1e-9 { return line }
        return truncated(Array(line)[...], layout.spec, width: width, mode: .tail)
    }

    private func drawLines(_ lines: [Range<Int>], _ chars: [Character], _ layout: TextFieldLayout, _ inner: Rect, scrollY: Double,
                           _ color: Color, into ops: inout [NodeDrawOp]) {
        for (k, r) in lines.enumerated() {
            let y = inner.minY + Double(k) * layout.lineSkip - scrollY
            guard y >= inner.minY - 0.5, y + layout.lineHeight <= inner.maxY + 0.5 else { continue }
            if !r.isEmpty { ops.append(.text(String(chars[r]), origin: Point(x: inner.minX, y: y), fontSize: layout.spec.fontSize, face: layout.spec.face, color: color)) }
        }
    }

    /// The field being edited: selection highlight, text (scrolled to show the caret), the IME
    /// composition underlined at the caret, and the caret when its blink shows it.
    private func emitEditing(_ edit: TextEditBuffer, _ live: LiveControl, _ layout: TextFieldLayout, _ inner: Rect, multiline: Bool,
                             scrollY: Double, scrollX previousScrollX: Double, _ color: Color, _ accent: Color, into ops: inout [NodeDrawOp]) {
        var chars = edit.characters
        var caret = edit.caret
        var selection = edit.selection
        if !live.composition.isEmpty {
            chars.replaceSubrange(selection, with: Array(live.composition))
            caret = selection.lowerBound + live.compositionCursor
            selection = caret..<caret
        }
        let lines = layout.lines(chars, width: inner.width, multiline: multiline)
        let scrollX = multiline ? 0 : layout.scrollX(caret: caret, chars, visible: inner.width, from: previousScrollX)
        func point(_ index: Int) -> Point {
            let k = layout.line(of: index, in: lines)
            return Point(x: inner.minX - scrollX + layout.caretX(index, line: lines[k], chars), y: inner.minY + Double(k) * layout.lineSkip - scrollY)
        }
        func visible(_ y: Double) -> Bool { y >= inner.minY - 0.5 && y + layout.lineHeight <= inner.maxY + 0.5 }
        if !selection.isEmpty {
            for (k, r) in lines.enumerated() where r.upperBound >= selection.lowerBound && r.lowerBound <= selection.upperBound {
                let lo = max(r.lowerBound, selection.lowerBound), hi = min(r.upperBound, selection.upperBound)
                let a = point(lo), b = point(hi)
                let x0 = max(a.x, inner.minX), x1 = min(b.x, inner.maxX)
                guard visible(a.y), x1 > x0 || lo == hi else { _ = k; continue }
                ops.append(.shape(Rect(x: x0, y: a.y, width: max(x1 - x0, 3), height: layout.lineHeight),
                                  ShapePaintStyle(fill: accent.opacity(0.3), stroke: nil, lineWidth: 0, cornerRadius: 0)))
            }
        }
        for (k, r) in lines.enumerated() where !r.isEmpty {
            let y = inner.minY + Double(k) * layout.lineSkip - scrollY
            guard visible(y) else { continue }
            // Only the characters inside the field: a long single line scrolled to show the caret
            // at the right edge is drawn from the caret back.
            var lo = r.lowerBound, x = inner.minX - scrollX
            if scrollX > 0 {
                lo = min(max(caret, r.lowerBound), r.upperBound)
                x = inner.minX - scrollX + layout.caretX(lo, line: r, chars)
                while lo > r.lowerBound, x - layout.width(chars[lo - 1...lo - 1]) >= inner.minX - 0.5 { lo -= 1; x -= layout.width(chars[lo...lo]) }
            }
            var hi = lo, right = x
            while hi < r.upperBound, right < inner.maxX + 0.5 { right += layout.width(chars[hi...hi]); hi += 1 }
            if right > inner.maxX + 0.5, hi > lo { hi -= 1 }
            if hi > lo { ops.append(.text(String(chars[lo..<hi]), origin: Point(x: x, y: y), fontSize: layout.spec.fontSize, face: layout.spec.face, color: color)) }
        }
        if !live.composition.isEmpty {
            let start = edit.selection.lowerBound
            let a = point(start), b = point(start + live.composition.count)
            ops.append(.shape(Rect(x: a.x, y: a.y + layout.lineHeight - 1, width: max(b.x - a.x, 1), height: 1),
                              ShapePaintStyle(fill: color, stroke: nil, lineWidth: 0, cornerRadius: 0)))
        }
        if live.caretVisible {
            let p = point(caret)
            if visible(p.y) { ops.append(.shape(Rect(x: min(p.x, inner.maxX), y: p.y, width: 1, height: layout.lineHeight),
                                               ShapePaintStyle(fill: color, stroke: nil, lineWidth: 0, cornerRadius: 0))) }
        }
    }
}
