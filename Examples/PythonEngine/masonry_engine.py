"""A Masonry layout engine for format v2 descriptions, written from the specification.

An example of an engine in another language than Swift: it reads a layout description
(``Sources/MasonryLayout/MasonryLayout.docc/LayoutFormat.md``, format v2 and v1), lays it out
with the floating-point operations of ``LayoutArithmetic.md`` in the order given there, answers
rect queries as ``Queries.md`` says, and applies the updates of ``ScenarioFiles.md``. Python's
floats are IEEE-754 doubles, so the same operations in the same order give the same bits as the
Swift reference engine (``Sources/MasonryLayout/Reference/ReferenceLayoutEngine.swift``);
``compare_with_reference.py`` checks that they do.

Format v3's fields (unmeasured items, ``remeasure``, ``scrollOrigin``, ``flowTolerance``,
``maxColumnWidth``, ``columnAlignment: "center"``, ``columnCountTolerance``, ``stamps``,
``columnWeights``) raise ``UnsupportedFeature``, naming the field. A v3 field given at the value
that means format v2's behaviour (``"unmeasuredItems": "estimated"``, ``"remeasure": "reflow"``,
``"scrollOrigin": "start"``, ``"columnAlignment": "leading"``) is accepted, since the tool
writes them out in every description it saves.

Standard library only; Python 3.9 or later. Usage::

    engine = MasonryEngine.from_json(open("Examples/sections-with-headers.json").read())
    engine.content_size                   # (width, height)
    engine.frame_of_item(0, 3)            # Rect(x=..., y=..., width=..., height=...)
    engine.elements_in(Rect(0, 0, 390, 200), edges="open", pin_headers=True)
    engine.apply({"appendItems": {"section": 0, "heights": [40, 50]}})
"""

from __future__ import annotations

import copy
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

# LayoutFormat.md, "Limits": every length at most 1e15, at most 1024 columns.
MAXIMUM_LENGTH = 1e15
MAXIMUM_COLUMNS = 1024
MAXIMUM_ITEMS_PER_SECTION = 2**32 - 1
# Swift's Int is 64 bits: `Int(exactly:)` accepts integral values in [-2^63, 2^63).
_INT64_RANGE = (-(2.0**63), 2.0**63)


class LayoutError(ValueError):
    """A description or update the format refuses (the reference tool exits 2 for it).

    ``path`` names the field, as the reference's messages do (``sections[1].columns``).
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class UnsupportedFeature(LayoutError):
    """A format v3 feature this engine does not implement; ``path`` names the field, and
    ``feature`` the engine protocol's name for it (EngineProtocol.md, "Features"): the field's
    own name, or ``estimatedItemHeight`` for a ``null`` height."""

    def __init__(self, path: str, message: str, feature: Optional[str] = None) -> None:
        super().__init__(path, message)
        self.feature = feature or re.sub(r"\[[0-9]+\]$", "", path.rsplit(".", 1)[-1])


class Rect(NamedTuple):
    """An axis-aligned rectangle (Rect.swift); also used for frames."""

    x: float
    y: float
    width: float
    height: float

    @property
    def max_x(self) -> float:
        """``x + width``, the one addition every engine uses for the right edge."""
        return self.x + self.width

    @property
    def max_y(self) -> float:
        """``y + height``, the one addition every engine uses for the bottom edge."""
        return self.y + self.height

    def transposed(self) -> "Rect":
        """x and y, width and height swapped: a horizontal layout's frame (exact)."""
        return Rect(self.y, self.x, self.height, self.width)

    def intersects(self, other: "Rect", edges: str = "closed") -> bool:
        """Queries.md, "Edges": closed intervals (touching counts) or open (strict)."""
        if edges == "closed":
            return (self.x <= other.max_x and other.x <= self.max_x
                    and self.y <= other.max_y and other.y <= self.max_y)
        return (self.x < other.max_x and other.x < self.max_x
                and self.y < other.max_y and other.y < self.max_y)


@dataclass
class Element:
    """A laid-out element: ``kind`` is "header", "item" or "footer"; ``item`` None for the others."""

    kind: str
    section: int
    item: Optional[int]
    frame: Rect


Span = Union[int, str]  # a column count >= 1, or "full"


@dataclass
class Section:
    """One section of a checked description (SectionDescription.swift), lengths as floats."""

    fixed_columns: Optional[int]  # `columns`, or None for an adaptive section
    min_column_width: Optional[float]
    max_columns: Optional[int]
    inset_top: float
    inset_left: float
    inset_bottom: float
    inset_right: float
    column_spacing: float
    item_spacing: float
    header_height: float
    footer_height: float
    item_heights: List[float]
    item_spans: Optional[List[Span]]  # None: every item covers one column
    columns: int = 0  # resolved for the description's width


