// One section of the optimized engine's layout in a single allocation: a header, then its buffers.
/// One section of the optimized engine's layout in a single allocation: a `SectionHeader`,
/// then the buffers `SectionBufferLayout` places. Accessed through `SectionHandle`.
///
/// A reference type behind the value-semantic `SectionLayout`, which copies it before a write
/// when it is shared (copy on write), as `Array` does. Not `Sendable` itself (`ManagedBuffer`
/// is not): `SectionLayout` is, by that discipline.
@usableFromInline
final class SectionStorage: ManagedBuffer<SectionHeader, UInt64> {
    /// A storage for `header`'s shape and capacity, its buffers bound to their types.
    static func make(_ header: SectionHeader) -> SectionStorage {
        let storage = unsafeDowncast(
            create(minimumCapacity: max(1, header.layout.wordCount)) { _ in header }, to: SectionStorage.self)
        storage.withUnsafeMutablePointers { header, words in
            header.pointee.allocatedWords = max(1, header.pointee.layout.wordCount)
            SectionHandle.bindBuffers(words, header.pointee.layout)
        }
        return storage
    }

    /// Calls `body` with a handle on this storage's header and buffers.
    @inlinable @inline(__always)
    func withHandle<Result>(_ body: (SectionHandle) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, words in try body(SectionHandle(header: header, words: words)) }
    }
}
