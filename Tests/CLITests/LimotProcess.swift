import Foundation
import Testing

/// Runs the built `limot` executable as a user would, capturing its output.
struct LimotProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder of golden inputs and outputs, in the source tree (so that
    /// `LIMOT_UPDATE_GOLDEN=1 swift test` can rewrite the expectations).
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable SwiftPM built beside the test bundle.
    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("limot")
    }

    /// Runs `limot arguments…` in `directory` with `input` on standard input.
    static func run(_ arguments: [String], in directory: URL = goldenFolder, input: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["LIMOT_RULES"] = repositoryRoot.appendingPathComponent("Rules").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }

    /// Compares `actual` with the golden file `name`, or rewrites it when
    /// `LIMOT_UPDATE_GOLDEN` is set.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = goldenFolder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LIMOT_UPDATE_GOLDEN"] != nil {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing golden file \(name)>"
        #expect(actual == expected, "output differs from Golden/\(name); run LIMOT_UPDATE_GOLDEN=1 swift test to accept a deliberate change", sourceLocation: sourceLocation)
    }
}
