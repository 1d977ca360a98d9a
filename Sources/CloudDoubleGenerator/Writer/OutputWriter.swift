import Foundation

/// One generated file: its name and its full text, kept as the UTF-8 bytes the tool writes.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    /// The file's text as UTF-8, as it is written: the generator renders bytes, so no text is
    /// made of them (and checked again) unless `contents` is asked for.
    public var bytes: Data

    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, contents: String) {
        self.init(name: name, bytes: Data(contents.utf8))
    }

    /// The file's text, made from its bytes each time it is asked for.
    public var contents: String {
        get { bytes.utf8Text }
        set { bytes = Data(newValue.utf8) }
    }
}

extension Data {
    /// The bytes as text (valid UTF-8, as rendered: nothing is repaired).
    var utf8Text: String {
        withUnsafeBytes { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
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
