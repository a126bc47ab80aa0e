// Number and rect text forms for output: round-trip doubles, CSV/JSON rect fields.
import MasonryLayout
import MasonrySupport

extension Double {
    /// Swift's shortest round-trip form (`100.0`, `12.5`, `1e-05`): parsing it gives back the same bits.
    var roundTripText: String { description }
}

extension Rect {
    /// `x,y,width,height` in round-trip form, for CSV rows.
    var csvFields: String {
        "\(x.roundTripText),\(y.roundTripText),\(width.roundTripText),\(height.roundTripText)"
    }

    /// `"x":…,"y":…,"width":…,"height":…`, for JSON objects.
    var jsonFields: String {
        "\"x\":\(x.roundTripText),\"y\":\(y.roundTripText),\"width\":\(width.roundTripText),\"height\":\(height.roundTripText)"
    }
}

extension OptionReader where Value == Rect {
    /// `x,y,width,height`: four finite numbers, the width and height not negative.
    static var rect: OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = fields.compactMap { Double($0) }
            guard fields.count == 4, numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
                throw InvalidOptionValue("\(name) must be four finite numbers x,y,width,height, got '\(text)'")
            }
            guard numbers[2] >= 0, numbers[3] >= 0 else {
                throw InvalidOptionValue("\(name) width and height must be >= 0, got '\(text)'")
            }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }, describe: \.csvFields)
    }
}
