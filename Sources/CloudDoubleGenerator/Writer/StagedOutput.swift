import Foundation

/// Generated files written into a directory one at a time, as they are generated, so that only
/// one file's text is held in memory; none is put in place until all are ready, so a failure
/// halfway (a template error in the last artifact) leaves the directory as it was.
///
/// A file whose bytes are already there is not written at all (its timestamp stays, so nothing
/// recompiles); the others go to a temporary file beside their destination, renamed over it by
/// `commit()` (rename(2) replaces a file atomically; FileManager.replaceItemAt on Linux removes
/// the old file first and then fails, losing it).
public struct StagedOutput {
    public let directory: URL
    /// Staged files, in the order given: their names and temporary files.
    private var staged: [(name: String, temporary: URL)] = []
    private var directoryReady = false

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes `file` to its temporary file, unless the directory already has these bytes.
    public mutating func stage(_ file: GeneratedFile) throws(GeneratorError) {
        let manager = FileManager.default
        if !directoryReady {
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .io("\(directory.path): error: cannot create the output directory: \(error.localizedDescription)")
            }
            directoryReady = true
        }
        let url = directory.appendingPathComponent(file.name)
        let bytes = Data(file.contents.utf8)
        if Self.file(at: url.path, holds: bytes) { return }
        let temporary = directory.appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try bytes.write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            discard()
            throw .io("\(url.path): error: cannot write the generated file: \(error.localizedDescription)")
        }
        staged.append((file.name, temporary))
    }

    /// Puts the staged files in place; returns the names of those that changed, in order.
    public mutating func commit() throws(GeneratorError) -> [String] {
        var changed: [String] = []
        for (index, file) in staged.enumerated() {
            let url = directory.appendingPathComponent(file.name)
            guard rename(file.temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                staged.removeFirst(index)
                discard()
                throw .io("\(url.path): error: cannot write the generated file: \(reason)")
            }
            changed.append(file.name)
        }
        staged = []
        return changed
    }

    /// Removes the staged temporary files: the directory's files stay as they were.
    public mutating func discard() {
        for file in staged { try? FileManager.default.removeItem(at: file.temporary) }
        staged = []
    }

    /// Whether the file at `path` has exactly `bytes` (its size is checked before it is read).
    private static func file(at path: String, holds bytes: Data) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) == bytes.count else { return false }
        return FileManager.default.contents(atPath: path) == bytes
    }
}
