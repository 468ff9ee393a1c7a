extension StringProtocol {
    /// This text as quoted in a one-line error or warning: whole when it has at most `limit`
    /// characters (default 40), else its first `limit` characters followed by `…`, so that a
    /// megabyte-long value in a file does not make a megabyte-long message.
    public func messageExcerpt(limit: Int = 40) -> String {
        var end = startIndex
        var count = 0
        while end < endIndex {
            if count == limit { return String(self[..<end]) + "…" }
            formIndex(after: &end)
            count += 1
        }
        return String(self)
    }
}
