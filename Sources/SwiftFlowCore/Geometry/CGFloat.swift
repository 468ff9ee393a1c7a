import Foundation

/// Foundation's `CGFloat`, so that code written for SwiftUI compiles with only `import SwiftFlow`
/// (Foundation's declaration is not otherwise visible). The same type, so importing Foundation
/// as well is not ambiguous; a `CGFloat` converts implicitly where an API takes a `Double`.
public typealias CGFloat = Foundation.CGFloat
