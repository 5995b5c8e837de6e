"""Rules systems: what the engine asks of one (:class:`System`) and how a game's ``system:`` is found.

A rules system (the Der Weltkrieg Standard Rules, Burning Mountains, …) is a Python package
with a module-level ``SYSTEM = System(...)``. The game data names it (``system: der-weltkrieg``
in ``games/<game>.yaml``) and :func:`find` imports it:

* a plain name is a package of ``modgen.systems``: ``der-weltkrieg`` → ``modgen.systems.der_weltkrieg``
  (``-`` becomes ``_``);
* any other name is imported as it is, a module path (``toy_system`` in the tests, or
  ``mypackage.my_system``), so a system can live outside modgen.

Nothing in ``modgen.check``, ``modgen.replay``, ``modgen.vassal`` or ``modgen.model`` imports a
system package: they ask :func:`find` (or :func:`system_of`) for the game's system, and the system
packages import them. A system names its heavy parts as ``"module:attribute"`` strings (a leading
``.`` is relative to the system's package), imported only when asked for: ``modgen build`` then
never imports the checker, and loading a game never imports the rules.

What a system gives (docs/architecture.md has the whole picture):

* ``turns`` — ``"module:factory"``; ``factory(game)`` returns the system's turn structure for the
  checker and the test-game builder (:class:`TurnStructure`);
* ``rules`` — modules whose ``@rule`` functions (``modgen.check.engine.rule``) check every game of
  the system, run in the order listed; ``games`` — per game id, the modules of that game's
  scenario rules (run after the standard rules);
* ``declarations`` — ``"module:mapping"`` of the chat keywords the system adds to the core ones
  (``modgen.check.declarations``: keyword → (parser, usage));
* ``tables`` — table id → ``"module:loader"`` (``loader(data, FileCtx, sides)``) for
  ``games/<game>.yaml``'s ``tables:``; ``required_tables`` must be there;
* ``module`` — ``"module:factory"``; ``factory(game)`` returns the :class:`ModuleExtras` the
  module writer puts in ``buildFile.xml`` (turn tracker, dice, description) and the parts a
  system draws or writes its own way (pieces, pools, the Tracks board, scenario saves, charts,
  help page; each None = the shared one);
* ``validate`` — optional ``"module:function"``; ``function(game)`` returns the system's own
  data errors (a list of ``ModgenError``), reported by ``modgen validate`` with the others;
* ``state`` — optional ``"module:factory"``; ``factory(ctx)`` returns the object the checker hands
  to every rule as ``ctx.state`` (``modgen.check.context.CheckContext``): the system's own
  bookkeeping across hooks (Burning Mountains: the combat in progress, supply states, Combat
  Effectiveness owed). None: ``ctx.state`` is None;
* ``art`` — optional ``"module:object"``: the system's art (``modgen.art.SharedArt`` is the
  shape: ``render_map(mapdef)``, ``piece_images(game)``, ``piece_image(game, unit_id, marker_id,
  value, flipped)``), for the reports' pictures. None: the shared art (``modgen.art``).
"""
from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol

from .errors import ModgenError

__all__ = ["System", "ModuleExtras", "PoolBoard", "TurnTracker", "TurnLevel", "TurnStructure", "find",
           "system_of", "module_name"]


# ------------------------------------------------------------------------------ the interface