@dataclass
class Description:
    """A checked format v2 description (LayoutDescription.swift)."""

    width: float
    axis: str
    direction: str
    placement: str
    tie_break: str
    section_start: str
    column_width_rounding: str
    display_scale: float
    trailing_item_spacing: str
    sections: List[Section]


# ---------------------------------------------------------------------------------------------
# Swift's semantics where Python's differ
# ---------------------------------------------------------------------------------------------

def swift_min(x: float, y: float) -> float:
    """Swift's ``min(x, y)``: ``y < x ? y : x`` (x on ties, so ``min(0.0, -0.0)`` is 0.0)."""
    return y if y < x else x


def swift_max(x: float, y: float) -> float:
    """Swift's ``max(x, y)``: ``y >= x ? y : x`` (y on ties; Python's ``max`` keeps x)."""
    return y if y >= x else x


def rounded_to_nearest(value: float) -> float:
    """Swift's ``.rounded()``: to nearest, ties away from zero (Python's ``round`` is banker's).

    ``value - floor(value)`` is exact for every double, so the comparison with 0.5 is exact.
    """
    if value != value or math.isinf(value):
        return value
    magnitude = abs(value)
    down = float(math.floor(magnitude))
    result = down + 1.0 if magnitude - down >= 0.5 else down
    return math.copysign(result, value)


def rounded_down(value: float) -> float:
    """Swift's ``.rounded(.down)``: toward minus infinity, as a double."""
    if value != value or math.isinf(value):
        return value
    return value if value == 0 else float(math.floor(value))  # keeps -0.0, as Swift does


def without_negative_zero(value: float) -> float:
    """LayoutFormat.md, "Limits": a length of -0 is read as 0."""
    return 0.0 if value == 0 else value


# ---------------------------------------------------------------------------------------------
# LayoutArithmetic.md: the operations, in order
# ---------------------------------------------------------------------------------------------

def adaptive_column_count(width: float, section: Section) -> int:
    """LayoutArithmetic.md, "Column count": ``min(maxColumns, max(1, Int(floor(quotient))))``,
    ``quotient = (((width - left) - right) + columnSpacing) / (minColumnWidth + columnSpacing)``,
    clamped to 1...1024 as a double before the conversion."""
    available = ((width - section.inset_left) - section.inset_right) + section.column_spacing
    stride = section.min_column_width + section.column_spacing
    fitting = rounded_down(available / stride)
    count = int(swift_min(swift_max(fitting, 1.0), float(MAXIMUM_COLUMNS)))
    return min(count, section.max_columns) if section.max_columns is not None else count


def column_width(description: Description, section: Section) -> float:
    """LayoutArithmetic.md, "columnWidth": ``(((width - left) - right) - columnSpacing *
    Double(columns - 1)) / Double(columns)``, then rounded to the pixel grid if asked."""
    available = ((description.width - section.inset_left) - section.inset_right) \
        - section.column_spacing * float(section.columns - 1)
    exact = available / float(section.columns)
    scale = description.display_scale
    if description.column_width_rounding == "nearest":
        return rounded_to_nearest(exact * scale) / scale
    if description.column_width_rounding == "floor":
        return rounded_down(exact * scale) / scale
    return exact


class SectionGeometry:
    """LayoutArithmetic.md, "Column c's x" and "An item covers k columns": where each column is
    and how wide a spanning item is (SectionGeometry in LayoutArithmetic.swift)."""

    def __init__(self, description: Description, section: Section) -> None:
        self.column_width = column_width(description, section)
        self.column_spacing = section.column_spacing
        step = self.column_width + section.column_spacing
        self.right_to_left = description.direction == "rightToLeft"
        if self.right_to_left:
            # ((width - right) - columnWidth) - c * step, written as first + c * (-step): the
            # same bits, since negation is exact and rounding symmetric.
            self.first_column_x = (description.width - section.inset_right) - self.column_width
            self.signed_step = -step
        else:
            self.first_column_x = section.inset_left
            self.signed_step = step

    def x_of_column(self, column: int) -> float:
        """Column ``column``'s x: ``first + Double(c) * (±step)``."""
        return self.first_column_x + float(column) * self.signed_step

    def x_of_span(self, start: int, span: int) -> float:
        """The x of the covered column leftmost on screen (start, or start + k - 1 right to left)."""
        return self.x_of_column(start + span - 1 if self.right_to_left else start)

    def width_of_span(self, span: int) -> float:
        """``columnWidth`` for one column, else ``columnWidth * k + columnSpacing * (k - 1)``."""
        if span == 1:
            return self.column_width
        return self.column_width * float(span) + self.column_spacing * float(span - 1)


