import ArgumentParser
import Foundation
import Lookup
import WebURL

/// `--site FILE` and `--home URL`: which dictionary site, and where it is.
///
/// The profile (default: the shipped loghatnameh.de one) says what the site
/// is: its home, its search address, where entries sit in its pages.
/// `--home` moves the whole site to another origin (a mirror, a local copy,
/// plain http): home, search and every request of `serve`, `lookup` and
/// `prefetch` go there alike (`SiteProfile.rehomed(to:)`).
struct SiteSelection: ParsableArguments {
    @Option(name: .customLong("site"), help: ArgumentHelp("A site profile file for another dictionary site (default: $LIMOT_SITE, else the shipped loghatnameh.de profile).", valueName: "file"))
    var path: String?

    @Option(name: .customLong("home"), help: ArgumentHelp("The site's start page, when it is not where the site profile says (default: the profile's, https://www.loghatnameh.de/ for the shipped one). Its origin then serves every page and every search.", valueName: "url"))
    var home: String?

    /// The profile, moved to `--home` when given; a missing or malformed
    /// profile, or a home that is not an http or https URL, is a usage error
    /// (exit 2) that says what and where.
    func profile() throws -> SiteProfile {
        let profile = try profileFile()
        guard let home else { return profile }
        guard let url = try? WebURL(home), url.scheme == "http" || url.scheme == "https", !url.hostname.isEmpty else {
            throw usageError("--home \(home) is not an http or https URL")
        }
        return profile.rehomed(to: url)
    }

    private func profileFile() throws -> SiteProfile {
        let file: String
        if let given = path ?? ProcessInfo.processInfo.environment["LIMOT_SITE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            file = given
        } else {
            guard let folder = ShippedFolder.find("Rules", environment: nil) else {
                throw usageError("the shipped site profile (Rules/sites/loghatnameh.de.json) was not found; pass --site FILE or set LIMOT_SITE")
            }
            file = folder + "/sites/loghatnameh.de.json"
        }
        do {
            return try SiteProfile(contentsOf: file)
        } catch {
            throw usageError(error.description)
        }
    }
}
