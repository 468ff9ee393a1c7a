import SwiftFlow
