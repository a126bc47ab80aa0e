// The column count the span kernel's loop runs over: a constant for 2 to 8 columns.
/// The column count the span kernel's loop runs over (`SpanPlaceLoop`): a constant for 2 to 8
/// columns, so that its loops over the columns unroll and the column heights stay in
/// registers, or the section's own count above.
protocol SpanColumnCount {
    /// The column count, 2 to 8; nil for `SpanColumns.Any` (1 column, or more than 8).
    static var constant: Int? { get }
}

/// Dispatches a section's column count to the `SpanColumnCount` the loop runs over.
protocol SpanColumnCountVisitor {
    associatedtype Result
    func visit<Columns: SpanColumnCount>(_: Columns.Type) -> Result
}

extension SpanColumnCountVisitor {
    /// `visit` with the constant count for 2 to 8 columns, the run-time one otherwise.
    func visit(columns: Int) -> Result {
        switch columns {
        case 2: visit(SpanColumns.Two.self)
        case 3: visit(SpanColumns.Three.self)
        case 4: visit(SpanColumns.Four.self)
        case 5: visit(SpanColumns.Five.self)
        case 6: visit(SpanColumns.Six.self)
        case 7: visit(SpanColumns.Seven.self)
        case 8: visit(SpanColumns.Eight.self)
        default: visit(SpanColumns.Any.self)
        }
    }
}

/// The `SpanColumnCount`s.
enum SpanColumns {
    enum Two: SpanColumnCount { static var constant: Int? { 2 } }
    enum Three: SpanColumnCount { static var constant: Int? { 3 } }
    enum Four: SpanColumnCount { static var constant: Int? { 4 } }
    enum Five: SpanColumnCount { static var constant: Int? { 5 } }
    enum Six: SpanColumnCount { static var constant: Int? { 6 } }
    enum Seven: SpanColumnCount { static var constant: Int? { 7 } }
    enum Eight: SpanColumnCount { static var constant: Int? { 8 } }
    /// 1 column, or more than 8: the section's count, read at run time.
    enum `Any`: SpanColumnCount { static var constant: Int? { nil } }
}
