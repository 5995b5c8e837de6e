"""The module writer: a validated Game → a byte-reproducible VASSAL 3.7 module (``.vmod``).

    from modgen.model import load_game
    from modgen.module.build import build_module, build_entries
    build_module(load_game("italian-front"), "dist/italian-front.vmod")

Stages (one file each): ``traits`` (one function per VASSAL trait, exact type/state strings),
``pieces`` (unit and marker pieces, prototypes, palette slots with stable gpids), ``turns``
(the rule 5 calendar as a TurnTracker and its saved state), ``savegame`` (one ``.vsav`` per
scenario), ``tracks`` (supply and DM tracks), ``charts`` (TEC, CRT, sequence of play and the
help page as HTML), ``components`` + ``templates/buildFile.xml.j2`` + ``buildfile``
(buildFile.xml), ``vmod`` (deterministic, atomic zip), ``build`` (orchestration) and ``cli``.
"""
