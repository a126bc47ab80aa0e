// Scratch memory for a closure: on the stack up to 512 bytes, on the heap above.
/// Calls `body` with `count` elements of scratch memory (unspecified contents; for trivial
/// types): on the stack up to 512 bytes, on the heap above.
///
/// Instead of `withUnsafeTemporaryAllocation`, which measured here at ~1,900 instructions a
/// call (it instantiates generic metadata at run time): the kernels and queries take scratch
/// memory once per section or per query, thousands of times in a `prepare` of many sections.
@inline(__always)
func withScratchBuffer<Element: BitwiseCopyable, Result>(
    of _: Element.Type, count: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Result
) -> Result {
    let bytes = count * MemoryLayout<Element>.stride
    if bytes <= 64, MemoryLayout<Element>.alignment <= 8 {
        var storage = SIMD8<UInt64>()  // zeroed: 4 stores, where 512 bytes would take 32
        return withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.withMemoryRebound(to: Element.self) { body(UnsafeMutableBufferPointer(rebasing: $0[..<count])) }
        }
    }
    if bytes <= 512, MemoryLayout<Element>.alignment <= 8 {
        var storage = SIMD64<UInt64>()
        return withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.withMemoryRebound(to: Element.self) { body(UnsafeMutableBufferPointer(rebasing: $0[..<count])) }
        }
    }
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
    defer { buffer.deallocate() }
    return body(buffer)
}
