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


def test_a_finished_check_leaves_no_cycle_through_its_context():
    """check_log breaks the cycles of its checker (the context holds the hook runner, the
    rules' caches hold the context): dropping the report and the log frees the check by
    reference counting, with no wait for a full collection — a process that checks many logs
    does not grow by a check per log (the replay's own piece ↔ game-state links are the only
    cycles left, a few thousand objects)."""
    from modgen.check.context import CheckContext
    from modgen.check.engine import Checker, check_log
    from modgen.check.logread import parse_log
    from modgen.model import load_game
    from modgen.model.types import GameDate
    from modgen.testing import TestGame

    game = load_game("italian-front")
    may = game.scenarios["if-1915-05"]
    t = TestGame(game, may)
    t.advance_to(GameDate(1915, 6, 1), "entente-movement")
    t.move("it-hq-xxxx-1st", "2123")
    t.next_phase()
    log = parse_log(t.text())
    gc.collect()
    report = check_log(log, game, may)
    assert report.steps == len(t.steps)
    del report, log
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, (Checker, CheckContext))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []
