import ArgumentParser
import Foundation

/// The `limot` command: a content-filtering proxy browser for loghatnameh.de.
struct Limot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limot",
        abstract: "A content-filtering proxy browser for the German–Persian dictionary loghatnameh.de.",
        discussion: """
            Exit status: 0 success, 1 nothing found or input rejected, 2 usage error, \
            3 network or upstream failure.
            """,
        version: "0.1.0",
        subcommands: [ServeCommand.self, LookupCommand.self, PrefetchCommand.self, HistoryCommand.self, CacheCommand.self, RulesCommand.self]
    )
}

/// Runs the command line with limot's exit codes (usage errors are 2, not
/// ArgumentParser's 64).
@main
enum Main {
    static func main() async {
        do {
            var command = try Limot.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = Limot.exitCode(for: error)
            let message = Limot.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
