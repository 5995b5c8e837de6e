"""``mallocpolicy.keep_freed_memory``: a freed image-sized block is reused without new page faults
(what a build of eight map sheets gains), and without it the same block is faulted in again."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# a block the size of a map sheet's band (16 MB): allocate and touch it, free it, allocate and
# touch it again; print how many page faults the second touch took, per page of the block
PROBE = """
import ctypes, resource, sys
sys.path.insert(0, {root!r})
from modgen.mallocpolicy import keep_freed_memory
if {policy}:
    assert keep_freed_memory() and keep_freed_memory()      # idempotent
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = (ctypes.c_size_t,)
libc.free.argtypes = (ctypes.c_void_p,)
size = 16 * 1024 * 1024
p = libc.malloc(size); ctypes.memset(p, 1, size); libc.free(p)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
p = libc.malloc(size); ctypes.memset(p, 2, size)
faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
libc.free(p)
print(faults / (size // 4096))
"""


def _second_touch_faults(policy: bool) -> float:
    env = dict(os.environ)
    for k in ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "GLIBC_TUNABLES"):
        env.pop(k, None)
    out = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT), policy=policy)],
                         capture_output=True, text=True, check=True, env=env)
    return float(out.stdout.strip())


def _glibc() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    return hasattr(ctypes.CDLL(None), "gnu_get_libc_version")


@pytest.mark.skipif(not _glibc(), reason="mallopt is glibc's")
def test_a_freed_block_is_reused_without_page_faults():
    assert _second_touch_faults(policy=False) > 0.5     # glibc's default: faulted in again
    assert _second_touch_faults(policy=True) < 0.05     # kept: the same pages, already there


def test_elsewhere_it_says_it_did_nothing(monkeypatch):
    from modgen import mallocpolicy
    monkeypatch.setattr(mallocpolicy, "_done", False)
    monkeypatch.setattr(mallocpolicy.sys, "platform", "darwin")
    assert mallocpolicy.keep_freed_memory() is False
