"""What the benchmark scripts share: the repository root on ``sys.path`` and a best/median timer.

Imported as ``from _common import ROOT, timed`` (a script's own folder is on ``sys.path``).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def timed(fn, repeat):
    """Run ``fn()`` ``repeat`` times: (best seconds, median seconds, the last result)."""
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times), result
