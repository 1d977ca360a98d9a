/// A description file parsed: its tree of located JSON values, and the keys written twice in one
/// object, which the decoder reports with the document's other problems. What the first stage
/// of the pipeline (`Pipeline.parse`) gives the decoder.
struct JSONDocument {
    let root: JSONValue
    let duplicateKeys: [JSONParser.DuplicateKey]

    /// Parses `bytes`. A file larger than `DescriptionDecoder.maximumBytes`, or not JSON, is one
    /// located diagnostic.
    init(parsing bytes: [UInt8], file: String) throws(DiagnosticsError) {
        guard bytes.count <= DescriptionDecoder.maximumBytes else {
            throw DiagnosticsError([
                Diagnostic(
                    file: file, location: SourceLocation(line: 1, column: 1),
                    message: "the description is \(bytes.count >> 20) MB; descriptions may be at most \(DescriptionDecoder.maximumBytes >> 20) MB")
            ])
        }
        var parser = JSONParser(bytes)
        do throws(JSONParser.Failure) {
            root = try parser.parse()
        } catch {
            throw DiagnosticsError([Diagnostic(file: file, location: error.location, message: error.message)])
        }
        duplicateKeys = parser.duplicateKeys
    }
}
