// `Array.borrowElement`: reads an element in place, avoiding getter copies on the query hot path.
extension Array {
    /// Calls `body` with element `index` in place. Reading `array[index].property` goes through
    /// Array's getter, which the optimizer does not always see through: for a struct holding
    /// several arrays that is a copy with a retain and release of each, on the query hot path.
    @inline(__always)
    func borrowElement<Result>(_ index: Int, _ body: (borrowing Element) -> Result) -> Result {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { body($0[index]) }
    }
}
