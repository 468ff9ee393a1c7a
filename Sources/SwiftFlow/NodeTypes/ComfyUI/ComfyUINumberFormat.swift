import Foundation

/// How a ComfyUI INT widget shows and parses its number: plain decimal digits, no grouping
/// (`502126049100058`), as ComfyUI shows seeds.
struct ComfyUIIntegerFormat: ParseableFormatStyle {
    func format(_ value: Int) -> String { String(value) }
    var parseStrategy: Strategy { Strategy() }

    /// Parses an integer (surrounding spaces allowed); anything else throws.
    struct Strategy: ParseStrategy {
        func parse(_ value: String) throws -> Int {
            guard let i = Int(value.trimmingCharacters(in: .whitespaces)) else { throw ComfyUINotANumber() }
            return i
        }
    }
}

/// How a ComfyUI FLOAT widget shows and parses its number: with `decimals` digits after the
/// point when given and the value has no more (a grid of 0.01 shows `1.00`), else with at most 6
/// significant digits and no trailing zeros (`7.5`, `0.2`, `4.01` on a grid of 0.1).
struct ComfyUIDecimalFormat: ParseableFormatStyle {
    var decimals: Int?

    func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if let decimals, let text = Optional(String(format: "%.\(decimals)f", value)), Double(text) == value { return text }
        return String(format: "%.6g", value)
    }

    var parseStrategy: Strategy { Strategy() }

    /// Parses a decimal number (surrounding spaces allowed); anything else throws.
    struct Strategy: ParseStrategy {
        func parse(_ value: String) throws -> Double {
            guard let d = Double(value.trimmingCharacters(in: .whitespaces)), d.isFinite else { throw ComfyUINotANumber() }
            return d
        }
    }
}

/// Typed text that is no number (the field keeps its value).
struct ComfyUINotANumber: Error {}
