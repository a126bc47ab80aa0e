"""Tests of the Python engine: Swift's semantics where Python's differ, the format v3 refusals,
and (when the reference tool is there) a short comparison and the planted fault caught.

    python3 -m unittest test_python_engine      # in Examples/PythonEngine
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import unittest

from masonry_engine import (LayoutError, MasonryEngine, Rect, UnsupportedFeature, read_description,
                            rounded_down, rounded_to_nearest, swift_max, swift_min)

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.environ.get("MASONRY_TOOL", os.path.join(HERE, "..", "..", ".build", "release", "masonry"))


class SwiftSemanticsTests(unittest.TestCase):
    def test_rounded_to_nearest_breaks_ties_away_from_zero(self) -> None:
        self.assertEqual([rounded_to_nearest(v) for v in (194.5, 195.5, 2.5, -2.5, 0.49999999999999994)],
                         [195.0, 196.0, 3.0, -3.0, 0.0])
        self.assertEqual(math.copysign(1.0, rounded_to_nearest(-0.3)), -1.0)

    def test_rounded_down_keeps_negative_zero(self) -> None:
        self.assertEqual(math.copysign(1.0, rounded_down(-0.0)), -1.0)
        self.assertEqual(rounded_down(-0.5), -1.0)

    def test_min_and_max_pick_as_swift_does_on_ties(self) -> None:
        self.assertEqual(math.copysign(1.0, swift_max(-0.0, 0.0)), 1.0)
        self.assertEqual(math.copysign(1.0, swift_min(0.0, -0.0)), 1.0)


class FormatTests(unittest.TestCase):
    def test_format_v3_fields_are_unsupported_and_named(self) -> None:
        for field, value in (("scrollOrigin", "end"), ("flowTolerance", 0), ("remeasure", "keepColumns")):
            with self.assertRaises(UnsupportedFeature) as raised:
                read_description({"width": 100, field: value, "sections": []})
            self.assertEqual(raised.exception.path, field)
        with self.assertRaises(UnsupportedFeature):
            read_description({"width": 100, "sections": [{"columns": 2, "itemHeights": [None], "estimatedItemHeight": 5}]})

    def test_format_v3_fields_at_their_v2_value_are_accepted(self) -> None:
        read_description({"width": 100, "scrollOrigin": "start", "remeasure": "reflow", "unmeasuredItems": "estimated",
                          "sections": [{"columns": 2, "columnAlignment": "leading", "itemHeights": [1]}]})

    def test_refused_update_changes_nothing(self) -> None:
        engine = MasonryEngine(read_description({"width": 100, "sections": [{"columns": 2, "itemHeights": [10, 20]}]}))
        before = engine.elements()
        with self.assertRaises(LayoutError):
            engine.apply({"setItemHeights": {"section": 0, "startingAt": 1, "heights": [5, 6]}})
        self.assertEqual(engine.elements(), before)
        self.assertEqual(engine.elements_in(Rect(50, 10, 0, 0), edges="open"), [])
        self.assertEqual(len(engine.elements_in(Rect(50, 10, 0, 0))), 2)


class EngineServerTests(unittest.TestCase):
    """engine_server.py's answers (EngineProtocol.md), one request at a time."""

    def exchange(self, *requests: object, plant: str = "") -> list:
        lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
        command = [sys.executable, os.path.join(HERE, "engine_server.py")] + (["--planted-fault", plant] if plant else [])
        result = subprocess.run(command, input=lines, capture_output=True, text=True, check=True)
        return [json.loads(line) for line in result.stdout.splitlines()]

    def test_a_session_of_requests(self) -> None:
        description = {"width": 100, "sections": [{"columns": 2, "itemHeights": [10, 20], "headerHeight": 5}]}
        hello, prepared, query, refused, applied, frame, missing, size = self.exchange(
            {"op": "hello", "protocol": 1, "tool": "test"}, {"op": "prepare", "description": description},
            {"op": "query", "rect": [0, 0, 100, 6], "edges": "open", "pinHeaders": True},
            {"op": "apply", "updates": [{"appendItems": {"section": 0, "heights": [7]}}, {"deleteSection": {"at": 3}}]},
            {"op": "apply", "updates": [{"appendItems": {"section": 0, "heights": [7]}}]},
            {"op": "frame", "kind": "item", "section": 0, "item": 2}, {"op": "frame", "kind": "footer", "section": 0},
            {"op": "contentSize"})
        self.assertEqual(hello, {"protocol": 1, "engine": "python-masonry (format v2)", "format": 2, "unsupported": [], "timing": True})
        self.assertTrue(prepared["ok"] and prepared["nanoseconds"] >= 0)
        self.assertEqual(query["elements"], [["header", 0, 0, 0.0, 0.0, 100.0, 5.0], ["item", 0, 0, 0.0, 5.0, 50.0, 10.0],
                                             ["item", 0, 1, 50.0, 5.0, 50.0, 20.0]])
        self.assertIn("refused", refused)  # all or nothing: the append before the refused delete is undone
        self.assertTrue(applied["ok"])
        self.assertEqual(frame, {"frame": [0.0, 15.0, 50.0, 7.0]})
        self.assertEqual(missing, {"frame": None})
        self.assertEqual(size, {"size": [100.0, 25.0]})

    def test_format_v3_is_unsupported_by_feature_and_garbage_is_an_error(self) -> None:
        stamped = {"width": 100, "sections": [{"columns": 2, "itemHeights": [1], "stamps": [{"x": 0, "y": 0, "width": 1, "height": 1}]}]}
        unmeasured = {"width": 100, "sections": [{"columns": 2, "itemHeights": [None], "estimatedItemHeight": 3}]}
        answers = self.exchange({"op": "prepare", "description": stamped}, {"op": "prepare", "description": unmeasured},
                                "not json", {"op": "contentSize"})
        self.assertEqual(answers[:2], [{"unsupported": "stamps"}, {"unsupported": "estimatedItemHeight"}])
        self.assertIn("error", answers[2])
        self.assertEqual(answers[3], {"error": "ProtocolError: no description prepared yet"})

    def test_a_planted_fault_is_served(self) -> None:
        description = {"width": 100, "sections": [{"columns": 2, "itemHeights": [10]}]}
        _, frame = self.exchange({"op": "prepare", "description": description}, {"op": "frame", "kind": "item", "section": 0, "item": 0},
                                 plant="ties")
        self.assertEqual(frame, {"frame": [50.0, 0.0, 50.0, 10.0]})  # the reference puts it in column 0


@unittest.skipUnless(os.access(TOOL, os.X_OK), f"no reference tool at {TOOL} (MASONRY_TOOL)")
class ComparisonTests(unittest.TestCase):
    def compare(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, os.path.join(HERE, "compare_with_reference.py"), "--tool", TOOL, *arguments],
                              capture_output=True, text=True)

    def test_engine_equals_the_reference(self) -> None:
        result = self.compare("--generate", "10", "--scenarios", "1")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_planted_fault_is_caught_with_a_small_reproducer(self) -> None:
        result = self.compare("--plant", "--generate", "0")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn('reproducer (shrunk', result.stdout)
        self.assertIn('{"width": 834, "sections": [{"minColumnWidth": 120, "itemHeights": [120]}]}', result.stdout)


if __name__ == "__main__":
    unittest.main()
