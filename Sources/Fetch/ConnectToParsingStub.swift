// Temporary: replaced by the Fetch branch's parser.
extension ConnectTo {
    public init(parsing text: String) throws(FetchError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { throw FetchError(.invalidURL, url: text, message: "expected HOST:PORT:HOST2:PORT2") }
        self.init(host: parts[0], port: Int(parts[1]), targetHost: parts[2], targetPort: Int(parts[3]))
    }
}
