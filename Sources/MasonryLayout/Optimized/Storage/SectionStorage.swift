// One section of the optimized engine's layout: a header, then its buffers or a place in a slab.
/// One section of the optimized engine's layout: a `SectionHeader`, then the buffers
/// `SectionBufferLayout` places, in the same allocation or in a `SectionSlab` the header points
/// at. Accessed through `SectionHandle`.
///
/// A reference type behind the value-semantic `SectionLayout`, which copies it before a write
/// when it is shared (copy on write), as `Array` does. Not `Sendable` itself (`ManagedBuffer`
/// is not): `SectionLayout` is, by that discipline.
@usableFromInline
final class SectionStorage: ManagedBuffer<SectionHeader, UInt64> {
    deinit {
        withUnsafeMutablePointerToHeader { $0.pointee.slab?.release() }
    }

    /// A storage for `header`'s shape and capacity with buffers of its own, bound to their types
    /// (a slab `header` names is another storage's, not retained here).
    static func make(_ header: SectionHeader) -> SectionStorage {
        let storage = unsafeDowncast(
            create(minimumCapacity: max(1, header.layout.wordCount)) { _ in header }, to: SectionStorage.self)
        storage.withUnsafeMutablePointers { header, words in
            header.pointee.allocatedWords = max(1, header.pointee.layout.wordCount)
            header.pointee.words = words
            header.pointee.slab = nil
            SectionHandle.bindBuffers(words, header.pointee.layout, shape: header.pointee.shape)
        }
        return storage
    }

    /// A storage for `header`'s shape (with no slab) whose buffers are `region` of a slab, bound
    /// to their types.
    static func make(_ header: SectionHeader, in region: SlabRegion) -> SectionStorage {
        let storage = unsafeDowncast(create(minimumCapacity: 0) { _ in header }, to: SectionStorage.self)
        storage.withUnsafeMutablePointerToHeader { $0.pointee.place(in: region) }
        return storage
    }

    /// Calls `body` with a handle on this storage's header and buffers.
    @inlinable @inline(__always)
    func withHandle<Result>(_ body: (SectionHandle) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointerToHeader { header in try body(SectionHandle(header: header)) }
    }
}

extension SectionHeader {
    /// Points this header, which names no slab, at `region` of a slab, which it retains, its
    /// buffers bound to their types.
    mutating func place(in region: SlabRegion) {
        assert(slab == nil, "a header leaving a slab releases it first")
        allocatedWords = 0
        layout = region.layout
        words = region.words
        slab = region.slab.retain()
        SectionHandle.bindBuffers(words, layout, shape: shape)
    }
}
