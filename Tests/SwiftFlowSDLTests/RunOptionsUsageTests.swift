import SwiftFlowSDL
import XCTest

/// `--help` (`RunOptions.usage`): every option it names is one the parser knows, and it says
/// where the options are described.
final class RunOptionsUsageTests: XCTestCase {
    func testEveryOptionTheUsageNamesIsParsed() throws {
        let usage = RunOptions.usage
        var names = Set<String>()
        var rest = Substring(usage)
        while let start = rest.range(of: "--") {
            let tail = rest[start.upperBound...]
            let name = tail.prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty { names.insert("--" + name) }
            rest = tail
        }
        XCTAssertGreaterThanOrEqual(names.count, 20, "\(names.sorted())")
        for name in names {
            do { _ = try RunOptions(arguments: [name]) } catch {
                XCTAssertFalse("\(error)".contains("unknown option"), "\(name): \(error)")
            }
        }
        XCTAssertTrue(usage.contains("docs/spec/replay.md") && usage.contains("README.md"), usage)
    }
}
