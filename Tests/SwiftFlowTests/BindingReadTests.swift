@testable import SwiftFlow
import SwiftFlowCore
import XCTest

/// `Binding.valueAndProblem()`: what a control reads when it is built, in one read of the JSON
/// value for the typed accessors; the same as the getter and `problem` called apart.
final class BindingReadTests: XCTestCase {
    /// A binding to a JSON object held in a box, as a node-data binding reads it.
    private final class Box { var value: JSONValue = .null }

    private func object(_ members: [(String, JSONValue)]) -> Binding<JSONValue> {
        let box = Box()
        box.value = .object(JSONObject(members))
        return Binding(get: { box.value }, set: { box.value = $0 })
    }

    func testTypedJSONAccessorsReadTheValueAndProblemTheGetterAndProblemGiveApart() {
        let data = object([("s", .string("x")), ("n", .number(2.5)), ("b", .bool(true)), ("z", .null)])
        let members = ["s", "n", "b", "z", "missing"]
        for key in members {
            let s = data[key].string, d = data[key].double, b = data[key].bool, i = data[key].int
            XCTAssertNotNil(s.read)
            XCTAssertEqual(s.valueAndProblem().value, s.wrappedValue, key)
            XCTAssertEqual(s.valueAndProblem().problem, s.problem?(), key)
            XCTAssertEqual(d.valueAndProblem().value, d.wrappedValue, key)
            XCTAssertEqual(d.valueAndProblem().problem, d.problem?(), key)
            XCTAssertEqual(b.valueAndProblem().value, b.wrappedValue, key)
            XCTAssertEqual(b.valueAndProblem().problem, b.problem?(), key)
            XCTAssertEqual(i.valueAndProblem().value, i.wrappedValue, key)
            XCTAssertEqual(i.valueAndProblem().problem, i.problem?(), key)
        }
        XCTAssertEqual(data["n"].string.valueAndProblem().value, "")
        XCTAssertEqual(data["n"].string.valueAndProblem().problem, "expected a string, found number 2.5")
        XCTAssertEqual(data["s"].bool.valueAndProblem().problem, "expected true or false, found string \"x\"")
        XCTAssertNil(data["z"].double.valueAndProblem().problem)
        XCTAssertNil(data["missing"].bool.valueAndProblem().problem)
    }

    func testAPlainBindingReadsItsGetterAndProblemApart() {
        var value = 3.0
        let plain = Binding(get: { value }, set: { value = $0 })
        XCTAssertNil(plain.read)
        XCTAssertEqual(plain.valueAndProblem().value, 3)
        XCTAssertNil(plain.valueAndProblem().problem)
        let flagged = Binding(get: { value }, set: { value = $0 }, problem: { "bad" })
        value = 4
        XCTAssertEqual(flagged.valueAndProblem().value, 4)
        XCTAssertEqual(flagged.valueAndProblem().problem, "bad")
    }

    func testAWriteIsSeenByTheNextRead() {
        let data = object([("s", .string("x"))])
        let s = data["s"].string
        s.wrappedValue = "y"
        XCTAssertEqual(s.valueAndProblem().value, "y")
        XCTAssertNil(s.valueAndProblem().problem)
        data["s"].wrappedValue = .number(1)
        XCTAssertEqual(s.valueAndProblem().value, "")
        XCTAssertEqual(s.valueAndProblem().problem, "expected a string, found number 1.0")
    }
}
