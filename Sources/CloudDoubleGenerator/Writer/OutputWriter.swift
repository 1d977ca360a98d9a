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
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("\(directory.path): error: cannot create the output directory: \(error.localizedDescription)")
        }
        var changed: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let bytes = Data(file.contents.utf8)
            if let existing = manager.contents(atPath: url.path), existing == bytes { continue }
            let temporary = directory.appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            do {
                try bytes.write(to: temporary)
            } catch {
                try? manager.removeItem(at: temporary)
                throw .io("\(url.path): error: cannot write the generated file: \(error.localizedDescription)")
            }
            // rename(2) replaces the old file atomically. (FileManager.replaceItemAt on Linux
            // removes the old file first and then fails, losing it.)
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? manager.removeItem(at: temporary)
                throw .io("\(url.path): error: cannot write the generated file: \(reason)")
            }
            changed.append(file.name)
        }
        return changed
    }
}
