"""The Python engine with ONE planted rule error, to show that the comparison catches it.

The default fault, ``ties``: LayoutArithmetic.md, "shortestColumn" says that among equally short
starts ``tieBreak: "lowestIndex"`` (the default) takes the lowest start; this engine breaks such
ties to the highest start instead, as ``"highestIndex"`` would. Everything else is
``MasonryEngine``'s. Run::

    python3 compare_with_reference.py --plant            # the ties fault
    python3 compare_with_reference.py --plant NAME       # one of PLANTS below

which must report a difference, shrink it to a small reproducer, and exit 1. (The fuzz reproducer
``Tests/Fixtures/fuzz-reproducers/tiesBrokenTheWrongWay.json`` is the ties fault planted in the
Swift optimized engine.) The other faults are the traps a port to another language falls into:

- ``bankers-rounding``: ``columnWidthRounding: "nearest"`` with Python's ``round`` (ties to
  even) where the spec says Swift's ``.rounded()`` (ties away from zero);
- ``python-max``: a pinned header's ``max(r.minY, sectionTop)`` with Python's ``max``, which
  keeps the first of equal values (-0.0 against 0.0) where Swift's keeps the second;
- ``closed-only``: open-edge queries answered with closed edges.
"""

from __future__ import annotations

from typing import Callable, Dict, Sequence

import masonry_engine
from masonry_engine import MasonryEngine, top_of_columns


class PlantedFaultEngine(MasonryEngine):
    """MasonryEngine with shortest-column ties always broken to the highest start."""

    def shortest_start(self, span: int, heights: Sequence[float]) -> int:
        best, best_top = 0, top_of_columns(heights, 0, span)
        for start in range(1, len(heights) - span + 1):
            candidate = top_of_columns(heights, start, span)
            if candidate <= best_top:  # PLANTED: `<` for lowestIndex
                best, best_top = start, candidate
        return best


class ClosedOnlyEngine(MasonryEngine):
    """MasonryEngine whose queries ignore ``edges="open"``."""

    def elements_in(self, rect, edges="closed", pin_headers=False):  # type: ignore[override]
        return super().elements_in(rect, "closed", pin_headers)  # PLANTED: edges ignored


def _bankers_rounding() -> type:
    masonry_engine.rounded_to_nearest = lambda value: float(round(value))  # PLANTED: ties to even
    return MasonryEngine


def _python_max() -> type:
    masonry_engine.swift_max = max  # PLANTED: max(-0.0, 0.0) is -0.0 in Python, 0.0 in Swift
    return MasonryEngine


PLANTS: Dict[str, Callable[[], type]] = {
    "ties": lambda: PlantedFaultEngine,
    "bankers-rounding": _bankers_rounding,
    "python-max": _python_max,
    "closed-only": lambda: ClosedOnlyEngine,
}


def planted_engine(name: str) -> type:
    """The engine class with the fault ``name`` planted (module functions patched where needed)."""
    if name not in PLANTS:
        raise KeyError(f"no planted fault {name!r}; there are {', '.join(PLANTS)}")
    return PLANTS[name]()
