/// `LayoutAlgorithm.grid`: nodes in node order, row by row, each centred in a cell as large as
/// the largest node plus the spacing.
enum GridLayout {
    static func run(_ g: LayoutGraph, columns: Int?, spacing: Double) -> [Point] {
        let n = g.count
        let cols = columns ?? Int(Double(n).squareRoot().rounded(.up))
        let cellW = (g.sizes.map(\.width).max() ?? 0) + spacing
        let cellH = (g.sizes.map(\.height).max() ?? 0) + spacing
        return (0..<n).map { i in
            Point(x: (Double(i % cols) + 0.5) * cellW, y: (Double(i / cols) + 0.5) * cellH)
        }
    }
}
