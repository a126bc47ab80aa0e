// An item's frame with the scroll axis as y: the frame itself, or transposed in a horizontal layout.
import MasonryLayout

extension LayoutEngine {
    /// The frame of item `item` of section `section` with the scroll axis as y (transposed in a
    /// horizontal layout), so that one vertical rule serves both axes; nil when there is no such
    /// item. The engine's lookup, plus reading its description's axis.
    func verticalFrame(ofItem item: Int, inSection section: Int) -> Rect? {
        let horizontal = layoutDescription.axis == .horizontal
        return frame(ofItemAt: ItemIndexPath(section: section, item: item)).map { horizontal ? $0.transposed : $0 }
    }
}
