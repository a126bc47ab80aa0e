// Tests of SVGText, the SVG writer of the drawings, diagrams and charts.
import MasonrySupport
import Testing

@Suite struct SVGTextTests {
    @Test func textIsEscaped() {
        #expect(SVGText.escape("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    }

    @Test func elementsAreWrittenOnePerLineWithAttributesInNameOrder() {
        var svg = SVGText()
        svg.open("g", ["y": "2", "x": "1"])
        svg.element("rect", ["width": "3"], title: "a & b")
        svg.element("line", [:])
        svg.close("g")
        #expect(svg.text == "<g x=\"1\" y=\"2\">\n<rect width=\"3\"><title>a &amp; b</title></rect>\n<line/>\n</g>\n")
    }
}
