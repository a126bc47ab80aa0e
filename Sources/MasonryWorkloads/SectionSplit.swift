// How workloads and the verification matrix spread items over sections, as evenly as possible.
/// How the benchmark workloads and the verification matrix spread a number of items over
/// sections: as evenly as possible, the first `items % sections` sections one item longer.
public enum SectionSplit {
    /// The item count of section `section` when `items` items fill `sections` sections.
    public static func itemCount(ofSection section: Int, items: Int, sections: Int) -> Int {
        items / sections + (section < items % sections ? 1 : 0)
    }
}
