"""Freed memory kept for reuse while ``modgen build`` runs, instead of going back to the kernel.

A build draws image after image of tens of megabytes (each map sheet at twice its size, reduced,
encoded) and frees each before the next. With glibc's defaults a free block of that size goes
back to the kernel (unmapped, or trimmed off the top of the heap), and the next image's pages
are faulted in and zeroed again: measured on the Eastern Front's eight sheets, about 215,000 page
faults and 0.6 s of system time for a build whose resident peak is under 200 MB. With the two
settings here the heap keeps what it freed and the next image reuses it (about 53,000 faults,
0.2 s; the peak barely moves, since those pages were resident at the peak anyway).

``keep_freed_memory()`` sets them (``mallopt``: blocks below 32 MB come from the heap, and the
heap is not trimmed below 1 GB of free space) and says whether it could: it is glibc's, and
elsewhere (musl, macOS, Windows) it does nothing. The settings are the process's, inherited by
the forked map workers; the build process exits when the build is done, so nothing is restored.
The bytes the build writes do not depend on them.
"""
from __future__ import annotations

import sys

__all__ = ["keep_freed_memory"]

# glibc's malloc.h
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
#: blocks below this come from the heap (glibc's ceiling for the mmap threshold on 64-bit)
MMAP_THRESHOLD = 32 * 1024 * 1024
#: free space at the top of the heap kept rather than trimmed
TRIM_THRESHOLD = 1024 * 1024 * 1024

_done = False


def keep_freed_memory() -> bool:
    """Ask glibc to keep freed memory for reuse (see the module's docstring); True if it did."""
    global _done
    if _done:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
        # gnu_get_libc_version exists only in glibc: musl has a mallopt that ignores everything
        libc.gnu_get_libc_version
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    heap = mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
    kept = mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
    _done = heap and kept
    return _done
