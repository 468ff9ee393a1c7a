import Foundation
import SwiftFlowDemos

// The demos gallery: `swiftflow-demo [NAME] [replay.md options]`; `--list` names the demos.
exit(DemoGallery.main(arguments: Array(CommandLine.arguments.dropFirst())))
