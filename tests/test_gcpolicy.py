"""modgen.gcpolicy: what the collector does inside and after a ``fewer_collections`` block."""
import gc

import pytest

from modgen.gcpolicy import YOUNG_THRESHOLD, fewer_collections


def _in_generation(obj, generation: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation=generation))


@pytest.mark.skipif(not gc.isenabled() or gc.get_freeze_count() != 0,
                    reason="the policy acts only when nothing is frozen and the collector runs")
def test_block_survivors_end_in_the_oldest_generation():
    with fewer_collections():
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD
        kept = [[i] for i in range(1000)]
        gc.collect(0)                       # a young pass: the survivors go one generation up
        assert _in_generation(kept, 1)
    # not left where the next pass of the middle generation would walk them all again
    assert not _in_generation(kept, 0) and not _in_generation(kept, 1)
    assert _in_generation(kept, 2)
    assert gc.get_freeze_count() == 0       # nothing stays frozen
    assert gc.get_threshold()[0] < YOUNG_THRESHOLD


def test_cyclic_garbage_is_still_freed_after_the_block():
    import weakref

    class Node:
        pass
    with fewer_collections():
        a, b = Node(), Node()
        a.other, b.other = b, a
        ref = weakref.ref(a)
        del a, b
    gc.collect()
    assert ref() is None
