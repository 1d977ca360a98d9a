import Foundation

// The executable: run the tool, print what it says, exit with its status.
let outcome = CommandLineTool().run(Array(CommandLine.arguments.dropFirst()))
if !outcome.output.isEmpty { FileHandle.standardOutput.write(Data(outcome.output.utf8)) }
if !outcome.errors.isEmpty { FileHandle.standardError.write(Data(outcome.errors.utf8)) }
exit(outcome.status)
