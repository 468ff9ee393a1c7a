import SwiftFlowCore

/// One of the nine places a panel sits on the canvas (React Flow's `PanelPosition` plus the
/// three centred rows' middle cells).
public enum PanelPosition: String, CaseIterable, Hashable, Sendable {
    case topLeft, topCenter, topRight, centerLeft, center, centerRight, bottomLeft, bottomCenter, bottomRight

    /// The screen rectangle of a panel of `size` points at this position on a canvas of
    /// `canvas` points, `margin` points (React Flow's 15) in from the edges it touches.
    public func frame(size: Size, in canvas: Size, margin: Double = 15) -> Rect {
        let col: Int, row: Int
        switch self {
        case .topLeft: (col, row) = (0, 0)
        case .topCenter: (col, row) = (1, 0)
        case .topRight: (col, row) = (2, 0)
        case .centerLeft: (col, row) = (0, 1)
        case .center: (col, row) = (1, 1)
        case .centerRight: (col, row) = (2, 1)
        case .bottomLeft: (col, row) = (0, 2)
        case .bottomCenter: (col, row) = (1, 2)
        case .bottomRight: (col, row) = (2, 2)
        }
        func place(_ k: Int, _ length: Double, _ room: Double) -> Double {
            k == 0 ? margin : k == 1 ? ((room - length) / 2).rounded() : room - margin - length
        }
        return Rect(x: place(col, size.width, canvas.width), y: place(row, size.height, canvas.height),
                    width: size.width, height: size.height)
    }
}
