#!/usr/bin/env python3
"""The Python engine behind masonry's engine protocol (Sources/MasonryLayout/MasonryLayout.docc/
EngineProtocol.md): JSON lines on standard input and output, one request, one answer.

    masonry verify --suite smoke --engine-command "python3 Examples/PythonEngine/engine_server.py"
    masonry fuzz --seconds 60 --engine-command "python3 Examples/PythonEngine/engine_server.py"
    masonry bench --suite smoke --engine-command "python3 Examples/PythonEngine/engine_server.py"

``--planted-fault NAME`` serves the engine with one of ``planted_fault.PLANTS``' rule errors,
which the tool must catch and shrink. The engine implements format v2 (``"format": 2`` in its
hello): the tool skips cases that use format v3's fields. Times are ``time.perf_counter_ns``
around the work alone, not the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, Dict, List, Optional

from masonry_engine import LayoutError, MasonryEngine, Rect, UnsupportedFeature, read_description
from planted_fault import PLANTS, planted_engine

PROTOCOL = 1


class ProtocolError(Exception):
    """A request this server cannot read: answered ``{"error": …}``, which the tool reports."""


class EngineServer:
    """Answers the protocol's requests with one engine class; holds the layout last prepared."""

    def __init__(self, engine_class: type, name: str) -> None:
        self.engine_class = engine_class
        self.name = name
        self.engine: Optional[MasonryEngine] = None
        self.handlers: Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]] = {
            "hello": self.hello, "prepare": self.prepare, "apply": self.apply, "query": self.query,
            "frame": self.frame, "contentSize": self.content_size}

    def answer(self, line: str) -> Dict[str, Any]:
        try:
            request = json.loads(line)
            if not isinstance(request, dict) or request.get("op") not in self.handlers:
                raise ProtocolError(f"unknown request {line.strip()[:200]}")
            return self.handlers[request["op"]](request)
        except (ProtocolError, ValueError, KeyError, TypeError) as error:
            return {"error": f"{type(error).__name__}: {error}"}

    def hello(self, request: Dict[str, Any]) -> Dict[str, Any]:
        # A tool of another protocol version gets this one's number and ends the conversation.
        return {"protocol": PROTOCOL, "engine": self.name, "format": 2, "unsupported": [], "timing": True}

    def prepare(self, request: Dict[str, Any]) -> Dict[str, Any]:
        started = time.perf_counter_ns()
        try:
            engine = self.engine_class(read_description(request["description"]))
        except UnsupportedFeature as error:
            return {"unsupported": error.feature}
        except LayoutError as error:  # the tool sends only valid descriptions
            raise ProtocolError(f"the description was refused: {error}") from error
        nanoseconds = time.perf_counter_ns() - started
        self.engine = engine
        return {"ok": True, "nanoseconds": nanoseconds}

    def apply(self, request: Dict[str, Any]) -> Dict[str, Any]:
        engine = self.prepared()
        started = time.perf_counter_ns()
        try:
            engine.apply_all(request["updates"])
        except UnsupportedFeature as error:
            return {"unsupported": error.feature}
        except LayoutError as error:
            return {"refused": str(error)}
        return {"ok": True, "nanoseconds": time.perf_counter_ns() - started}

    def query(self, request: Dict[str, Any]) -> Dict[str, Any]:
        engine = self.prepared()
        started = time.perf_counter_ns()
        hits = engine.elements_in(Rect(*request["rect"]), request["edges"], request["pinHeaders"])
        nanoseconds = time.perf_counter_ns() - started
        return {"elements": [[e.kind, e.section, e.item or 0, *e.frame] for e in hits], "nanoseconds": nanoseconds}

    def frame(self, request: Dict[str, Any]) -> Dict[str, Any]:
        engine = self.prepared()
        kind, section = request["kind"], request["section"]
        if kind == "item":
            frame = engine.frame_of_item(section, request["item"])
        elif kind == "header":
            frame = engine.header_frame(section)
        elif kind == "footer":
            frame = engine.footer_frame(section)
        elif kind == "stamp":
            frame = None  # stamps are format v3: a format v2 layout has none
        else:
            raise ProtocolError(f"unknown frame kind {kind!r}")
        return {"frame": None if frame is None else list(frame)}

    def content_size(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {"size": list(self.prepared().content_size)}

    def prepared(self) -> MasonryEngine:
        if self.engine is None:
            raise ProtocolError("no description prepared yet")
        return self.engine


def main(arguments: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--planted-fault", choices=sorted(PLANTS), help="serve the engine with this rule error")
    options = parser.parse_args(arguments)
    engine_class = planted_engine(options.planted_fault) if options.planted_fault else MasonryEngine
    name = "python-masonry (format v2)" + (f", planted fault {options.planted_fault}" if options.planted_fault else "")
    server = EngineServer(engine_class, name)
    for line in sys.stdin:
        # Python's json writes floats in their shortest round-trip form, -0.0 with its sign.
        sys.stdout.write(json.dumps(server.answer(line), separators=(",", ":")) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
