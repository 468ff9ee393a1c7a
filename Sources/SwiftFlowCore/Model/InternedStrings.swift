import Synchronization

/// One shared copy of each of a few names that many model elements repeat (node type names):
/// a String of more than 15 UTF-8 bytes lives on the heap, so a million nodes of the type
/// "CheckpointLoaderSimple" would each hold a copy of it. Shorter strings are stored inline and
/// returned as they are. Thread-safe; holds at most `limit` names (a name beyond them is
/// returned as it is), so that unbounded input cannot grow the table without end. A name is
/// returned with its own bytes: one canonically equivalent to an interned name but spelled
/// otherwise (`"é"` precomposed or as `"e"` and a combining accent, which `==` calls equal) is
/// returned as it is, so that a file's type names are written back byte for byte.
enum InternedStrings {
    /// The most names kept: 4,096.
    static let limit = 4_096

    private static let table = Mutex(Set<String>())

    /// `name`, or the string of the same bytes interned before. O(length of the name).
    static func intern(_ name: String) -> String {
        guard name.utf8.count > 15 else { return name }
        return table.withLock { names in
            if let index = names.firstIndex(of: name) {
                let interned = names[index]
                return interned.utf8.elementsEqual(name.utf8) ? interned : name
            }
            guard names.count < limit else { return name }
            names.insert(name)
            return name
        }
    }
}
