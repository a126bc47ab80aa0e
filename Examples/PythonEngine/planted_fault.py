"""The Python engine with ONE planted rule error, to show that the comparison catches it.

LayoutArithmetic.md, "shortestColumn": among equally short starts, ``tieBreak: "lowestIndex"``
(the default) takes the lowest start. This engine breaks such ties to the highest start
instead, as ``"highestIndex"`` would; everything else is ``MasonryEngine``'s. Run::

    python3 compare_with_reference.py --plant

which must report a difference and exit 1 (the fuzz reproducer
``Tests/Fixtures/fuzz-reproducers/tiesBrokenTheWrongWay.json`` is the same fault planted in the
Swift optimized engine).
"""

from __future__ import annotations

from typing import Sequence

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
