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
        let temporary = directory.appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        // Straight from the file's own bytes: no second copy of a file of tens of megabytes.
        let failure: String? = file.bytes.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if Self.file(at: url.path, holds: bytes) { return "" }
            return Self.write(bytes, to: temporary.path)
        }
        switch failure {
        case nil:
            staged.append((file.name, temporary))
        case ""?:
            return  // already there
        case let reason?:
            try? manager.removeItem(at: temporary)
            discard()
            throw .io("\(url.path): error: cannot write the generated file: \(reason)")
        }
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

    /// Whether the file at `path` has exactly `bytes`: its size first, then its bytes a block at
    /// a time.
    private static func file(at path: String, holds bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) == bytes.count else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var block = [UInt8](repeating: 0, count: min(1 << 20, max(bytes.count, 1)))
        var offset = 0
        while offset < bytes.count {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, bytes.count - offset)) }
            guard count > 0, block.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + offset, count) == 0 }) else { return false }
            offset += count
        }
        // The file must end where the bytes do.
        return block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 1) } == 0
    }

    /// Writes `bytes` to a new file at `path`; the system's reason when that fails.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return reason
            }
            offset += written
        }
        guard close(descriptor) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }
}