def covered_columns(span: Span, columns: int) -> int:
    """LayoutArithmetic.md, "An item covers k columns": the span clamped to the count."""
    return columns if span == "full" else min(int(span), columns)


def top_of_columns(heights: Sequence[float], start: int, span: int) -> float:
    """The highest of the covered columns' heights (ReferenceLayoutEngine.top: ``>`` in order)."""
    top = heights[start]
    for column in range(start + 1, start + span):
        if heights[column] > top:
            top = heights[column]
    return top


# ---------------------------------------------------------------------------------------------
# Reading and checking a description (LayoutFormat.md; LayoutDescription+Validation.swift)
# ---------------------------------------------------------------------------------------------

_TOP_LEVEL_V2 = {"width", "axis", "direction", "placement", "tieBreak", "sectionStart",
                 "columnWidthRounding", "displayScale", "trailingItemSpacing", "sections"}
# Format v3's fields, with the value that means format v2's behaviour (None: none does).
_TOP_LEVEL_V3 = {"unmeasuredItems": "estimated", "remeasure": "reflow", "scrollOrigin": "start",
                 "flowTolerance": None}
_SECTION_V2 = {"columns", "minColumnWidth", "maxColumns", "inset", "columnSpacing", "itemSpacing",
               "headerHeight", "footerHeight", "itemHeights", "itemSpans"}
_SECTION_V3 = {"estimatedItemHeight": None, "maxColumnWidth": None, "columnAlignment": "leading",
               "columnCountTolerance": None, "stamps": None, "columnWeights": None}
