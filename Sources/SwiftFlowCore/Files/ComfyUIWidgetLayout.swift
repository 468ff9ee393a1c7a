/// Where a ComfyUI node's widget rows sit (node-local flow units), shared by the importer (which
/// puts an unlinked widget input's handle on its widget's row) and the node view.
///
/// The rows start 6 units below the last slot row (`titleHeight + 4 + slotRows · slotHeight + 2`);
/// each shown widget (`ComfyUIWidget.isShown`) is 20 high with 4 between rows, but multi-line
/// strings, which share what the node's height leaves, at least 40 each. Rows may pass the
/// node's bottom (the view leaves those out).
public enum ComfyUIWidgetLayout {
    /// Height of a one-line widget row, flow units: 20 (LiteGraph's `NODE_WIDGET_HEIGHT`).
    public static let rowHeight = 20.0
    /// Space between widget rows, flow units: 4.
    public static let rowGap = 4.0
    /// The least height of a multi-line editor, flow units: 40.
    public static let minimumEditorHeight = 40.0

    /// The top and height of each widget's row, nil for widgets not shown. O(widgets).
    public static func rows(_ widgets: [ComfyUIWidget], slotRows: Int, nodeHeight: Double) -> [(y: Double, height: Double)?] {
        let top = ComfyUIImport.titleHeight + 4 + Double(slotRows) * ComfyUIImport.slotHeight + 2
        let shown = widgets.filter(\.isShown)
        let editors = shown.filter { $0.kind == .string && $0.multiline }.count
        let fixed = Double(shown.count - editors) * (rowHeight + rowGap)
        let share = editors == 0 ? 0 : max(minimumEditorHeight, (nodeHeight - top - fixed - 4) / Double(editors) - rowGap)
        var y = top
        return widgets.map { w in
            guard w.isShown else { return nil }
            let h = w.kind == .string && w.multiline ? share : rowHeight
            defer { y += h + rowGap }
            return (y, h)
        }
    }
}
