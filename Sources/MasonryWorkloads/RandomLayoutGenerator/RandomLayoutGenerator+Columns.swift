// How the generator draws a section's column count.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// How a section's column count is drawn.
    public enum ColumnChoice: Sendable {
        /// Mostly 2 to 8; 1; now and then 9 to 40, 9, 16 or 17, and 41 to 1024.
        case usual
        /// Past one vector's lanes: 9, 16, 17 and 10 to 40 (80%), or 41 to 1024 (20%).
        case many
        case exactly(Int)
    }

    mutating func columnCount(_ choice: ColumnChoice) -> Int {
        switch choice {
        case .exactly(let columns):
            return columns
        case .many:
            return chance(0.8) ? pick([9, 9, 16, 17, integer(10...40)]) : logUniform(41...1024)
        case .usual:
            switch integer(0...99) {
            case 0..<5: return 1
            case 5..<9: return 9
            case 9..<11: return 16
            case 11..<13: return 17
            case 13..<21: return integer(10...40)
            case 21..<24: return logUniform(41...1024)
            default: return integer(2...8)
            }
        }
    }

    /// A whole number in `range`, each power of two as likely as the next.
    mutating func logUniform(_ range: ClosedRange<Int>) -> Int {
        let low = log2(Double(range.lowerBound)), high = log2(Double(range.upperBound + 1))
        return min(range.upperBound, max(range.lowerBound, Int(exp2(low + generator.unitDouble() * (high - low)))))
    }
}
