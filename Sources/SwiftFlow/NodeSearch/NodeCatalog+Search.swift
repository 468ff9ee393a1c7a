import SwiftFlowCore

extension NodeCatalog {
    /// The templates matching `query`, best first, as indices into `templates`.
    ///
    /// The query is split at spaces; every word must match the title, the type or the category,
    /// ignoring case. A word matches a field, from best to worst: as the whole field, as its start,
    /// at the start of a word inside it (after a space, `_`, `-`, `.`, `/`, or a lower-case letter
    /// followed by a capital: "Sampler" in "KSamplerAdvanced"), anywhere inside it, or (title and
    /// type only) as letters in order with others between ("ksadv" in "KSamplerAdvanced"). The
    /// title counts before the type, the type before the category. Templates are ordered by the sum
    /// of their words' matches, then shorter titles first, then catalogue order. An empty query
    /// matches every template, in catalogue order.
    ///
    /// With `role` (a connection dropped from a handle of that role carrying `type`), only templates
    /// with a slot it can connect to are listed (`NodeTemplate.slot(connectingFrom:type:)`).
    /// Complexity: O(templates × (query + field lengths)), then a sort of the matches.
    public func search(_ query: String, connectingFrom role: HandleType? = nil, type: String = "*") -> [Int] {
        let words = query.split(separator: " ").map { $0.unicodeScalars.map(SearchKeys.lower) }
        var scored: [(score: Int, length: Int, index: Int)] = []
        for (i, t) in templates.enumerated() {
            if let role, t.slot(connectingFrom: role, type: type) == nil { continue }
            guard !words.isEmpty else { scored.append((0, 0, i)); continue }
            var total = 0
            for w in words {
                var best: Int?
                for (f, field) in searchKeys[i].fields.enumerated() {
                    guard let tier = Self.match(w, in: field, fuzzy: f < 2) else { continue }
                    best = min(best ?? .max, tier * 3 + f)
                }
                guard let b = best else { total = -1; break }
                total += b
            }
            if total >= 0 { scored.append((total, t.title.count, i)) }
        }
        scored.sort { ($0.score, $0.length, $0.index) < ($1.score, $1.length, $1.index) }
        return scored.map(\.index)
    }

    /// How well `word` (lower-cased scalars) matches a field (`SearchKeys`): 0 the whole field,
    /// 1 its start, 2 a word start inside it, 3 anywhere, 4 letters in order (when `fuzzy`); nil
    /// when not at all. O(field length × word length) at worst.
    static func match(_ word: [Unicode.Scalar], in field: (lower: [Unicode.Scalar], wordStart: [Bool]), fuzzy: Bool) -> Int? {
        let chars = field.lower
        guard !word.isEmpty, word.count <= chars.count else { return nil }
        if chars == word { return 0 }
        var best: Int?
        for start in 0...(chars.count - word.count) where chars[start] == word[0] && chars[start..<start + word.count].elementsEqual(word) {
            let tier = start == 0 ? 1 : field.wordStart[start] ? 2 : 3
            best = min(best ?? .max, tier)
            if tier == 1 { break }
        }
        if best == nil, fuzzy {
            var k = 0
            for c in chars where k < word.count && c == word[k] { k += 1 }
            if k == word.count { best = 4 }
        }
        return best
    }
}
