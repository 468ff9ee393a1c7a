import SwiftFlow

/// What `EmbeddedCanvas.finish()` found unfinished: compare with `.clean` to assert a test
/// left nothing behind.
public struct LeftOvers<NodeData, EdgeData> {
    /// The gesture still open, if any.
    public var openGesture: OpenGesture?
    /// The canvas committed an undo step that it completes only at the next frame (run one more
    /// `frame()` after the input that committed it).
    public var pendingHistoryStep: Bool
    /// Outbound entries nobody read (`readOutbound()` / `drainOutbound()`), oldest first.
    public var unreadOutbound: [FlowOutbound<NodeData, EdgeData>]
    /// Diagnostics nobody drained (`drainDiagnostics()`), oldest first.
    public var unreadDiagnostics: [FlowDiagnostic]

    /// Creates a report; the defaults describe a clean finish.
    public init(openGesture: OpenGesture? = nil, pendingHistoryStep: Bool = false,
                unreadOutbound: [FlowOutbound<NodeData, EdgeData>] = [], unreadDiagnostics: [FlowDiagnostic] = []) {
        self.openGesture = openGesture
        self.pendingHistoryStep = pendingHistoryStep
        self.unreadOutbound = unreadOutbound
        self.unreadDiagnostics = unreadDiagnostics
    }

    /// Nothing left over.
    public static var clean: LeftOvers { LeftOvers() }

    /// True when nothing is left over.
    public var isClean: Bool {
        openGesture == nil && !pendingHistoryStep && unreadOutbound.isEmpty && unreadDiagnostics.isEmpty
    }
}

extension LeftOvers: Equatable where NodeData: Equatable, EdgeData: Equatable {}
