@_exported import SwiftFlow
