"""The Burning Mountains rules registered on the shared engine's hooks (``modgen.check.engine``),
in the order ``SYSTEM.rules`` lists them:

* ``sequence`` — 3.0 the tracker follows the sequence of play (GT 1 starts at the A-H Combat
  Phase, 12.4);
* ``supply`` — 11 supply states traced in the own Supply Phase, 11.5 attrition, 10.3 recovery;
* ``reinforcements`` — 13.0 arrivals, 10.3.2 no return from the eliminated units;
* ``movement`` — 3.1, 4, 6 (MA, EZOC, crags, 6.4), 12.2-12.4 (fortresses, artillery, GT 1-2);
* ``stacking`` — 5.1 limits at the end of movement and combat, 5.2 the excess eliminated;
* ``combat`` — 7, 8, 12.3: the declared combat resolved on the Combat roll (odds, shifts, CRT,
  magnitude, TdP DRMs), one record per combat for the report (``combat_record.BmCombat``);
* ``retreat`` — 9.2, 9.3: retreats and advances after the combat, the 9.2.1 guidelines, the
  9.2.3 river crossing;
* ``losses`` — 9.4.2, 10.2: the CE reductions applied against the TdP result;
* ``victory`` — 14 VP (objectives, steps eliminated) and the VP track;
* ``optional`` — 15 when declared: replacement points and their track (15.1), the Italian
  improved defence (15.2).

Their bookkeeping across hooks (the combat in progress, supply states, objective control, steps
eliminated) is one :class:`state.BmState` per check, ``ctx.state`` (``System.state``).
"""
