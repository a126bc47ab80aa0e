// Engine programs written as shell scripts for the protocol client's tests: ones that die, hang or answer garbage.
import Foundation

/// An engine program as a shell script in a new temporary directory: it reads `hello` and
/// answers `hello` (unless nil), then runs `body`. Returns the script's path, to give as
/// `--engine-command`.
func scriptEngine(_ body: String, hello: String? = #"{"protocol":1,"engine":"script","format":2}"#) throws -> String {
    let path = try temporaryDirectory() + "/engine.sh"
    let answer = hello.map { "printf '%s\\n' '\($0)'\n" } ?? ""
    try "#!/bin/sh\nread request\n\(answer)\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
}

/// The Python engine of `Examples/PythonEngine` as a command (with `arguments`), or nil when
/// this machine has no `python3` (CI installs it before the tests).
func pythonEngineCommand(_ arguments: String = "") -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }) else { return nil }
    let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Examples/PythonEngine/engine_server.py")
        .standardizedFileURL.path
    return "python3 '\(server)'" + (arguments.isEmpty ? "" : " \(arguments)")
}