@dataclass(frozen=True)
class System:
    id: str                                        # as games/*.yaml names it: "der-weltkrieg"
    name: str                                      # "Der Weltkrieg (Standard Rules)"
    turns: str                                     # "module:factory" -> TurnStructure
    rules: tuple[str, ...] = ()                    # modules of @rule functions, in run order
    games: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # game id -> modules
    declarations: str | None = None                # "module:mapping" keyword -> (parser, usage)
    tables: Mapping[str, str] = field(default_factory=dict)             # id -> "module:loader"
    required_tables: tuple[str, ...] = ()
    module: str | None = None                      # "module:factory" -> ModuleExtras
    validate: str | None = None                    # "module:function" -> [ModgenError]
    state: str | None = None                       # "module:factory" (ctx) -> ctx.state
    art: str | None = None                         # "module:object" like modgen.art.SharedArt
    # a system whose files have a shape of their own (Burning Mountains: steps, attack/defence/
    # MA/AV counters, altitude per hex, game turns): the model's loader hands it the game file
    # (``data``: (loader, game file, FileCtx, nations, sides) -> the Game's parts); None = the
    # shared loader. Every system's module is written by ``modgen.module.build`` (its own parts:
    # ``module`` -> ModuleExtras) and every log checked by ``modgen.check.engine``
    data: str | None = None
    package: str = ""                              # set by find(): where relative names start

    def load(self, ref: str) -> Any:
        """The object a ``"module:attribute"`` reference names (``".x:y"`` is relative to the
        system's package)."""
        mod, _, attr = ref.partition(":")
        if mod.startswith("."):
            mod = self.package + mod if mod != "." else self.package
        obj = importlib.import_module(mod)
        return getattr(obj, attr) if attr else obj

    def rule_modules(self, game_id: str | None = None) -> tuple[str, ...]:
        """The modules whose rules check ``game_id``: the system's, then the game's own."""
        names = self.rules + tuple(self.games.get(game_id, ())) if game_id else self.rules
        return tuple(self.package + n if n.startswith(".") else n for n in names)

    def turn_structure(self, game) -> "TurnStructure":
        return self.load(self.turns)(game)

    def keywords(self) -> Mapping[str, tuple[Callable, str]]:
        return self.load(self.declarations) if self.declarations else {}

    def table_loader(self, table_id: str) -> Callable | None:
        ref = self.tables.get(table_id)
        return self.load(ref) if ref else None

    def module_extras(self, game) -> "ModuleExtras | None":
        return self.load(self.module)(game) if self.module else None

    def validation_errors(self, game) -> list[ModgenError]:
        return list(self.load(self.validate)(game)) if self.validate else []

    def data_loader(self) -> Callable | None:
        return self.load(self.data) if self.data else None

    def check_state(self, ctx) -> Any:
        """The system's own state for one check (``ctx.state``), or None."""
        return self.load(self.state)(ctx) if self.state else None

    def art_of(self) -> Any:
        """The system's art (``modgen.art.SharedArt``'s methods), else the shared art."""
        if self.art:
            return self.load(self.art)
        from .art import SHARED_ART
        return SHARED_ART


class TurnStructure(Protocol):
    """A system's turns as the checker and the test-game builder see them.

    A *turn* is the system's own value (Der Weltkrieg: ``modgen.model.types.GameDate``; it must
    compare with ``<``/``==`` and print as players write it); a *phase* has ``id``, ``name`` and
    ``side`` (a side id or None). ``PhaseInfo`` is ``modgen.check.context.PhaseInfo``.
    """

    tracker_id: str                                # the TurnTracker's VASSAL id in our module

    def read(self, labels: Mapping[str, str], text: str | None, trusted: bool) -> Any:
        """PhaseInfo from the tracker's levels (``modgen.replay`` labels) and its text."""

    def is_ours(self, turn_states: Mapping[str, str]) -> bool:
        """Whether a begin state's trackers are this game's calendar (else only text is read)."""

    def turn_of(self, turn_states: Mapping[str, str]) -> Any:
        """The turn the trackers show, or None (scenario recognition)."""

    def phase(self, phase_id: str) -> Any: ...

    def next_phase(self, turn: Any, phase_id: str) -> tuple[Any, Any]:
        """(turn, phase) after ``phase_id`` of ``turn`` in the sequence of play."""

    def first_phase(self) -> Any: ...

    def first_turn(self) -> Any:
        """A turn to start a test game on when no scenario says."""

    def command(self, turn: Any, phase_id: str) -> str:
        """The ``TURN`` command of our module's tracker at that turn and phase."""

    def label(self, turn: Any, phase_id: str) -> str:
        """The tracker's text at that turn and phase (the "Turn Updated" chat line)."""


# ------------------------------------------------------------------------------ module extras

@dataclass(frozen=True)
class TurnLevel:
    """One VASSAL turn level (``ListTurnLevel``/``CounterTurnLevel``) and its buildFile attributes.

    The module writer writes it; the replay reads the same object as the module reader's levels
    (``modgen.replay.turns.tracker_specs``), so our tracker is defined once."""

    kind: str                                      # "ListTurnLevel" | "CounterTurnLevel"
    attrs: Mapping[str, Any]
    children: tuple["TurnLevel", ...] = ()

    @property
    def name(self) -> str:
        return str(self.attrs.get("name", ""))

    @property
    def list(self) -> str | None:
        v = self.attrs.get("list")
        return None if v is None else str(v)

    @property
    def start(self) -> int:
        return int(self.attrs.get("start", 1))

    @property
    def turn_format(self) -> str | None:
        return self.attrs.get("turnFormat")

    @property                 # last: the name shadows the builtin in the rest of the class body
    def property(self) -> str:
        return str(self.attrs.get("property", ""))


