import Foundation

/// Finds a SwiftPM resource bundle at run time. SwiftPM copies a target's resources into the
/// directory `<package>_<target>.resources` beside the executable (or the test bundle).
public enum ResourceBundle {
    /// The directory to read resources from: `$<environmentVariable>` when set and not empty
    /// (even when it does not exist, so that a wrong path gives a "missing file" error), else the
    /// bundle directory `bundleName` beside the running executable. Nil when neither is there.
    public static func directory(bundleName: String, environmentVariable: String) -> String? {
        if let dir = ProcessInfo.processInfo.environment[environmentVariable], !dir.isEmpty { return dir }
        let candidates = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()].compactMap { $0 }
        for base in candidates {
            let dir = base.appendingPathComponent(bundleName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue { return dir }
        }
        return nil
    }
}
