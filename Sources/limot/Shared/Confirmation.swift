import ArgumentParser
import Foundation

/// `--yes`, and the question asked on a terminal without it: what the
/// commands that forget something (`cache clear`, `history clear`) share.
struct Confirmation: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Go ahead without asking.")
    var yes = false

    /// Without a terminal nobody can answer, so `--yes` is required; `what`
    /// completes "pass --yes to …".
    func requireAnswerable(_ what: String) throws {
        if !yes && isatty(STDIN_FILENO) == 0 {
            throw ValidationError("standard input is not a terminal: pass --yes to \(what)")
        }
    }

    /// Asks `question` ("Forget …?") unless `--yes`; anything but y or yes
    /// prints "Nothing cleared." and exits with 1.
    func confirm(_ question: String) throws {
        guard !yes else { return }
        print("\(question) [y/N] ", terminator: "")
        fflush(nil)
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            print("Nothing cleared.")
            throw ExitCode(1)
        }
    }
}
