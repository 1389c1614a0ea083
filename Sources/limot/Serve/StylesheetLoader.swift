import ArgumentParser
import Foundation
import Proxy

/// Reads the dark theme, the bar's style, the guard script and the picker from the
/// shipped `Stylesheets/` folder (or `$LIMOT_STYLESHEETS`).
enum StylesheetLoader {
    static func load() throws -> Stylesheets {
        guard let folder = ShippedFolder.find("Stylesheets", environment: "LIMOT_STYLESHEETS") else {
            printError("error: the Stylesheets/ folder was not found; set LIMOT_STYLESHEETS to the folder with dark.css, bar.css, guard.js and picker.js")
            throw ExitCode(1)
        }
        return Stylesheets(dark: try read(folder, "dark.css"), bar: try read(folder, "bar.css"), guard: try read(folder, "guard.js"),
                           picker: try read(folder, "picker.js"))
    }

    private static func read(_ folder: String, _ name: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            printError("error: cannot read \(path)")
            throw ExitCode(1)
        }
        return text
    }
}
