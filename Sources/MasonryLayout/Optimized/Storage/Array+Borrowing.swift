// `Array.borrowElement` and `withElementPointer`: reading an element in place, without getter copies on hot paths.
extension Array {
    /// Calls `body` with element `index` in place. Reading `array[index].property` goes through
    /// Array's getter, which the optimizer does not always see through: for a struct holding
    /// several arrays that is a copy with a retain and release of each, on the query hot path.
    @inline(__always)
    func borrowElement<Result>(_ index: Int, _ body: (borrowing Element) -> Result) -> Result {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { body($0[index]) }
    }

    /// Calls `body` with a pointer to element `index`, valid only inside it: reading fields
    /// through it (`pointer.pointee.field`) loads just those, where an element borrowed into a
    /// call that writes memory is copied whole (the optimizer cannot see the call leaves the
    /// array alone).
    @inline(__always)
    func withElementPointer<Result>(_ index: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped + index) }
    }
}