_ENUMERATIONS = {
    "axis": ("vertical", "horizontal"),
    "direction": ("leftToRight", "rightToLeft"),
    "placement": ("shortestColumn", "roundRobin"),
    "tieBreak": ("lowestIndex", "highestIndex"),
    "sectionStart": ("belowLongestColumn", "continueColumns"),
    "columnWidthRounding": ("none", "nearest", "floor"),
    "trailingItemSpacing": ("include", "exclude"),
    "unmeasuredItems": ("estimated", "deferred"),
    "remeasure": ("reflow", "keepColumns"),
    "scrollOrigin": ("start", "end"),
    "columnAlignment": ("leading", "center"),
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(value: Any, path: str) -> float:
    """A JSON number as a double (an integer too large for a double reads as infinity)."""
    if not _is_number(value):
        raise LayoutError(path, f"must be a number, got {type(value).__name__}")
    try:
        return float(value)
    except OverflowError:
        return math.copysign(math.inf, value)


def _integer(value: Any, path: str) -> int:
    """JSONObjectReader.integer: an integral number (``2.0`` reads as 2) that fits Swift's Int."""
    number = _number(value, path)
    if not (math.isfinite(number) and number == math.trunc(number)
            and _INT64_RANGE[0] <= number < _INT64_RANGE[1]):
        raise LayoutError(path, f"must be an integer, got {value}")
    return int(number)


def _length(value: Any, path: str, positive: bool = False) -> float:
    """LayoutDescription.checkLength: finite, >= 0 (or > 0), at most 1e15; -0 reads as 0."""
    number = _number(value, path)
    if not math.isfinite(number):
        raise LayoutError(path, f"must be a finite number, got {number}")
    if not (number > 0 if positive else number >= 0):
        raise LayoutError(path, f"must be {'>' if positive else '>='} 0, got {number}")
    if number > MAXIMUM_LENGTH:
        raise LayoutError(path, f"must be <= {MAXIMUM_LENGTH}, got {number}")
    return without_negative_zero(number)


def _enumeration(fields: Dict[str, Any], key: str, path: str) -> str:
    allowed = _ENUMERATIONS[key]
    value = fields.get(key, allowed[0])
    if not isinstance(value, str) or value not in allowed:
        raise LayoutError(path + key, f"must be one of {allowed}, got {value!r}")
    return value


def _object(value: Any, path: str, allowed: set, v3: Dict[str, Optional[str]]) -> Dict[str, Any]:
    """An object whose fields are all known: unknown ones are refused, format v3 ones raise
    UnsupportedFeature unless given at format v2's value."""
    if not isinstance(value, dict):
        raise LayoutError(path, "must be an object")
    prefix = path + "." if path else ""
    for key in value:
        if key in allowed:
            continue
        if key not in v3:
            raise LayoutError(prefix + key, "is not a field of format v2")
        if v3[key] is None or value[key] != v3[key]:
            if key in _ENUMERATIONS:
                _enumeration(value, key, prefix)  # a misspelt value is refused, not unsupported
            raise UnsupportedFeature(prefix + key, "is format v3, which this engine does not implement")
    return value


def _item_heights(values: Any, path: str, first: int = 0) -> List[float]:
    """Heights of items at ``first...``: lengths (``null``, format v3's unmeasured item, is unsupported)."""
    if not isinstance(values, list):
        raise LayoutError(path, "must be an array")
    if first + len(values) > MAXIMUM_ITEMS_PER_SECTION:
        raise LayoutError(path, "too many items in a section")
    heights = []
    for index, value in enumerate(values):
        if value is None:
            raise UnsupportedFeature(f"{path}[{first + index}]", "null (an unmeasured item) is format v3",
                                     "estimatedItemHeight")
        heights.append(_length(value, f"{path}[{first + index}]"))
    return heights


def _item_spans(values: Any, path: str, first: int = 0) -> List[Span]:
    """``itemSpans``: each an integer >= 1 (``2.0`` reads as 2) or ``"full"``."""
    if not isinstance(values, list):
        raise LayoutError(path, "must be an array")
    spans: List[Span] = []
    for index, value in enumerate(values):
        if value == "full" and isinstance(value, str):
            spans.append("full")
            continue
        if not _is_number(value):
            raise LayoutError(f"{path}[{first + index}]", "must be an integer >= 1 or \"full\"")
        count = _integer(value, f"{path}[{first + index}]")
        if count < 1:
            raise LayoutError(f"{path}[{first + index}]", "must be an integer >= 1 or \"full\"")
        spans.append(count)
    return spans


def read_section(value: Any, path: str) -> Section:
    """A section's fields (LayoutFormat.md, "Each section"), checked alone."""
    fields = _object(value, path, _SECTION_V2, _SECTION_V3)
    has_columns, has_minimum = "columns" in fields, "minColumnWidth" in fields
    if has_columns and has_minimum:
        raise LayoutError(f"{path}.minColumnWidth", "is refused beside columns")
    if not has_columns and not has_minimum:
        raise LayoutError(f"{path}.columns", "is required (or minColumnWidth)")
    fixed = min_width = max_columns = None
    if has_columns:
        if "maxColumns" in fields:
            raise LayoutError(f"{path}.maxColumns", "is refused beside columns")
        fixed = _integer(fields["columns"], f"{path}.columns")
        if not 1 <= fixed <= MAXIMUM_COLUMNS:
            raise LayoutError(f"{path}.columns", f"must be an integer >= 1 and <= {MAXIMUM_COLUMNS}")
    else:
        min_width = _length(fields["minColumnWidth"], f"{path}.minColumnWidth", positive=True)
        if "maxColumns" in fields:
            max_columns = _integer(fields["maxColumns"], f"{path}.maxColumns")
            if max_columns < 1:
                raise LayoutError(f"{path}.maxColumns", "must be an integer >= 1")
    inset = _object(fields.get("inset", {}), f"{path}.inset", {"top", "left", "bottom", "right"}, {})
    if "itemHeights" not in fields:
        raise LayoutError(f"{path}.itemHeights", "is required")
    heights = _item_heights(fields["itemHeights"], f"{path}.itemHeights")
    spans = None
    if "itemSpans" in fields:
        spans = _item_spans(fields["itemSpans"], f"{path}.itemSpans")
        if len(spans) != len(heights):
            raise LayoutError(f"{path}.itemSpans", "must have one entry per item of itemHeights")
    return Section(
        fixed_columns=fixed, min_column_width=min_width, max_columns=max_columns,
        inset_top=_length(inset.get("top", 0), f"{path}.inset.top"),
        inset_left=_length(inset.get("left", 0), f"{path}.inset.left"),
        inset_bottom=_length(inset.get("bottom", 0), f"{path}.inset.bottom"),
        inset_right=_length(inset.get("right", 0), f"{path}.inset.right"),
        column_spacing=_length(fields.get("columnSpacing", 0), f"{path}.columnSpacing"),
        item_spacing=_length(fields.get("itemSpacing", 0), f"{path}.itemSpacing"),
        header_height=_length(fields.get("headerHeight", 0), f"{path}.headerHeight"),
        footer_height=_length(fields.get("footerHeight", 0), f"{path}.footerHeight"),
        item_heights=heights, item_spans=spans, columns=fixed or 0)


def read_description(value: Any) -> Description:
    """A format v2 (or v1) description from parsed JSON, checked (LayoutFormat.md)."""
    fields = _object(value, "", _TOP_LEVEL_V2, _TOP_LEVEL_V3)
    if "width" not in fields:
        raise LayoutError("width", "is required")
    if "sections" not in fields or not isinstance(fields["sections"], list):
        raise LayoutError("sections", "is required, an array")
    description = Description(
        width=_number(fields["width"], "width"),
        axis=_enumeration(fields, "axis", ""),
        direction=_enumeration(fields, "direction", ""),
        placement=_enumeration(fields, "placement", ""),
        tie_break=_enumeration(fields, "tieBreak", ""),
        section_start=_enumeration(fields, "sectionStart", ""),
        column_width_rounding=_enumeration(fields, "columnWidthRounding", ""),
        display_scale=_number(fields.get("displayScale", 1), "displayScale"),
        trailing_item_spacing=_enumeration(fields, "trailingItemSpacing", ""),
        sections=[read_section(section, f"sections[{index}]")
                  for index, section in enumerate(fields["sections"])])
    validate(description)
    return description


def validate(description: Description) -> None:
    """LayoutDescription.validate: the layout-wide checks, then every section in context
    (resolving adaptive column counts for the width)."""
    description.width = _length(description.width, "width", positive=True)
    description.display_scale = _length(description.display_scale, "displayScale", positive=True)
    if description.trailing_item_spacing == "exclude" and description.section_start == "continueColumns":
        raise LayoutError("trailingItemSpacing", "\"exclude\" needs sectionStart \"belowLongestColumn\"")
    for index in range(len(description.sections)):
        validate_section(description, index)


def validate_section(description: Description, index: int) -> None:
    """LayoutDescription.validateSection: the column count resolved (LayoutArithmetic.md,
    "Column count"), room for a column (``columnWidth > 0``), and ``continueColumns``' rules."""
    path = f"sections[{index}]"
    section = description.sections[index]
    if section.fixed_columns is None:
        section.columns = adaptive_column_count(description.width, section)
    else:
        section.columns = section.fixed_columns
    width = column_width(description, section)
    if not width > 0:
        raise LayoutError(path, f"insets and column spacing leave no room for {section.columns} column(s)")
    if description.section_start == "continueColumns":
        if section.header_height != 0 or section.footer_height != 0:
            raise LayoutError(path, "sectionStart \"continueColumns\" allows no headers or footers")
        if section.columns != description.sections[0].columns:
            raise LayoutError(path, "sectionStart \"continueColumns\" needs the same column count in every section")


# ---------------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------------

class MasonryEngine:
    """A masonry layout of one format v2 description: frames, queries and updates.

    Like the reference engine, it lays the whole description out again after every update, and
    keeps one element per header, item and footer in query order (by section: header, items by
    index, footer), in layout coordinates (vertical; a horizontal layout is transposed where
    frames and rects cross the interface).
    """

    def __init__(self, description: Description) -> None:
        self.description = description
        self._elements: List[Element] = []
        self._first_item: List[int] = []  # each section's item 0's index in _elements
        self._extents: List[Tuple[float, float]] = []  # each section's (top, local bottom)
        self._content_height = 0.0
        self._lay_out()

    @classmethod
    def from_json(cls, text: str) -> "MasonryEngine":
        """An engine for a description (format v2 JSON text)."""
        return cls(read_description(json.loads(text)))

    @classmethod
    def from_scenario(cls, scenario: Dict[str, Any]) -> "MasonryEngine":
        """ScenarioFiles.md, "Laying out a scenario": the description laid out, then given its
        updates in order; a refused update raises LayoutError naming ``updates[i]``."""
        engine = cls(read_description(scenario["description"]))
        for index, update in enumerate(scenario.get("updates", [])):
            try:
                engine.apply(update)
            except UnsupportedFeature:
                raise
            except LayoutError as error:
                raise LayoutError(f"updates[{index}]", str(error)) from error
        return engine

    # -- Laying out (LayoutArithmetic.md) ------------------------------------------------------

    def _lay_out(self) -> None:
        """Every element's frame and the content height, from scratch."""
        description = self.description
        below = description.section_start == "belowLongestColumn"
        self._elements, self._first_item, self._extents = [], [], []
        section_top = 0.0  # continueColumns: one coordinate space, every section top 0
        heights: List[float] = []
        position = 0  # round robin's next column
        content_height = 0.0
        for index, section in enumerate(description.sections):
            if below:
                # "belowLongestColumn": columns start below the header and the top inset.
                heights = [section.header_height + section.inset_top] * section.columns
                position = 0
                if section.header_height > 0:
                    self._elements.append(Element("header", index, None, Rect(
                        0.0, section_top, description.width, section.header_height)))
            else:
                # "continueColumns": columns carry over, each grown by the top inset.
                if not heights:
                    heights = [0.0] * section.columns
                heights = [height + section.inset_top for height in heights]
            position, local_bottom = self._lay_out_items(index, section, heights, position, section_top)
            self._extents.append((section_top, local_bottom))
            if below:
                if section.footer_height > 0:
                    self._elements.append(Element("footer", index, None, Rect(
                        0.0, section_top + local_bottom, description.width, section.footer_height)))
                # sectionTop(s + 1) = sectionTop(s) + (localBottom + footerHeight)
                section_top = section_top + (local_bottom + section.footer_height)
                content_height = section_top
            else:
                content_height = local_bottom
        self._content_height = content_height

    def _lay_out_items(self, index: int, section: Section, heights: List[float],
                       position: int, section_top: float) -> Tuple[int, float]:
        """Places section ``index``'s items in ``heights`` (changed in place), returning round
        robin's position and the section's local bottom (where its footer starts)."""
        geometry = SectionGeometry(self.description, section)
        excludes_trailing = self.description.trailing_item_spacing == "exclude"
        ends = list(heights)  # trailingItemSpacing "exclude": each column's last item bottom
        self._first_item.append(len(self._elements))
        for item, item_height in enumerate(section.item_heights):
            span = covered_columns(section.item_spans[item], section.columns) if section.item_spans else 1
            start, position = self.start_column(span, heights, position)
            local_y = top_of_columns(heights, start, span)
            self._elements.append(Element("item", index, item, Rect(
                geometry.x_of_span(start, span), section_top + local_y,
                geometry.width_of_span(span), item_height)))
            # Every covered column becomes y + (height + itemSpacing): one value for all.
            grown = local_y + (item_height + section.item_spacing)
            bottom = local_y + item_height
            for column in range(start, start + span):
                heights[column] = grown
                if excludes_trailing:
                    ends[column] = bottom
        deepest = self._deepest(ends if excludes_trailing else heights)
        return position, deepest + section.inset_bottom

    @staticmethod
    def _deepest(heights: Sequence[float]) -> float:
        """The longest column (Swift's ``Array.max()``: the first of equals)."""
        deepest = heights[0]
        for height in heights[1:]:
            if deepest < height:
                deepest = height
        return deepest

    def start_column(self, span: int, heights: Sequence[float], position: int) -> Tuple[int, int]:
        """LayoutArithmetic.md, "shortestColumn" and "roundRobin": the first column of an item
        covering ``span`` columns, and round robin's next position."""
        if self.description.placement == "roundRobin":
            start = position if position + span <= len(heights) else 0
            return start, (start + span) % len(heights)
        return self.shortest_start(span, heights), position

    def shortest_start(self, span: int, heights: Sequence[float]) -> int:
        """The start whose covered columns' highest height is lowest; ties to the lowest start
        (``lowestIndex``) or the highest (``highestIndex``)."""
        lowest = self.description.tie_break == "lowestIndex"
        best, best_top = 0, top_of_columns(heights, 0, span)
        for start in range(1, len(heights) - span + 1):
            candidate = top_of_columns(heights, start, span)
            if (candidate < best_top) if lowest else (candidate <= best_top):
                best, best_top = start, candidate
        return best

    # -- Answers ---------------------------------------------------------------------------------

    def _on_screen(self, rect: Rect) -> Rect:
        """Layout coordinates to the view's: a horizontal layout is transposed."""
        return rect.transposed() if self.description.axis == "horizontal" else rect

    @property
    def content_size(self) -> Tuple[float, float]:
        """LayoutArithmetic.md, "Content size": ``(width, sectionTop(last) + sectionHeight(last))``
        (transposed for a horizontal layout)."""
        size = (self.description.width, self._content_height)
        return (size[1], size[0]) if self.description.axis == "horizontal" else size

    def elements(self) -> List[Element]:
        """Every element on screen, in query order (by section: header, items, footer)."""
        return [Element(e.kind, e.section, e.item, self._on_screen(e.frame)) for e in self._elements]

    def frame_of_item(self, section: int, item: int) -> Optional[Rect]:
        """An item's frame on screen, or None when it does not exist."""
        if not 0 <= section < len(self._first_item) or item < 0:
            return None
        index = self._first_item[section] + item
        if index >= len(self._elements):
            return None
        element = self._elements[index]
        if element.kind != "item" or element.section != section:
            return None
        return self._on_screen(element.frame)

    def _supplementary(self, kind: str, section: int) -> Optional[Rect]:
        if not 0 <= section < len(self._first_item):
            return None
        index = self._first_item[section] - 1 if kind == "header" \
            else self._first_item[section] + len(self.description.sections[section].item_heights)
        if not 0 <= index < len(self._elements):
            return None
        element = self._elements[index]
        if element.kind != kind or element.section != section:
            return None
        return self._on_screen(element.frame)

    def header_frame(self, section: int) -> Optional[Rect]:
        """A section's header as laid out (never pinned), or None when it has none."""
        return self._supplementary("header", section)

    def footer_frame(self, section: int) -> Optional[Rect]:
        """A section's footer, or None when it has none."""
        return self._supplementary("footer", section)

    def elements_in(self, rect: Rect, edges: str = "closed", pin_headers: bool = False) -> List[Element]:
        """Queries.md: every element whose frame intersects ``rect`` (closed or open edges), in
        query order; with ``pin_headers`` a header is tested (and reported) at ``min(max(r.minY,
        sectionTop), (sectionTop + localBottom) - headerHeight)``. A horizontal layout's rect is
        transposed first, and pinning applies before the transposition."""
        if edges not in ("closed", "open"):
            raise ValueError(f"edges must be 'closed' or 'open', got {edges!r}")
        layout_rect = self._on_screen(Rect(*rect))  # transposition is its own inverse
        hits = []
        for element in self._elements:
            frame = element.frame
            if pin_headers and element.kind == "header":
                top, local_bottom = self._extents[element.section]
                pinned_y = swift_min(swift_max(layout_rect.y, top), (top + local_bottom) - frame.height)
                frame = Rect(frame.x, pinned_y, frame.width, frame.height)
            if frame.intersects(layout_rect, edges):
                hits.append(Element(element.kind, element.section, element.item, self._on_screen(frame)))
        return hits

    # -- Updates (ScenarioFiles.md; LayoutUpdate.swift, LayoutUpdate+JSON.swift) ----------------

    def apply(self, update: Dict[str, Any]) -> None:
        """Applies one update given as its JSON object (``{"appendItems": {...}}``), then lays
        everything out again. A refused update raises LayoutError and changes nothing."""
        self.apply_all([update])

    def apply_all(self, updates: Sequence[Dict[str, Any]]) -> None:
        """Applies ``updates`` in order as one batch, all or nothing (LayoutEngine's
        ``apply(contentsOf:)``), laying out once after the last: the layout of applying them one
        by one, since every layout is from scratch. A refused update raises LayoutError and
        changes nothing."""
        candidate = copy.deepcopy(self.description)
        for update in updates:
            apply_update(candidate, update)
        self.description = candidate
        self._lay_out()


# The fields of each update (LayoutUpdate+JSON.swift); "spans" is optional.
_UPDATE_FIELDS = {"appendItems": {"section", "heights", "spans"},
                  "setItemHeights": {"section", "startingAt", "heights", "spans"},
                  "insertItems": {"section", "at", "heights", "spans"},
                  "deleteItems": {"section", "start", "end"},
                  "insertSection": {"at", "section"},
                  "deleteSection": {"at"},
                  "setWidth": {"width"}}


def apply_update(description: Description, update: Any) -> None:
    """LayoutDescription.apply: checks ``update`` (an object with one field naming it) and
    applies it to ``description`` in place; the caller keeps the original for when it raises."""
    if not isinstance(update, dict) or len(update) != 1:
        raise LayoutError("update", "must be an object with one field naming the update")
    (kind, body), = update.items()
    if kind not in _UPDATE_FIELDS:
        raise LayoutError(kind, "is not an update")
    if not isinstance(body, dict):
        raise LayoutError(kind, "must be an object")
    for key in body:
        if key not in _UPDATE_FIELDS[kind]:
            raise LayoutError(f"{kind}.{key}", "is not a field of this update")
    for key in _UPDATE_FIELDS[kind] - {"spans"}:
        if key not in body:
            raise LayoutError(f"{kind}.{key}", "is required")
    _UPDATES[kind](description, kind, body)


def _apply_item_update(description: Description, kind: str, body: Dict[str, Any]) -> None:
    """``appendItems``, ``setItemHeights`` (items ``startingAt..<startingAt + count`` must exist)
    and ``insertItems`` (``at`` in ``0...count``)."""
    section = _integer(body["section"], f"{kind}.section")
    if isinstance(body["heights"], list) and any(height is None for height in body["heights"]):
        raise UnsupportedFeature(f"{kind}.heights", "null (an unmeasured item) is format v3", "estimatedItemHeight")
    if not isinstance(body["heights"], list):
        raise LayoutError(f"{kind}.heights", "must be an array")
    count = len(body["heights"])
    spans = _item_spans(body["spans"], f"{kind}.spans") if "spans" in body else None
    _check_section(description, section)
    target = description.sections[section]
    if kind == "appendItems":
        lower = upper = len(target.item_heights)
    elif kind == "setItemHeights":
        lower = _integer(body["startingAt"], f"{kind}.startingAt")
        _check_items(target, section, lower, count)
        upper = lower + count
    else:
        lower = upper = _integer(body["at"], f"{kind}.at")
        _check_items(target, section, lower, 0)
    _change_items(target, section, (lower, upper), body["heights"], spans)


def _apply_delete_items(description: Description, kind: str, body: Dict[str, Any]) -> None:
    """``deleteItems``: items ``start..<end`` (``end >= start``) must exist."""
    start, end = _integer(body["start"], "deleteItems.start"), _integer(body["end"], "deleteItems.end")
    if start > end:
        raise LayoutError("deleteItems.end", "must be >= start")
    section = _integer(body["section"], "deleteItems.section")
    _check_section(description, section)
    target = description.sections[section]
    _check_items(target, section, start, end - start)
    del target.item_heights[start:end]
    if target.item_spans is not None:
        del target.item_spans[start:end]


def _apply_insert_section(description: Description, kind: str, body: Dict[str, Any]) -> None:
    """``insertSection`` at ``0...count``, the new section checked in place."""
    new_section = read_section(body["section"], "insertSection.section")
    at = _integer(body["at"], "insertSection.at")
    if not 0 <= at <= len(description.sections):
        raise LayoutError("insertSection.at", f"section index {at} is outside 0...{len(description.sections)}")
    description.sections.insert(at, new_section)
    validate_section(description, at)
    if description.section_start == "continueColumns" and len(description.sections) > 1 and at == 0:
        validate_section(description, 1)  # its columns are compared with the new sections[0]


def _apply_delete_section(description: Description, kind: str, body: Dict[str, Any]) -> None:
    """``deleteSection`` of an existing section."""
    at = _integer(body["at"], "deleteSection.at")
    _check_section(description, at)
    del description.sections[at]


def _apply_set_width(description: Description, kind: str, body: Dict[str, Any]) -> None:
    """``setWidth``: every section checked again, adaptive counts resolved for the new width."""
    description.width = _number(body["width"], "setWidth.width")
    validate(description)


_UPDATES = {"appendItems": _apply_item_update, "setItemHeights": _apply_item_update,
            "insertItems": _apply_item_update, "deleteItems": _apply_delete_items,
            "insertSection": _apply_insert_section, "deleteSection": _apply_delete_section,
            "setWidth": _apply_set_width}


def _check_section(description: Description, section: int) -> None:
    if not 0 <= section < len(description.sections):
        raise LayoutError("section", f"section {section} does not exist (the layout has {len(description.sections)})")


def _check_items(section: Section, index: int, start: int, length: int) -> None:
    """Items ``start..<start + length`` exist (for length 0: ``start`` is a place to insert at)."""
    count = len(section.item_heights)
    if not (start >= 0 and start <= count and length <= count - start):
        raise LayoutError(f"sections[{index}]", f"items from {start}, {length} of them, are outside the section's {count} items")


def _change_items(section: Section, index: int, replaced: Tuple[int, int], heights_value: Any,
                  spans: Optional[List[Span]]) -> None:
    """Replaces items ``replaced`` (empty: inserts) with new heights and, when given, spans. New
    items without spans cover one column; re-measured ones without spans keep theirs."""
    lower, upper = replaced
    first = lower if lower != upper else len(section.item_heights)
    heights = _item_heights(heights_value, f"sections[{index}].itemHeights", first)
    if spans is not None and len(spans) != len(heights):
        raise LayoutError(f"sections[{index}].itemSpans", f"the update gives {len(spans)} spans for {len(heights)} heights")
    if spans is not None or lower == upper:
        if spans is not None or section.item_spans is not None:
            if section.item_spans is None:
                section.item_spans = [1] * len(section.item_heights)
            section.item_spans[lower:upper] = spans if spans is not None else [1] * len(heights)
    section.item_heights[lower:upper] = heights


def layout_json(engine: MasonryEngine) -> Dict[str, Any]:
    """The layout as ``masonry layout --format json`` prints it: contentSize, items, headers, footers."""
    width, height = engine.content_size
    result: Dict[str, Any] = {"contentSize": {"width": width, "height": height},
                              "items": [], "headers": [], "footers": []}
    for element in engine.elements():
        entry: Dict[str, Any] = {"section": element.section}
        if element.item is not None:
            entry["item"] = element.item
        entry.update(element.frame._asdict())
        result[element.kind + "s"].append(entry)
    return result


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 2:
        print("usage: masonry_engine.py DESCRIPTION.json|SCENARIO.json  (prints the layout as JSON)", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as file:
        document = json.load(file)
    try:
        if isinstance(document, dict) and "description" in document:
            layout = MasonryEngine.from_scenario(document)
        else:
            layout = MasonryEngine(read_description(document))
    except LayoutError as error:
        print(f"masonry_engine.py: {sys.argv[1]}: {error}", file=sys.stderr)
        sys.exit(2)
    json.dump(layout_json(layout), sys.stdout)
    print()
