import SwiftFlowCore

/// Breaking a text view's string into the lines drawn: paragraphs at `\n`, each wrapped at word
/// boundaries to a width (within a word when one word does not fit), and the last line shown cut
/// with an ellipsis (`Text.TruncationMode`) when more lines follow than may be shown.
extension NodeLayoutEngine {
    /// The size of `text` set as `spec` says, wrapped at `width` (flow units; infinite: only at
    /// `\n`): the widest line by the lines' height (`textHeight`).
    func textSize(_ text: String, _ spec: TextSpec, width: Double) -> Size {
        // One line that fits (the usual label): measured once, without breaking it into lines
        // (which allocates; every visible node's texts are measured every frame).
        if spec.lineLimit == nil, !text.utf8.contains(UInt8(ascii: "\n")) {
            let line = measurer.measure(text, fontSize: spec.fontSize, face: spec.face)
            if !width.isFinite || line.width <= width + 1e-9 { return line }
        }
        let lines = textLines(text, spec, width: width, maxLines: spec.lineLimit ?? .max)
        let w = lines.map { measurer.measure($0, fontSize: spec.fontSize, face: spec.face).width }.max() ?? 0
        return Size(width: w, height: textHeight(lines: lines.count, spec))
    }

    /// The height of `lines` lines: one line's height plus a line skip for each further line.
    func textHeight(lines: Int, _ spec: TextSpec) -> Double {
        measurer.measure("", fontSize: spec.fontSize, face: spec.face).height
            + Double(max(lines - 1, 0)) * measurer.lineSkip(fontSize: spec.fontSize, face: spec.face)
    }

    /// How many lines fit `height` (at least one), and no more than the spec's line limit.
    func maximumLines(height: Double, _ spec: TextSpec) -> Int {
        let skip = measurer.lineSkip(fontSize: spec.fontSize, face: spec.face)
        let extra = (height - textHeight(lines: 1, spec)) / skip + 1e-9
        let fitting = extra.isFinite ? Int(min(max(extra.rounded(.down), 0), 1e6)) + 1 : 1
        return min(fitting, spec.lineLimit ?? .max)
    }

    /// The lines drawn for `text` in `width` flow units, at most `maxLines` of them: when more
    /// follow, the last one is the rest of its paragraph cut by `spec.truncation` to fit, always
    /// with an ellipsis.
    func textLines(_ text: String, _ spec: TextSpec, width: Double, maxLines: Int) -> [String] {
        var out: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (p, paragraph) in paragraphs.enumerated() {
            let chars = Array(paragraph)
            let ranges = wrap(chars[...], spec, width: width)
            for (k, r) in ranges.enumerated() {
                if out.count == maxLines - 1, k < ranges.count - 1 || p < paragraphs.count - 1 {
                    out.append(truncated(chars[r.lowerBound...], spec, width: width, mode: spec.truncation))
                    return out
                }
                out.append(String(chars[r]))
            }
        }
        return out
    }

    /// The lines of one paragraph wrapped at `width`: ranges of `chars`, without the spaces at
    /// the breaks. Greedy: each line takes as many words as fit, or, when not even its first word
    /// fits, as many characters as fit (at least one). Stops after `maxLines` lines. A line holds
    /// at most `longestLine` characters, so that a megabyte without a space costs what the lines
    /// made cost, not the megabyte per line.
    func wrap(_ chars: ArraySlice<Character>, _ spec: TextSpec, width: Double, maxLines: Int = .max) -> [Range<Int>] {
        let longestLine = 4096
        func fits(_ r: Range<Int>) -> Bool {
            measurer.measure(String(chars[r]), fontSize: spec.fontSize, face: spec.face).width <= width + 1e-9
        }
        guard width.isFinite, !chars.isEmpty,
              chars.count > longestLine || !fits(chars.startIndex..<chars.endIndex) else { return [chars.startIndex..<chars.endIndex] }
        var lines: [Range<Int>] = []
        var start = chars.startIndex
        while start < chars.endIndex && lines.count < maxLines {
            var end = start
            while end < chars.endIndex {
                var next = end
                while next < chars.endIndex, chars[next] == " " { next += 1 }
                while next < chars.endIndex, chars[next] != " ", next - start <= longestLine { next += 1 }
                guard next - start <= longestLine, fits(start..<next) else { break }
                end = next
            }
            if end == start {
                var lo = 1, hi = min(chars.endIndex - start, longestLine)   // the line keeps lo characters
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if fits(start..<start + mid) { lo = mid } else { hi = mid - 1 }
                }
                end = start + lo
            }
            lines.append(start..<end)
            start = end
            while start < chars.endIndex, chars[start] == " " { start += 1 }
        }
        return lines
    }

    /// `text` cut to fit `width` with "…" where `mode` says, keeping as many characters as fit
    /// (O(log n) measurements); "" when not even the ellipsis fits. The ellipsis is always there,
    /// after the whole text when it fits.
    func truncated(_ text: ArraySlice<Character>, _ spec: TextSpec, width: Double, mode: Text.TruncationMode) -> String {
        func compose(_ kept: Int) -> String {
            switch mode {
            case .tail: return String(text.prefix(kept)) + "…"
            case .head: return "…" + String(text.suffix(kept))
            case .middle: return String(text.prefix((kept + 1) / 2)) + "…" + String(text.suffix(kept / 2))
            }
        }
        func fits(_ kept: Int) -> Bool {
            measurer.measure(compose(kept), fontSize: spec.fontSize, face: spec.face).width <= width + 1e-9
        }
        guard fits(0) else { return "" }
        var lo = 0, hi = text.count   // the answer keeps lo characters; hi is an upper bound
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return compose(lo)
    }
}
