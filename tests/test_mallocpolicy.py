"""``mallocpolicy.freed_memory_kept``: inside it a freed image-sized block is reused without new
page faults (what a build of eight map sheets gains), without it the same block is faulted in
again; on leaving it the kept memory goes back to the kernel (a test process that runs builds
in-process does not keep their high-water mark, which every child it forks would report)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# a block the size of a map sheet's band (16 MB): allocate and touch it, free it, allocate and
# touch it again; print the page faults of the second touch per page of the block, then the
# resident MB inside the block (after the free) and after it
PROBE = """
import contextlib, ctypes, os, resource, sys
sys.path.insert(0, {root!r})
from modgen.mallocpolicy import freed_memory_kept
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = (ctypes.c_size_t,)
libc.free.argtypes = (ctypes.c_void_p,)
size = 16 * 1024 * 1024
def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
with (freed_memory_kept() if {policy} else contextlib.nullcontext(True)) as ok:
    assert ok
    with (freed_memory_kept() if {policy} else contextlib.nullcontext(True)) as inner:
        assert inner                                          # nested: the outer one acts
    p = libc.malloc(size); ctypes.memset(p, 1, size); libc.free(p)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    p = libc.malloc(size); ctypes.memset(p, 2, size)
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    libc.free(p)
    inside = rss_mb()
print(faults / (size // 4096), inside, rss_mb())
"""


def _probe(policy: bool) -> tuple[float, float, float]:
    env = dict(os.environ)
    for k in ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "GLIBC_TUNABLES"):
        env.pop(k, None)
    out = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT), policy=policy)],
                         capture_output=True, text=True, check=True, env=env)
    faults, inside, after = map(float, out.stdout.split())
    return faults, inside, after


def _glibc() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    return hasattr(ctypes.CDLL(None), "gnu_get_libc_version")


@pytest.mark.skipif(not _glibc(), reason="mallopt is glibc's")
def test_a_freed_block_is_reused_without_page_faults_and_given_back_after():
    faults, _inside, _after = _probe(policy=False)
    assert faults > 0.5                       # glibc's default: faulted in again
    faults, inside, after = _probe(policy=True)
    assert faults < 0.05                      # kept: the same pages, already there
    assert inside - after > 12                # the 16 MB kept inside, given back on leaving


def test_elsewhere_it_does_nothing(monkeypatch):
    from modgen import mallocpolicy
    monkeypatch.setattr(mallocpolicy.sys, "platform", "darwin")
    with mallocpolicy.freed_memory_kept() as ok:
        assert ok is False