@dataclass(frozen=True)
class TurnTracker:
    id: str                                        # "TurnTracker0"
    attrs: Mapping[str, Any]                       # name, buttonText, turnFormat, tooltip
    levels: tuple[TurnLevel, ...]

    @property
    def name(self) -> str:
        return str(self.attrs.get("name", ""))

    @property
    def turn_format(self) -> str | None:
        return self.attrs.get("turnFormat")


@dataclass(frozen=True)
class PoolBoard:
    """An off-map board of one side (its reinforcements): a map window of its own."""

    name: str                                      # the map's (and board's) name
    image_name: str | None = None                  # under images/; None: a plain coloured board
    image: Any = None                              # the Pillow image when ``image_name``
    regions: tuple = ()                            # objects with name, x, y (RegionGrid)


@dataclass(frozen=True)
class ModuleExtras:
    """What a system's module has beyond the common components (maps, pieces, set-ups).

    The fields after ``turn_command`` are the parts a system draws or writes its own way; each
    None is the shared part (``modgen.module``), which is the Der Weltkrieg one."""

    tracker: TurnTracker
    dice: tuple[Mapping[str, Any], ...] = ()       # DiceButton attributes (name, nDice, …)
    description: str = ""                          # "(Der Weltkrieg)" after the title
    turn_command: Callable[[Any, str], str] | None = None   # (turn, phase id) -> TURN command
    # (game) -> palette pieces, each with gpid, entry_name, text, image, counter, marker
    # (``modgen.module.pieces.Slot``'s attributes)
    slots: Callable[[Any], list] | None = None
    prototypes: Callable[[Any], list] | None = None         # (game) -> PrototypeDefinitions
    palette_types: tuple[str, ...] | None = None            # unit types in palette order
    pools: Callable[[Any], list] | None = None              # (game) -> [PoolBoard], one per side
    # (game) -> (image, regions) of the Tracks board (name, x, y each)
    track_board: Callable[[Any], tuple[Any, list]] | None = None
    # (game, scenario, BoardLayout, slots) -> (savedGame text, notes on what was not placed)
    scenario_command: Callable[..., tuple[str, list]] | None = None
    charts: Callable[[Any], tuple[list, dict]] | None = None   # (game) -> (chart tabs, files)
    help_page: Callable[[Any, dict], bytes] | None = None       # (game, set-up notes) -> HTML


# ------------------------------------------------------------------------------ lookup

_FOUND: dict[str, System] = {}
_LOCK = threading.Lock()


def module_name(system_id: str) -> str:
    """The package of ``modgen.systems`` a plain ``system:`` names (a dotted one: itself)."""
    return system_id if "." in system_id else "modgen.systems." + system_id.replace("-", "_")


def find(system_id: str) -> System:
    """The system a game's ``system:`` names; a ModgenError naming it when there is none."""
    with _LOCK:
        hit = _FOUND.get(system_id)
        if hit is not None:
            return hit
        names = [module_name(system_id)] + ([] if "." in system_id else [system_id])
        for name in names:
            try:
                mod = importlib.import_module(name)
                break
            except (ModuleNotFoundError, ValueError) as e:
                missing = getattr(e, "name", None)
                if missing and not (name == missing or name.startswith(missing + ".")):
                    raise      # the package exists but imports something missing: a real bug
        else:
            raise ModgenError(f"unknown rules system {system_id!r} (no package "
                              f"{' or '.join(names)})", field="system")
        sysdef = getattr(mod, "SYSTEM", None)
        if not isinstance(sysdef, System):
            raise ModgenError(f"package {name} has no SYSTEM = modgen.system.System(...)",
                              field="system")
        if not sysdef.package:
            sysdef = System(**{**sysdef.__dict__, "package": name})
        _FOUND[system_id] = sysdef
        return sysdef


def system_of(game) -> System:
    """The rules system of a loaded game (``Game.system``)."""
    return find(game.system)


def known(ids: Iterable[str] = ()) -> list[str]:
    """System ids of the packages in ``modgen.systems`` (for error messages)."""
    import pkgutil

    from . import systems
    return sorted({m.name.replace("_", "-") for m in pkgutil.iter_modules(systems.__path__)}
                  | set(ids))
