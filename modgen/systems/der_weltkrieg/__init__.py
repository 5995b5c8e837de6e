"""The Der Weltkrieg series (Standard Rules): The Italian Front, The Eastern Front.

Everything true of the rules system lives here; the engine (``modgen.check``), the replay, the
model and the module writer are shared with every other system.

* ``calendar`` — rule 5 as our module's VASSAL TurnTracker and its ``TURN`` state (the module
  writer and the checker both use it); ``turns`` — the checker's reading of the tracker;
* ``tables`` — what the Terrain Effects Chart, the Combat Results Table and the sequence of play
  mean (their loaders; the numbers are in ``tables/der-weltkrieg/*.yaml``);
* ``rules/`` — the Standard Rules as small pure functions (movement, ZOC, stacking, rail, supply);
* ``checks/`` — the rules registered on the engine's hooks (``@rule("6-9", "move")``), turning the
  verdicts of ``rules/`` into findings: ``setup`` (4), ``sequence`` (5, 6-3, 25, 27), ``movement``
  (6, 10-7, 35-1), ``danube`` (36), ``interdiction`` (36-7, 36-8: ``!interdict``), ``rail``
  (7, 8, 9), ``stacking`` (11), combat (12-16, 21,
  29, 30, 33: ``combat`` lists its modules — ``attack``, ``attack_legality``, ``losses``,
  ``retreat``, ``retreat_column``, ``advance``, ``column_attack``, ``fortress_surrender``,
  ``resolution``, ``combat_terrain``, ``combat_order``, ``attack_limits``), ``recombination``
  (23), ``supply`` (19: searches, payments), ``supply_ledger`` (17, 18: SupplyPoints), ``income``
  (25-7), ``sp_markers`` (18-8..18-11), ``pockets`` (20-11, 20-13), ``trenches`` (22),
  ``fortresses`` (21), ``demoralization`` (26-1..26-5), ``national_morale`` (26-6, 26-7),
  ``vp_schedule`` (the EF duration games' Victory Point areas), ``end_of_game`` (victory); a new
  subject is a new module there, listed in ``SYSTEM.rules``;
* ``combat_record`` — the ``Combat`` record of each combat (what other rules, e.g. supply, read);
* ``declarations`` — the chat keywords of the system (``!rail``, ``!column``, ``!retreat``, ``!war``);
* ``module`` — what its VASSAL module has beyond the common components (tracker, dice);
* one module per game for its scenario rules: ``italian_front``, ``eastern_front`` (with
  ``eastern_front_combat``: its rules on the combat record; ``eastern_front_entry``: entries into
  the war by die roll on Demoralization, 11-55 and 17-6; ``eastern_front_exchanges``: the RPL
  exchanges of 45-4 and 47-3, ``!exchange``; ``eastern_front_spheres``: the German divisions in
  the Austro-Hungarian sphere of influence, 11-26..11-30; ``eastern_front_brusilov``: Brusilov
  6-4's tripled results).
"""
from modgen.system import System

SYSTEM = System(
    id="der-weltkrieg",
    name="Der Weltkrieg (Standard Rules)",
    turns=".turns:turn_structure",
    # run in this order on every hook (a rule's bookkeeping may depend on an earlier one's)
    rules=(".checks.setup", ".checks.sequence", ".checks.movement", ".checks.danube",
           ".checks.interdiction", ".checks.rail", ".checks.stacking", ".checks.attack", ".checks.losses",
           ".checks.combat", ".checks.step_losses", ".checks.recombination", ".checks.supply", ".checks.supply_ledger",
           ".checks.income", ".checks.sp_markers", ".checks.pockets", ".checks.trenches",
           ".checks.fortresses", ".checks.demoralization", ".checks.national_morale",
           ".checks.vp_schedule", ".checks.end_of_game"),
    games={"italian-front": (".italian_front",),
           "eastern-front": (".eastern_front", ".eastern_front_combat", ".eastern_front_entry",
                             ".eastern_front_exchanges", ".eastern_front_spheres",
                             ".eastern_front_brusilov")},
    declarations=".declarations:KEYWORDS",
    tables={"tec": ".tables:load_tec", "crt": ".tables:load_crt",
            "sequence": ".tables:load_sequence"},
    required_tables=("tec", "crt", "sequence"),
    module=".module:extras",
)
