#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import SwiftFlowCore
import XCTest

/// What a save replaces: the file a symbolic link leads to (the link kept), with the
/// permissions the replaced file had.
final class SaveThroughLinkTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("swiftflow-link-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testASaveToASymbolicLinkReplacesTheFileItLeadsToAndKeepsTheLink() throws {
        let target = dir + "/real/graph.json", link = dir + "/link.json"
        try FlowFile.save(StressGraph.make(nodeCount: 2), to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/graph.json")
        try FlowFile.save(StressGraph.make(nodeCount: 5), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real/graph.json")
        XCTAssertEqual(try FlowFile.load(path: target).nodes.count, 5)
        XCTAssertEqual(try FlowFile.load(path: link).nodes.count, 5)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["link.json", "real"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/real"), ["graph.json"])
    }

    func testASaveKeepsTheReplacedFilesPermissions() throws {
        let path = dir + "/private.json"
        try FlowFile.save(StressGraph.make(nodeCount: 2), to: path)
        XCTAssertEqual(chmod(path, 0o600), 0)
        try FlowFile.save(StressGraph.make(nodeCount: 3), to: path)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
        XCTAssertEqual(try FlowFile.load(path: path).nodes.count, 3)
    }
}
