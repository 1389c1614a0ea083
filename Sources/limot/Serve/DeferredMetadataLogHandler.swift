import Logging

/// swift-log's `StreamLogHandler`, given its logger's metadata only when a
/// message is written.
///
/// `StreamLogHandler` formats its metadata into text whenever it is set,
/// and Hummingbird sets a request id on every request's logger: a string
/// made, sorted and joined on every request, for a line that is almost
/// never written (the access log is at info, `serve` runs at warning in
/// the benchmark). The lines written are the same: the same handler
/// formats them, from the same metadata.
struct DeferredMetadataLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(_ stream: StreamLogHandler) {
        self.stream = stream
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var handler = stream
        if !metadata.isEmpty { handler.metadata = metadata }
        handler.log(event: event)
    }
}
