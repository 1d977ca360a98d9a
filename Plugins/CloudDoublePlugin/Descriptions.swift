import Foundation
import PackagePlugin

// Shared by both plugins (the command plugin's copy is a symbolic link to this file: plugins cannot
// depend on a library). The artifacts and the base-name rule are the generator's own, from
// `OutputNames.swift` (linked into each plugin too).

/// A target's description files, checked for the names their generated files take.
enum Descriptions {
    /// The `*.clouddouble.json` files of `target`, sorted. Throws, after a diagnostic at the file,
    /// when a file name leaves no base name (`.clouddouble.json`) or two descriptions share one
    /// (their generated files would have the same names).
    ///
    /// With `excludedToo`, files the target excludes are found as well: a target that checks its
    /// generated code in excludes its description from the build (SwiftPM would otherwise warn that
    /// it does not know what to do with it).
    static func `in`(_ target: SourceModuleTarget, excludedToo: Bool = false) throws -> [URL] {
        var urls = target.sourceFiles.map(\.url)
        if excludedToo, let directory = (target as? SwiftSourceModuleTarget)?.directoryURL,
            let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        {
            for case let url as URL in walker where !urls.contains(url) { urls.append(url) }
        }
        let files = Set(urls.filter { $0.lastPathComponent.hasSuffix(DescriptionFileName.suffix) }).sorted { $0.path < $1.path }
        var seen: [String: URL] = [:]
        var problems = 0
        for file in files {
            let base = baseName(file)
            if base.isEmpty {
                Diagnostics.error(
                    "\(file.path): the file name gives the generated files no name; call it <Name>.clouddouble.json", file: file.path)
                problems += 1
            } else if let first = seen[base] {
                Diagnostics.error(
                    "\(file.path): another description in \(target.name) has the base name '\(base)' (\(first.path)); both would generate \(base).Protocols.swift and the rest, so rename one",
                    file: file.path)
                problems += 1
            } else {
                seen[base] = file
            }
        }
        if problems > 0 { throw DescriptionNameError(target: target.name) }
        return files
    }

    /// `CloudKit` for `…/CloudKit.clouddouble.json`.
    static func baseName(_ url: URL) -> String {
        DescriptionFileName.baseName(url.lastPathComponent)
    }

    /// How another target (a test target, for the mocks) imports the module that holds the
    /// description's protocols: `@testable` when the description's `access` is `internal`.
    static func importArguments(for file: URL, module: String) -> [String] {
        let json = (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        let isInternal = (json?["access"] as? String) == "internal"
        return [isInternal ? "--testable-import" : "--import", module]
    }
}

struct DescriptionNameError: Error, CustomStringConvertible {
    var target: String
    var description: String { "CloudDouble: the descriptions of \(target) cannot all be generated; see the errors above" }
}
