#!/usr/bin/env python3
"""Compares the Python engine with the Swift reference engine, bit for bit.

For every input description (by default: every ``Examples/*.json`` and
``Examples/Scenarios/*.json`` without format v3 fields, every line of
``Tests/Fixtures/format-v1/random-descriptions.jsonl``, and ``--generate N`` seeded random
format v2 descriptions), it runs ``masonry layout FILE --engine reference --format json`` and
compares every frame and the content size; then ``masonry query`` for seeded random rects (closed
and open edges, some with pinned headers); then scenario files with seeded random updates
(``masonry layout SCENARIO``), the refusals included (an update the reference refuses must be
refused at the same index). Numbers are compared as doubles with ``==`` and the sign of zero,
never with a tolerance.

Exit status: 0 no difference, 1 a difference (the first is printed with both values in decimal
and hex bits), 2 bad input or usage. ``--plant`` runs ``planted_fault.py``'s engine instead,
which must fail.
"""

from __future__ import annotations

import argparse
import csv
import glob
import io
import json
import math
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, Iterator, List, Optional, Tuple
# The repository's release build of the tool (`swift build -c release --product masonry`).
DEFAULT_TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "release", "masonry")

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from masonry_engine import LayoutError, MasonryEngine, Rect, UnsupportedFeature, read_description  # noqa: E402


# A query: the rect, "closed" or "open" edges, and whether headers are pinned.
Query = Tuple[Rect, str, bool]


class Difference(Exception):
    """The first difference between the engines: what, where, and both values; ``query`` is the
    query that showed it (None for a layout's difference)."""

    def __init__(self, message: str, query: Optional[Query] = None) -> None:
        super().__init__(message)
        self.query = query


class BadInput(Exception):
    """An input the comparison cannot use (exit 2)."""


# ---------------------------------------------------------------------------------------------
# Bit-for-bit comparison
# ---------------------------------------------------------------------------------------------

def bits(value: float) -> str:
    """A double's IEEE-754 bits in hex."""
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", value))[0]


def same_double(a: float, b: float) -> bool:
    """Equal bits for non-NaN doubles: ``==`` and the same sign (so 0.0 and -0.0 differ)."""
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def check_number(what: str, python: float, reference: Any) -> None:
    reference = float(reference)
    if not same_double(python, reference):
        raise Difference(f"{what}: python {python!r} ({bits(python)}), reference {reference!r} ({bits(reference)})")


def check_frame(what: str, frame: Rect, reference: Dict[str, Any]) -> None:
    for field in ("x", "y", "width", "height"):
        check_number(f"{what}.{field}", getattr(frame, field), reference[field])


# ---------------------------------------------------------------------------------------------
# The reference tool
# ---------------------------------------------------------------------------------------------

