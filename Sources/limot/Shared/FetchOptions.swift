import ArgumentParser
import Fetch
import Foundation

/// How limot reaches the dictionary site: shared by `serve` and `lookup`, so
/// both fetch with the same limits and the same test hooks.
struct FetchOptions: ParsableArguments {
    @Option(name: .customLong("connect-to"), help: ArgumentHelp("Send requests for HOST:PORT to HOST2:PORT2 (curl's meaning); repeatable.", valueName: "HOST:PORT:HOST2:PORT2"))
    var connectTo: [String] = []

    @Option(help: ArgumentHelp("Trust the CA certificates in this PEM file instead of the system's.", valueName: "file"))
    var cacert: String?

    @Option(help: ArgumentHelp("Seconds to wait for a connection to the site.", valueName: "seconds"))
    var connectTimeout: Int = 10

    @Option(help: ArgumentHelp("Seconds one request to the site may take in all.", valueName: "seconds"))
    var timeout: Int = 30

    @Option(help: ArgumentHelp("Largest answer read from the site, in MiB, after decompression.", valueName: "MiB"))
    var maxBody: Int = 16

    @Option(help: ArgumentHelp("Redirects followed for one request.", valueName: "count"))
    var maxRedirects: Int = 5

    func validate() throws {
        guard connectTimeout > 0, timeout > 0, maxBody > 0, maxRedirects >= 0 else {
            throw ValidationError("--connect-timeout, --timeout and --max-body must be positive, --max-redirects not negative")
        }
    }

    /// The fetch configuration these options describe; a bad option is a usage error (exit 2).
    func configuration() throws -> FetchConfiguration {
        var fetch = FetchConfiguration()
        for text in connectTo {
            do { fetch.connectTo.append(try ConnectTo(parsing: text)) } catch {
                throw usageError("--connect-to: \(error)")
            }
        }
        if let cacert {
            guard FileManager.default.isReadableFile(atPath: cacert) else { throw usageError("--cacert \(cacert): no such readable file") }
            fetch.caCertificateFile = cacert
        }
        fetch.limits.connectTimeout = .seconds(connectTimeout)
        fetch.limits.totalTimeout = .seconds(timeout)
        fetch.limits.maxBodyBytes = maxBody << 20
        fetch.limits.maxRedirects = maxRedirects
        return fetch
    }
}

/// A bad option found while starting: said once, exit status 2 (from
/// `run()` ArgumentParser would print the root command's usage instead).
func usageError(_ message: String) -> ExitCode {
    printError("error: \(message)")
    return ExitCode(2)
}
