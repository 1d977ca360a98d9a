import Foundation

/// One generated file: its name and its full text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// Writes generated files. A file is written only when its bytes change (so an unchanged
/// regeneration does not touch timestamps and trigger recompiles), and always through a
/// temporary file and a rename, so a reader never sees a half-written file.
public enum OutputWriter {
    /// Writes `files` into `directory`; returns the names of the files that changed.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL) throws(GeneratorError) -> [String] {
        var output = StagedOutput(directory: directory)
        for file in files { try output.stage(file) }
        return try output.commit()
    }
}