class Tool:
    """Runs ``masonry`` (the reference engine) and counts its runs."""

    def __init__(self, path: str) -> None:
        if not os.access(path, os.X_OK):
            raise BadInput(f"the reference tool {path} is not an executable (--tool or MASONRY_TOOL)")
        self.path = path
        self.runs = 0

    def run(self, *arguments: str) -> subprocess.CompletedProcess:
        self.runs += 1
        return subprocess.run([self.path, *arguments, "--engine", "reference"], capture_output=True, text=True)

    def layout(self, file: str) -> Tuple[Optional[Dict[str, Any]], str]:
        """The layout JSON, or None and the error line when the tool refuses the file (exit 2)."""
        result = self.run("layout", file, "--format", "json")
        if result.returncode == 2:
            return None, result.stderr.strip()
        if result.returncode != 0:
            raise BadInput(f"masonry layout {file} exited {result.returncode}: {result.stderr.strip()}")
        return json.loads(result.stdout), ""

    def query(self, file: str, rect: Rect, edges: str, pin_headers: bool) -> List[Dict[str, str]]:
        """The query's elements in the tool's order (CSV keeps headers, items and footers interleaved)."""
        arguments = ["query", file, "--rect", ",".join(repr(float(v)) for v in rect), "--edges", edges, "--format", "csv"]
        if pin_headers:
            arguments.append("--pin-headers")
        result = self.run(*arguments)
        if result.returncode != 0:
            raise BadInput(f"masonry {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
        return list(csv.DictReader(io.StringIO(result.stdout)))


# ---------------------------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------------------------

class Counts:
    def __init__(self) -> None:
        self.descriptions = self.frames = self.queries = self.query_elements = 0
        self.scenarios = self.updates = self.refusals = self.skipped_v3 = 0


def compare_layout(name: str, engine: MasonryEngine, reference: Dict[str, Any], counts: Counts) -> None:
    """Every frame and the content size, bit for bit, and the same elements."""
    width, height = engine.content_size
    check_number(f"{name}: contentSize.width", width, reference["contentSize"]["width"])
    check_number(f"{name}: contentSize.height", height, reference["contentSize"]["height"])
    ours: Dict[str, List[Any]] = {"items": [], "headers": [], "footers": []}
    for element in engine.elements():
        ours[element.kind + "s"].append(element)
    for kind in ("items", "headers", "footers"):
        theirs = reference.get(kind, [])
        if len(ours[kind]) != len(theirs):
            raise Difference(f"{name}: {len(ours[kind])} {kind} in python, {len(theirs)} in the reference")
        for element, expected in zip(ours[kind], theirs):
            where = f"{name}: {kind[:-1]} section {expected['section']}" + (
                f" item {expected['item']}" if "item" in expected else "")
            if element.section != expected["section"] or element.item != expected.get("item"):
                raise Difference(f"{where}: python has section {element.section} item {element.item} there")
            check_frame(where, element.frame, expected)
            counts.frames += 1
    # The lookups answer the same frames as the layout.
    for element in ours["items"]:
        if engine.frame_of_item(element.section, element.item) != element.frame:
            raise Difference(f"{name}: frame_of_item({element.section}, {element.item}) differs from the layout's")
    for element in ours["headers"]:
        if engine.header_frame(element.section) != element.frame:
            raise Difference(f"{name}: header_frame({element.section}) differs from the layout's")
    for element in ours["footers"]:
        if engine.footer_frame(element.section) != element.frame:
            raise Difference(f"{name}: footer_frame({element.section}) differs from the layout's")


def query_rects(engine: MasonryEngine, rng: random.Random, count: int) -> Iterator[Rect]:
    """Seeded rects: random ones over the content (and past it), zero-size ones, and ones whose
    edges lie exactly on an element's edges (where closed and open edges differ)."""
    width, height = engine.content_size
    elements = engine.elements()
    for index in range(count):
        choice = index % 4
        if choice == 1 and elements:
            frame = rng.choice(elements).frame
            yield Rect(frame.x, frame.y + frame.height if rng.random() < 0.5 else frame.y,
                       frame.width if rng.random() < 0.5 else 0.0, rng.choice([0.0, frame.height, 37.5]))
        elif choice == 2 and elements:
            frame = rng.choice(elements).frame
            yield Rect(frame.x + frame.width, frame.y - 1.0, rng.uniform(0, width / 2), frame.height + 1.0)
        elif choice == 3:
            yield Rect(-0.0 if rng.random() < 0.3 else 0.0, rng.choice([-0.0, 0.0, rng.uniform(-50, height)]),
                       width, rng.uniform(0, max(height, 1.0) / 3))
        else:
            x = rng.uniform(-0.1, 1.1) * width
            y = rng.uniform(-0.1, 1.1) * height
            yield Rect(x, y, rng.uniform(0, width), rng.uniform(0, max(height, 1.0) / 2))


def random_queries(engine: MasonryEngine, rng: random.Random, rects: int) -> List[Query]:
    """Seeded rects, each with closed and open edges, 40% of them with pinned headers."""
    return [(rect, edges, rng.random() < 0.4) for rect in query_rects(engine, rng, rects) for edges in ("closed", "open")]


def compare_queries(name: str, file: str, engine: MasonryEngine, tool: Tool, queries: List[Query],
                    counts: Counts) -> None:
    """``masonry query`` against ``elements_in``: the same elements, in the same order, bit for bit."""
    for query in queries:
        rect, edges, pin = query
        theirs = tool.query(file, rect, edges, pin)
        ours = engine.elements_in(rect, edges=edges, pin_headers=pin)
        where = f"{name}: query {tuple(rect)} edges {edges}{' pinned' if pin else ''}"
        try:
            if len(ours) != len(theirs):
                raise Difference(f"{where}: {len(ours)} elements in python, {len(theirs)} in the reference"
                                 + first_missing(ours, theirs))
            for position, (element, row) in enumerate(zip(ours, theirs)):
                item = int(row["item"]) if row["item"] else None
                if (element.kind, element.section, element.item) != (row["kind"], int(row["section"]), item):
                    raise Difference(f"{where}: element {position} is {element.kind} {element.section} {element.item} "
                                     f"in python, {row['kind']} {row['section']} {row['item']} in the reference")
                check_frame(f"{where}: element {position}", element.frame, row)
        except Difference as difference:
            raise Difference(str(difference), query) from None
        counts.queries += 1
        counts.query_elements += len(ours)


def first_missing(ours: List[Any], theirs: List[Dict[str, str]]) -> str:
    mine = {(e.kind, e.section, e.item) for e in ours}
    other = {(r["kind"], int(r["section"]), int(r["item"]) if r["item"] else None) for r in theirs}
    return f" (only python: {sorted(mine - other, key=str)[:3]}, only reference: {sorted(other - mine, key=str)[:3]})"


def compare_description(name: str, document: Any, tool: Tool, rng: random.Random, args: argparse.Namespace,
                        counts: Counts, engine_class: type, queries: Optional[List[Query]] = None) -> bool:
    """One description: accepted or refused alike, then layout and queries; whether it was accepted."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(document, file)
    try:
        reference, error = tool.layout(file.name)
        try:
            engine = engine_class(read_description(document))
        except UnsupportedFeature:
            raise
        except LayoutError as refusal:
            if reference is not None:
                raise Difference(f"{name}: python refuses it ({refusal}); the reference lays it out")
            counts.refusals += 1
            return False
        if reference is None:
            raise Difference(f"{name}: the reference refuses it ({error}); python lays it out")
        compare_layout(name, engine, reference, counts)
        compare_queries(name, file.name, engine, tool,
                        random_queries(engine, rng, args.rects) if queries is None else queries, counts)
        counts.descriptions += 1
        return True
    finally:
        os.unlink(file.name)


# ---------------------------------------------------------------------------------------------
# Scenarios: updates
# ---------------------------------------------------------------------------------------------

def compare_scenario(name: str, scenario: Dict[str, Any], tool: Tool, rng: random.Random, counts: Counts,
                     engine_class: type, queries: Optional[List[Query]] = None) -> None:
    """A scenario file laid out by both: the same layout after the updates, or the same refused
    update (then the layout before it is compared too)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(scenario, file)
    try:
        reference, error = tool.layout(file.name)
        try:
            engine = engine_class.from_scenario(scenario)
            refusal = None
        except UnsupportedFeature:
            raise
        except LayoutError as refused:
            engine, refusal = None, refused
        if reference is None:
            match = re.search(r"updates\[(\d+)\]", error)
            if match is None:
                raise BadInput(f"{name}: the reference refuses the scenario's description: {error}")
            if refusal is None:
                raise Difference(f"{name}: the reference refuses {match.group(0)} ({error}); python applies it")
            if refusal.path != match.group(0):
                raise Difference(f"{name}: the reference refuses {match.group(0)} ({error}); python {refusal}")
            counts.refusals += 1
            index = int(match.group(1))
            prefix = dict(scenario, updates=scenario["updates"][:index])
            compare_scenario(f"{name} (its first {index} updates)", prefix, tool, rng, counts, engine_class, queries)
            return
        if refusal is not None:
            raise Difference(f"{name}: python refuses {refusal}; the reference applies every update")
        compare_layout(name, engine, reference, counts)
        if queries is None:
            queries = scenario_queries(scenario) + random_queries(engine, rng, 1)[:1]
        compare_queries(name, file.name, engine, tool, queries, counts)
        counts.scenarios += 1
        counts.updates += len(scenario["updates"])
    finally:
        os.unlink(file.name)


def scenario_queries(scenario: Dict[str, Any]) -> List[Query]:
    """A scenario file's own ``queries`` (ScenarioFiles.md): ``[x, y, width, height]`` or
    ``{"rect": [...], "edges": ..., "pinHeaders": ...}``; a fuzz reproducer's are the rects
    that found its bug."""
    queries: List[Query] = []
    for query in scenario.get("queries", []):
        if isinstance(query, list):
            queries.append((Rect(*map(float, query)), "closed", False))
        else:
            queries.append((Rect(*map(float, query["rect"])), query.get("edges", "closed"), bool(query.get("pinHeaders", False))))
    return queries


def random_updates(rng: random.Random, document: Dict[str, Any], count: int) -> List[Dict[str, Any]]:
    """Seeded updates for a description: mostly ones it can take, some out of range (refused)."""
    sections = [len(s["itemHeights"]) for s in document["sections"]]
    continue_columns = document.get("sectionStart") == "continueColumns"
    updates: List[Dict[str, Any]] = []
    for _ in range(count):
        kind = rng.choice(["appendItems", "setItemHeights", "insertItems", "deleteItems", "insertSection",
                           "deleteSection", "setWidth", "appendItems", "setItemHeights", "deleteItems"])
        wild = rng.random() < 0.06  # an index the layout does not have
        if kind in ("insertSection",) or not sections:
            at = rng.randint(0, len(sections) + (1 if wild else 0))
            template = rng.choice(document["sections"]) if document["sections"] else None
            section = random_section(rng, document, continue_columns, template)
            updates.append({"insertSection": {"at": at, "section": section}})
            if at <= len(sections):
                sections.insert(at, len(section["itemHeights"]))
            continue
        s = rng.randrange(len(sections)) if not wild else len(sections) + rng.randint(0, 2)
        items = sections[s] if s < len(sections) else 0
        heights = [random_height(rng) for _ in range(rng.randint(0, 6))]
        spans = [random_span(rng) for _ in heights] if rng.random() < 0.4 else None
        if kind == "appendItems":
            body: Dict[str, Any] = {"section": s, "heights": heights}
            if s < len(sections):
                sections[s] += len(heights)
        elif kind == "setItemHeights":
            start = rng.randint(0, items) + (rng.randint(1, 3) if wild else 0)
            heights = heights[:max(0, items - start)] if not wild else heights
            spans = spans[:len(heights)] if spans is not None else None
            body = {"section": s, "startingAt": start, "heights": heights}
        elif kind == "insertItems":
            at = rng.randint(0, items) + (1 if wild else 0)
            body = {"section": s, "at": at, "heights": heights}
            if s < len(sections) and not wild:
                sections[s] += len(heights)
        elif kind == "deleteItems":
            start = rng.randint(0, items)
            end = rng.randint(start, items) + (1 if wild else 0)
            updates.append({"deleteItems": {"section": s, "start": start, "end": end}})
            if s < len(sections) and not wild:
                sections[s] -= end - start
            continue
        elif kind == "deleteSection":
            updates.append({"deleteSection": {"at": s}})
            if s < len(sections):
                del sections[s]
            continue
        else:
            updates.append({"setWidth": {"width": random_width(rng)}})
            continue
        if spans is not None:
            body["spans"] = spans
        updates.append({kind: body})
    return updates


# ---------------------------------------------------------------------------------------------
# Random format v2 descriptions
# ---------------------------------------------------------------------------------------------

def random_height(rng: random.Random) -> float:
    """Heights on a quarter-point grid mostly, with zeros, repeats (ties), odd doubles and extremes."""
    choice = rng.random()
    if choice < 0.45:
        return rng.randint(0, 1600) / 4
    if choice < 0.55:
        return 0.0
    if choice < 0.7:
        return rng.choice([50.0, 100.0, 120.5])  # equal heights: ties
    if choice < 0.9:
        return rng.uniform(0, 500)
    return rng.choice([5e-324, 1e-300, 0.1, 1.0 / 3.0, 1e9 + 0.1, 123456789.125, 1e12, -0.0])


def random_span(rng: random.Random) -> Any:
    return rng.choice([1, 1, 1, 2, 2, 3, 4, 7, 80, "full", 2.0])


def random_width(rng: random.Random) -> float:
    return rng.choice([320, 375, 390, 414, 768, 834, 1024, 1366, rng.uniform(40, 2400),
                       rng.randint(100, 4000) / 4, 333.3333333333333, 1e6 + 0.5])


def random_section(rng: random.Random, document: Dict[str, Any], continue_columns: bool,
                   template: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    """A random section; with ``continueColumns`` the template's column rule and no header or footer."""
    section: Dict[str, Any] = {}
    many = rng.random() < 0.15
    if continue_columns and template is not None:
        for key in ("columns", "minColumnWidth", "maxColumns", "inset", "columnSpacing"):
            if key in template:
                section[key] = template[key]
    else:
        if rng.random() < 0.3:
            section["minColumnWidth"] = rng.choice([40, 80, 120.5, 180, rng.uniform(5, 400)])
            if rng.random() < 0.5:
                section["maxColumns"] = rng.choice([1, 2, 3, 4, 8, 2.0])
        else:
            section["columns"] = rng.choice([1, 2, 2, 3, 3, 4, 5, 7, 12, 33, 70, 3.0]) if not many else rng.randint(1, 70)
        if rng.random() < 0.6:
            inset = {}
            for edge in ("top", "left", "bottom", "right"):
                if rng.random() < 0.7:
                    inset[edge] = rng.choice([0, 4, 8, 12.5, 16, rng.uniform(0, 30), -0.0])
            section["inset"] = inset
        if rng.random() < 0.6:
            section["columnSpacing"] = rng.choice([0, 2, 6, 8, 10, 0.5, rng.uniform(0, 12)])
    if rng.random() < 0.6:
        section["itemSpacing"] = rng.choice([0, 2, 6, 8, 10, 0.25, rng.uniform(0, 12)])
    if not continue_columns:
        if rng.random() < 0.4:
            section["headerHeight"] = rng.choice([0, 20, 44, 2.625, rng.uniform(0, 80)])
        if rng.random() < 0.3:
            section["footerHeight"] = rng.choice([0, 20, 30, 6.0, rng.uniform(0, 50)])
    count = rng.choice([0, 1, 3, 8, 20, 40, rng.randint(0, 120)])
    heights = [random_height(rng) for _ in range(count)]
    if rng.random() < 0.15:
        heights = [rng.choice([0.0, 100.0])] * count  # every item tied
    section["itemHeights"] = heights
    if rng.random() < 0.35:
        section["itemSpans"] = [random_span(rng) for _ in heights]
    return section


def random_description(rng: random.Random) -> Dict[str, Any]:
    """A random format v2 description exercising every v2 field."""
    document: Dict[str, Any] = {"width": random_width(rng)}
    options = {"axis": ["vertical", "horizontal"], "direction": ["leftToRight", "rightToLeft"],
               "placement": ["shortestColumn", "roundRobin"], "tieBreak": ["lowestIndex", "highestIndex"],
               "sectionStart": ["belowLongestColumn", "continueColumns"],
               "columnWidthRounding": ["none", "nearest", "floor"]}
    for key, values in options.items():
        if rng.random() < 0.6:
            document[key] = rng.choice(values)
    if rng.random() < 0.4:
        document["displayScale"] = rng.choice([1, 2, 3, 1.5, 2.0, rng.uniform(0.5, 4)])
    continue_columns = document.get("sectionStart") == "continueColumns"
    if not continue_columns and rng.random() < 0.3:
        document["trailingItemSpacing"] = rng.choice(["include", "exclude"])
    section_count = rng.choice([0, 1, 1, 2, 3, 5, 8, 30]) if rng.random() > 0.02 else 0
    sections: List[Dict[str, Any]] = []
    for _ in range(section_count):
        sections.append(random_section(rng, document, continue_columns, sections[0] if sections else None))
    document["sections"] = sections
    return document


# ---------------------------------------------------------------------------------------------
# Shrinking a difference to a small reproducer
# ---------------------------------------------------------------------------------------------

def fails(case: Any, tool: Tool, args: argparse.Namespace, engine_class: type, query: Optional[Query]) -> bool:
    """Whether the engines differ on ``case`` (a description or a scenario): its layout, and
    ``query`` when the difference was a query's."""
    try:
        fails_with(case, tool, args, engine_class, query)
    except Difference:
        return True
    except (LayoutError, BadInput):
        return False
    return False


def smaller_cases(case: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
    """Each a little smaller than ``case``: an update, a section, half or one of a section's
    items, or an optional field left out."""
    if "description" in case:
        for index in range(len(case["updates"])):
            yield dict(case, updates=case["updates"][:index] + case["updates"][index + 1:])
        for smaller in smaller_cases(case["description"]):
            yield dict(case, description=smaller)
        return
    sections = case["sections"]
    for index in range(len(sections)):
        yield dict(case, sections=sections[:index] + sections[index + 1:])
    for index, section in enumerate(sections):
        count = len(section["itemHeights"])
        cuts = [(count // 2, count)] + [(item, item + 1) for item in range(count)] if count else []
        for start, end in cuts:
            smaller = dict(section, itemHeights=section["itemHeights"][:start] + section["itemHeights"][end:])
            if "itemSpans" in section:
                smaller["itemSpans"] = section["itemSpans"][:start] + section["itemSpans"][end:]
            yield dict(case, sections=sections[:index] + [smaller] + sections[index + 1:])
        for key in ("itemSpans", "inset", "columnSpacing", "itemSpacing", "headerHeight", "footerHeight", "maxColumns"):
            if key in section:
                yield dict(case, sections=sections[:index] + [{k: v for k, v in section.items() if k != key}]
                           + sections[index + 1:])
    for key in ("axis", "direction", "placement", "tieBreak", "columnWidthRounding", "displayScale", "trailingItemSpacing"):
        if key in case:
            yield {k: v for k, v in case.items() if k != key}


def fails_with(case: Any, tool: Tool, args: argparse.Namespace, engine_class: type, query: Optional[Query]) -> None:
    """Compares ``case``'s layout and ``query`` (if any) again, raising their Difference."""
    queries = [query] if query is not None else []
    if isinstance(case, dict) and "description" in case:
        compare_scenario("reproducer", case, tool, random.Random(0), Counts(), engine_class, queries)
    else:
        compare_description("reproducer", case, tool, random.Random(0), args, Counts(), engine_class, queries)


def shrink(case: Any, tool: Tool, args: argparse.Namespace, engine_class: type, query: Optional[Query]) -> Optional[Any]:
    """The smallest case found that still differs (greedy, one step at a time), or None when it
    cannot be shrunk (the difference does not show again)."""
    if not isinstance(case, dict) or not fails(case, tool, args, engine_class, query):
        return None
    progress = True
    while progress:
        progress = False
        for smaller in smaller_cases(case):
            if fails(smaller, tool, args, engine_class, query):
                case, progress = smaller, True
                break
    return case


# ---------------------------------------------------------------------------------------------
# Inputs and the run
# ---------------------------------------------------------------------------------------------

def default_inputs() -> Iterator[Tuple[str, Any]]:
    """Examples/*.json, Examples/Scenarios/*.json, the fuzz reproducers (scenario files the tool
    wrote) and the format v1 fixture's lines."""
    for path in sorted(glob.glob(os.path.join(REPOSITORY, "Examples", "*.json")))  \
            + sorted(glob.glob(os.path.join(REPOSITORY, "Examples", "Scenarios", "*.json"))) \
            + sorted(glob.glob(os.path.join(REPOSITORY, "Tests", "Fixtures", "fuzz-reproducers", "*.json"))):
        with open(path, encoding="utf-8") as file:
            yield os.path.relpath(path, REPOSITORY), json.load(file)
    fixture = os.path.join(REPOSITORY, "Tests", "Fixtures", "format-v1", "random-descriptions.jsonl")
    with open(fixture, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if line.strip():
                yield f"{os.path.relpath(fixture, REPOSITORY)}:{number}", json.loads(line)


def edge_cases() -> Iterator[Tuple[str, Any]]:
    """Hand-picked descriptions at the format's edges: limits, rounding ties of both parities,
    negative x from rounding, subnormal heights, the 1024-column cap, spans past the count, and
    descriptions the format refuses (which both must refuse)."""
    s = {"itemHeights": [10, 0, 5e-324, 1e15, 0.1, 0.2, 0.30000000000000004]}
    cases: List[Dict[str, Any]] = [
        {"width": 1e15, "sections": [dict(s, columns=1024)]},
        {"width": 1e15, "sections": [dict(s, minColumnWidth=5e-324)]},  # the quotient is +inf: capped at 1024
        {"width": 100, "sections": [dict(s, minColumnWidth=1e15, inset={"left": 40, "right": 40})]},
        {"width": 100, "sections": [dict(s, minColumnWidth=10, inset={"left": 60, "right": 60})]},  # no room: refused
        {"width": 5e-324, "sections": [dict(s, columns=1)]},
        {"width": 389, "columnWidthRounding": "nearest", "sections": [dict(s, columns=2)]},  # 194.5: to 195
        {"width": 391, "columnWidthRounding": "nearest", "sections": [dict(s, columns=2)]},  # 195.5: to 196
        {"width": 389, "columnWidthRounding": "nearest", "direction": "rightToLeft", "sections": [dict(s, columns=2)]},
        {"width": 100, "columnWidthRounding": "nearest", "displayScale": 3, "sections": [dict(s, columns=3)]},
        {"width": 100, "columnWidthRounding": "floor", "displayScale": 3, "sections": [dict(s, columns=3)]},
        {"width": 100, "columnWidthRounding": "floor", "displayScale": 1e15, "sections": [dict(s, columns=7)]},
        {"width": 0.4, "columnWidthRounding": "nearest", "sections": [dict(s, columns=1)]},  # rounds to 0: refused
        {"width": 10, "columnWidthRounding": "nearest", "direction": "rightToLeft",
         "sections": [dict(s, columns=4, columnSpacing=0.3)]},  # nearest widens: x < 0
        {"width": 390, "sections": [dict(s, columns=3, itemSpans=[2**62, "full", 3.0, 1, 2, 9e15, 1])]},
        {"width": 390, "sections": [dict(s, columns=3, itemSpans=[2**63, 1, 1, 1, 1, 1, 1])]},  # not an Int: refused
        {"width": 390, "sections": [dict(s, columns=3, itemSpans=[0, 1, 1, 1, 1, 1, 1])]},  # refused
        {"width": 390, "sections": [dict(s, columns=2.5)]},  # refused
        {"width": 390, "sections": [dict(s, columns=1025)]},  # refused
        {"width": 390, "sections": [dict(s, columns=2, maxColumns=1)]},  # refused
        {"width": 390, "sections": [dict(s, minColumnWidth=50, maxColumns=0)]},  # refused
        {"width": 390, "sections": [dict(s, minColumnWidth=50, maxColumns=1e20)]},  # not an Int: refused
        {"width": 390, "sections": [dict(s, minColumnWidth=50, maxColumns=2**53 + 1)]},  # read as 2^53
        {"width": 390, "sections": [dict(s, columns=2, itemHeights=[1e15 * 1.0000001])]},  # refused
        {"width": 390, "sections": [dict(s, columns=2, itemSpans=[1])]},  # too few spans: refused
        {"width": 390, "sectionStart": "continueColumns", "trailingItemSpacing": "exclude",
         "sections": [dict(s, columns=2)]},  # refused
        {"width": 390, "sectionStart": "continueColumns", "sections": [dict(s, columns=2, headerHeight=1)]},  # refused
        {"width": 390, "sectionStart": "continueColumns", "sections": [dict(s, columns=2), dict(s, columns=3)]},
        {"width": 390, "sectionStart": "continueColumns", "placement": "roundRobin",
         "sections": [dict(s, columns=3, inset={"top": 12.5, "bottom": 7}), dict(s, columns=3, itemSpans=[2] * 7)]},
        {"width": 390, "trailingItemSpacing": "exclude",
         "sections": [dict(s, columns=5, itemSpacing=8, inset={"bottom": 3}), {"columns": 4, "itemHeights": []}]},
        {"width": 390, "axis": "horizontal", "direction": "rightToLeft", "sections": [dict(s, columns=3, headerHeight=9, footerHeight=4)]},
        {"width": 390, "sections": []},
        {"width": 390, "axis": "horizontal", "sections": []},
        {"width": -0.0, "sections": []},  # refused
        {"width": 390, "displayScale": 0, "sections": []},  # refused
        {"width": 390, "sections": [dict(s, columns=2, inset={"top": -0.0, "left": -0.0}, columnSpacing=-0.0,
                                          itemHeights=[-0.0, 1, -0.0])]},
    ]
    for number, case in enumerate(cases):
        yield f"edge case #{number}", case


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*", help="descriptions or scenario files (default: the repository's)")
    parser.add_argument("--tool", default=os.environ.get("MASONRY_TOOL", DEFAULT_TOOL),
                        help="the masonry tool (default: $MASONRY_TOOL or the repository's .build/release/masonry)")
    parser.add_argument("--generate", type=int, default=300, help="random descriptions to generate (default 300)")
    parser.add_argument("--scenarios", type=int, default=2, help="update scenarios per description (default 2)")
    parser.add_argument("--rects", type=int, default=4, help="query rects per description, each for both edges (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (default 1)")
    parser.add_argument("--plant", nargs="?", const="ties", metavar="NAME",
                        help="compare planted_fault.py's engine with fault NAME (default ties; must fail)")
    parser.add_argument("--no-shrink", dest="shrink", action="store_false",
                        help="on a difference, do not shrink the input to a small reproducer")
    args = parser.parse_args()
    engine_class: type = MasonryEngine
    if args.plant:
        import planted_fault
        try:
            engine_class = planted_fault.planted_engine(args.plant)
        except KeyError as error:
            print(f"bad input: {error.args[0]}", file=sys.stderr)
            return 2
        print(f"planted fault: {args.plant}")
    started = time.monotonic()
    counts = Counts()
    rng = random.Random(args.seed)
    try:
        tool = Tool(args.tool)
        inputs: List[Tuple[str, Any]] = []
        if args.inputs:
            for path in args.inputs:
                with open(path, encoding="utf-8") as file:
                    inputs.append((path, json.load(file)))
        else:
            inputs.extend(default_inputs())
            inputs.extend(edge_cases())
        inputs.extend((f"generated #{n} (seed {args.seed})", random_description(rng)) for n in range(args.generate))
        for name, document in inputs:
            scenario = isinstance(document, dict) and "description" in document
            case = document
            if isinstance(document, list):
                counts.skipped_v3 += 1
                print(f"skipped {name}: a scenario array (several prepares) is not implemented")
                continue
            try:
                if scenario:
                    compare_scenario(name, document, tool, rng, counts, engine_class)
                    continue
                accepted = compare_description(name, document, tool, rng, args, counts, engine_class)
                for number in range(args.scenarios if accepted else 0):
                    case = {"description": document, "updates": random_updates(rng, document, rng.randint(1, 8))}
                    compare_scenario(f"{name}, scenario {number}", case, tool, rng, counts, engine_class)
            except UnsupportedFeature as unsupported:
                counts.skipped_v3 += 1
                print(f"skipped {name}: {unsupported}")
    except Difference as difference:
        print(f"DIFFERENCE: {difference}")
        report(counts, tool.runs, started)
        if args.shrink:
            reproducer = shrink(case, tool, args, engine_class, difference.query)
            if reproducer is None:
                print("(it does not show again: the input above is the reproducer)")
            else:
                print("reproducer (shrunk; `masonry layout` takes it as it is):")
                print(json.dumps(reproducer))
                if difference.query is not None:
                    rect, edges, pin = difference.query
                    print(f"  with masonry query FILE --rect {','.join(repr(float(v)) for v in rect)} --edges {edges}"
                          + (" --pin-headers" if pin else ""))
                try:
                    fails_with(reproducer, tool, args, engine_class, difference.query)
                except Difference as small:
                    print(f"  which shows: {small}")
        return 1
    except (BadInput, OSError, json.JSONDecodeError) as error:
        print(f"bad input: {error}", file=sys.stderr)
        return 2
    report(counts, tool.runs, started)
    print("no difference: bit for bit equal")
    return 0


def report(counts: Counts, runs: int, started: float) -> None:
    print(f"descriptions compared: {counts.descriptions} ({counts.skipped_v3} skipped: format v3 or unsupported), "
          f"frames: {counts.frames}, queries: {counts.queries} ({counts.query_elements} elements), "
          f"scenarios: {counts.scenarios} ({counts.updates} updates), refusals matched: {counts.refusals}; "
          f"{runs} tool runs, {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    sys.exit(main())
