extension NativeFormat {
    /// Throws `FlowFileError.invalidValue` for the first value of `document` that `encode` writes
    /// as text `decode` rejects, naming it as loading the file would (`nodes[3].zIndex: expected
    /// an integer within ±9e15, found number 9.223372036854776e+18`), so that a save never
    /// replaces a file with one that cannot be loaded again. Those values: a node position,
    /// extent corner or viewport `x`/`y` that is not finite (written as `null`) or beyond ±1e15
    /// flow units; a node size or handle coordinate beyond ±1e15; a `zIndex` beyond ±9e15 (an
    /// `Int` such as `Int.max`); a label padding that is not finite; a viewport zoom that is not
    /// a positive number. Other non-finite numbers are written as `null` and load as their
    /// field's default. `file` names the file in the error. O(nodes + edges + handles).
    public static func checkSavable(_ document: FlowDocument, file: String) throws {
        func fail(_ path: String, _ expected: String, _ value: Double) -> FlowFileError {
            .invalidValue(file: file, path: path, expected: expected, found: FlowFileError.describe(value.isFinite ? .number(value) : .null))
        }
        /// A coordinate that must be present (`optional` false) or may be dropped as `null`.
        func coordinate(_ value: Double, _ path: String, optional: Bool = false) throws {
            if !value.isFinite {
                if !optional { throw fail(path, "a finite number", value) }
            } else if abs(value) > JSONCursor.maxCoordinate {
                throw fail(path, "a number within ±1e15", value)
            }
        }
        func zIndex(_ z: Int, _ path: String) throws {
            guard abs(Double(z)) < 9.0e15 else { throw fail(path + ".zIndex", "an integer within ±9e15", Double(z)) }
        }
        for (i, node) in document.nodes.enumerated() {
            let at = "nodes[\(i)]"
            try coordinate(node.position.x, at + ".position.x")
            try coordinate(node.position.y, at + ".position.y")
            if let w = node.width { try coordinate(w, at + ".width", optional: true) }
            if let h = node.height { try coordinate(h, at + ".height", optional: true) }
            try zIndex(node.zIndex, at)
            if case .rect(let r)? = node.extent {
                for (k, corner) in [r.origin, Point(x: r.maxX, y: r.maxY)].enumerated() {
                    try coordinate(corner.x, at + ".extent[\(k)][0]")
                    try coordinate(corner.y, at + ".extent[\(k)][1]")
                }
            }
            for (k, handle) in (node.handles ?? []).enumerated() {
                if let x = handle.x { try coordinate(x, at + ".handles[\(k)].x", optional: true) }
                if let y = handle.y { try coordinate(y, at + ".handles[\(k)].y", optional: true) }
            }
        }
        for (i, edge) in document.edges.enumerated() {
            let at = "edges[\(i)]"
            for (k, v) in [edge.labelBgPadding.width, edge.labelBgPadding.height].enumerated() where !v.isFinite {
                throw fail(at + ".labelBgPadding[\(k)]", "a finite number", v)
            }
            try zIndex(edge.zIndex, at)
        }
        if let v = document.viewport {
            try coordinate(v.x, "viewport.x")
            try coordinate(v.y, "viewport.y")
            guard v.zoom.isFinite else { throw fail("viewport.zoom", "a finite number", v.zoom) }
            guard v.zoom > 0 else { throw fail("viewport.zoom", "a positive number", v.zoom) }
        }
    }
}
