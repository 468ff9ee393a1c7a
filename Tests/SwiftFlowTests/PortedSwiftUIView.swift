import SwiftFlow

/// A view written as for SwiftUI in a file that imports only SwiftFlow: `CGFloat` sizes passed
/// where the API takes `Double`.
struct PortedSwiftUIView: View {
    let side: CGFloat = 30
    var body: some View {
        Color.red.frame(width: side, height: side / 2).padding(side / 6)
    }
}
