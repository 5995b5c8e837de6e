"""The data model: one validated picture of a game, shared by the generator and the checker.

These are plain frozen dataclasses. ``modgen.model.load`` builds them from the YAML files in the
data folders (games/, counters/, maps/, scenarios/, tables/) after validating every file, so code
downstream never sees an unvalidated value. Every object that came from a file carries a
``Source`` (file and line) so later stages can point at the data behind a finding.

Vocabulary follows the Der Weltkrieg Standard Rules (rule numbers in comments).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..hexgrid import Hex, Hexside

_MISSING = object()


@dataclass(frozen=True)
class Source:
    """Where a value was read: a data file and 1-based line."""

    file: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class Provenance:
    """Where the numbers come from. ``kind`` is ``rulebook``, ``placeholder`` or ``schematic``."""

    kind: str
    reason: str = ""
    sources: tuple[str, ...] = ()


# --------------------------------------------------------------------------- calendar (rule 5)

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


@dataclass(frozen=True, order=True)
class GameDate:
    """A game turn: year, month and turn 1-7 (turn 0 = the Monthly Special Turn, rule 5)."""

    year: int
    month: int  # 1..12
    turn: int   # 0 = Monthly Special Turn, 1..7 normal turns

    @property
    def month_name(self) -> str:
        return MONTHS[self.month - 1]

    def __str__(self) -> str:
        t = "Special Turn" if self.turn == 0 else f"Turn {self.turn}"
        return f"{t} {self.month_name} {self.year}"


# --------------------------------------------------------------------------- game, sides, nations


@dataclass(frozen=True)
class Nation:
    id: str                 # e.g. "austria-hungary"
    name: str               # "Austria-Hungary"
    side: str               # side id
    background: str         # counter background colour "#rrggbb" (rule 50)
    text: str               # text/symbol colour
    adjective: str = ""     # "Austro-Hungarian"
    rail_capacity: int | None = None   # Standard Rules 37-49 default (divisions); scenarios override
    source: Source | None = None


@dataclass(frozen=True)
class Side:
    id: str                 # "central-powers"
    name: str               # "Central Powers"
    nations: tuple[str, ...]


# --------------------------------------------------------------------------- counters


@dataclass(frozen=True)
class Face:
    """One side of a unit counter: strength-movement as printed."""

    strength: int | None            # None for HQs and markers with no strength
    movement: int | None
    defence_only: bool = False      # strength printed in parentheses: defends only
    rail_only: bool = False         # "RR": moves only by rail (6-12)
    river_only: bool = False        # "R": a river flotilla, moves only along the Danube (36-1, 36-2)


@dataclass(frozen=True)
class Counter:
    """A unit counter (rule 3, 50)."""

    id: str                          # stable, unique in the game: "ah-mtn-x-53m"
    nation: str                      # nation id
    type: str                        # inf, mtn, cav, art, siege-art, eng, aslt, mtn-aslt, marine, bicycle, rpl, hq, fortress
    size: str                        # XXXX, XXX, XX, X, III, II, I
    designation: str                 # "53M", "Tir", "1 AlpK"
    front: Face
    back: Face | None                # reduced side; None if the back is blank/not printed
    full_strength: int | None = None          # number in the full-strength circle (27-3)
    full_strength_colour: str | None = None   # colour of that circle
    rpl: bool = False                # replacement unit (24)
    qualifiers: tuple[str, ...] = ()          # "assault", "mountain", ...
    provenance: Provenance | None = None
    source: Source | None = None
    #: the front's values are not printed either (a unit the rulebook names without values)
    front_placeholder: bool = False
    #: the reduced side is printed (``back_printed``: a line prints the unit reduced)
    back_printed: bool = False
    #: the values the data say are placeholders (``placeholder_values``: "front", "back",
    #: "front.strength", …); None: inferred from the provenance (``placeholder``)
    placeholder_values: tuple[str, ...] | None = None
    #: (value, reason) for a placeholder value with a reason of its own: an HQ's MA given by the
    #: counter file's ``hq_movement`` is ("front.movement", hq_movement_reason)
    placeholder_reasons: tuple[tuple[str, str], ...] = ()
    #: why the full-strength circle (27-3, 23-4, 30-1, 33-4) is a placeholder, None when it is
    #: printed: a counter without ``full_strength`` has the counter file's
    #: ``full_strength_reason`` (the checker stands in the front strength), one whose
    #: ``placeholder_values`` name "full_strength" its provenance's reason
    full_strength_reason: str | None = None

    @property
    def circle(self) -> int | None:
        """The full-strength circle the checker reads: the data's ``full_strength``, else the
        front strength (a placeholder then: ``placeholder("full_strength")`` says why)."""
        return self.full_strength if self.full_strength is not None else self.front.strength

    def placeholder(self, value: str, reduced: bool = False) -> str | None:
        """Why ``value`` ("strength" or "movement") of the face showing (the back when
        ``reduced`` and a back exists) is a placeholder, or None when it is printed;
        "full_strength" asks about the full-strength circle (the same on both faces).

        The one place the checker learns which numbers are guesses (a verdict that rests on one
        is never a violation). Without ``placeholder_values`` it is inferred: a counter whose
        provenance is ``placeholder`` has a placeholder back strength (the back follows the
        file's ``back_rule``), or, when only its reduced side is printed (``back_printed``), a
        placeholder front strength; ``front_placeholder`` makes every value a placeholder. The
        back's MA is its front's ("same movement"): a placeholder exactly when the front's is.
        """
        if value == "full_strength":            # one circle for both faces
            return self.full_strength_reason
        face = "back" if reduced and self.back is not None else "front"
        key = f"{face}.{value}"
        for k, why in self.placeholder_reasons:
            if k == key:
                return why
        if face == "back" and value == "movement" and self.back is not None \
                and self.back.movement == self.front.movement:
            front = self.placeholder("movement")
            if front is not None:
                return front
        p = self.provenance
        if p is None or p.kind != "placeholder":
            return None
        why = p.reason or "placeholder values"
        if self.placeholder_values is not None:
            return why if key in self.placeholder_values or face in self.placeholder_values else None
        if self.front_placeholder:
            return why
        if face == "front":
            return why if value == "strength" and self.back_printed else None
        return why if value == "strength" and not self.back_printed else None

    @property
    def name(self) -> str:
        """Name as VASSAL shows it: "53M Mtn X"."""
        return f"{self.designation} {self.type_label} {self.size}".strip()

    @property
    def type_label(self) -> str:
        return UNIT_TYPE_LABELS.get(self.type, self.type)


UNIT_TYPE_LABELS: Mapping[str, str] = {
    "inf": "Inf", "mtn": "Mtn", "cav": "Cav", "art": "Art", "siege-art": "S Art", "eng": "Eng",
    "aslt": "Aslt", "mtn-aslt": "Mtn Aslt", "marine": "Mar", "bicycle": "Bcy", "rpl": "RPL",
    "hq": "HQ", "fortress": "Fort", "flotilla": "Flot",
}


@dataclass(frozen=True)
class MarkerDef:
    """A marker type (trench, devastation, railhead, supply point, strength −1/½, DM, VP, turn, …)."""

    id: str
    kind: str
    label: str
    values: tuple[str, ...] = ()     # for numbered markers (supply points 1..n, DM values)
    source: Source | None = None


# --------------------------------------------------------------------------- maps

TERRAINS = ("clear", "broken", "hilly", "woods", "swamp", "rough", "wooded_rough", "mountain",
            "alpine", "urban", "suburban", "ocean", "lake")


@dataclass(frozen=True)
class HexInfo:
    hex: Hex
    land: bool = True
    country: str | None = None       # nation id whose territory it is (at the map's reference date)
    name: str | None = None
    city: bool = False
    capital: bool = False
    port: bool = False
    fortress_site: bool = False


@dataclass(frozen=True)
class HexsideInfo:
    side: Hexside
    terrain: str                      # one of TERRAINS
    river: bool = False
    major_river: bool = False
    rail: str | None = None           # "double" | "single" | None
    border: bool = False              # national border runs along it
    river_name: str | None = None     # the river's name (the Danube of 35, the rivers of 11-31)
    lines: tuple[str, ...] = ()       # named lines along this hexside (the 1919 border of 11-31)


@dataclass(frozen=True)
class MapGrid:
    """Printed extent and drawing scale of a map."""

    first_col: int
    last_col: int
    first_row: int
    last_row: int
    hex_height: float = 64.0          # VASSAL dy in pixels


@dataclass(frozen=True)
class ScannedImage:
    """A printed map scan used instead of drawn art, with its grid calibration."""

    file: str
    x0: int
    y0: int
    dx: float
    dy: float


@dataclass(frozen=True)
class MapLine:
    """A named line drawn along hexsides that is neither a river nor a national border."""

    name: str                         # "1919 border of Russia"
    rule: str | None
    hexsides: frozenset[Hexside]


@dataclass(frozen=True)
class MapDef:
    id: str                           # "6-4"
    name: str
    grid: MapGrid
    hexes: Mapping[Hex, HexInfo]
    hexsides: Mapping[Hexside, HexsideInfo]
    provenance: Provenance
    image: ScannedImage | None = None
    source: Source | None = None
    neutral: tuple[str, ...] = ()     # nation ids of neutral countries on this map (10-6, 14-12)
    #: map-edge rail hexes: hex -> directions (DIRECTIONS names) of the sheet-edge hexsides a rail
    #: line leaves the sheet across (reinforcement arrivals, off-map rail rules)
    rail_exits: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)
    lines: tuple[MapLine, ...] = ()
    #: drawn art: how the 2× drawing is reduced to the board ("lanczos", or "box": a 2×2 mean,
    #: several times faster, for games of many large sheets)
    downsample: str = "lanczos"

    def contains(self, h: Hex) -> bool:
        return h in self.hexes

    def hexside(self, a: Hex, b: Hex) -> HexsideInfo | None:
        # the rules ask for the same few thousand hexsides millions of times in a check: the
        # answer per (a, b) of two Hex objects is kept beside the (immutable) map
        if type(a) is Hex and type(b) is Hex:
            pairs = self.__dict__.get("_pairs")
            if pairs is None:
                pairs = {}
                object.__setattr__(self, "_pairs", pairs)
            hit = pairs.get((a, b), _MISSING)
            if hit is not _MISSING:
                return hit
            info = self.hexsides.get(Hexside.of(a, b))
            if len(pairs) < 1_000_000:
                pairs[(a, b)] = info
            return info
        return self.hexsides.get(Hexside.of(a, b))

    def named(self, name: str) -> HexInfo | None:
        """The hex carrying this place name (case-insensitive), or None."""
        key = name.casefold()
        for info in self.hexes.values():
            if info.name and info.name.casefold() == key:
                return info
        return None


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class ArrivalPlace:
    """Where a reinforcement may arrive (25-2, the scenario's arrival rules such as IF 15-12 and
    15-18): ``kind`` ``hex`` (that hex), ``city`` (any city of ``country``) or ``map-edge-rail``
    (any hex of ``country`` on a map edge with a rail line)."""

    kind: str
    hex: Hex | None = None
    country: str | None = None

    def __str__(self) -> str:
        if self.kind == "hex":
            return str(self.hex)
        if self.kind == "city":
            return f"any city of {self.country}"
        return f"a map-edge rail hex of {self.country}"


@dataclass(frozen=True)
class Placement:
    """One counter placed at set-up (or arriving / withdrawn)."""

    counter: str                      # counter id
    hex: Hex | None                   # None: off map (pool) or an arrival "location" given as text
    reduced: bool = False             # printed "(-)"
    location: str | None = None       # text location when no hex ("Milano or Bologna", "any A-H city")
    source: Source | None = None
    strength: int | None = None       # printed strength when below the counter's front ("set up understrength")
    supply_points: int | None = None  # HQ supply points as printed ("Tir XXXX HQ (5sp)")
    places: tuple[ArrivalPlace, ...] = ()   # arrival places as data when ``location`` is text


@dataclass(frozen=True)
class FortressPlacement:
    nation: str
    size: int
    hex: Hex
    name: str | None = None
    source: Source | None = None


@dataclass(frozen=True)
class MarkerPlacement:
    marker: str                       # MarkerDef id
    hex: Hex
    value: str | None = None
    rule: str | None = None
    source: Source | None = None


@dataclass(frozen=True)
class RailCapacity:
    nation: str
    divisions: int | None
    not_usable_until: GameDate | None = None
    halved_until: GameDate | None = None
    note: str = ""
    from_date: GameDate | None = None   # this capacity applies from that turn (12-8: 20 -> 15 on 5 September)
    any_map: bool = False               # "may be used on any map or combination of maps"


@dataclass(frozen=True)
class RailRoute:
    """A scenario's rail-network statement along rail hexes: ``kind`` "network" (the line through
    ``hexes`` belongs to ``network``: "The Russian Rail Network is extended into Austria-Hungary along
    map 5-5 hexes 3907-3808-3609") or "ends" (the network ends at these hexes)."""

    kind: str
    network: str                      # nation id
    hexes: tuple[Hex, ...]
    rule: str | None = None
    text: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class OffMapRail:
    """Rail movement between map edges off the map (11-12, 13-1, 14-5/19-6): ``ends`` are sheets
    (any map-edge rail hex of the mover's network on it), ``SHEET:CCRR`` hexes, or
    ``SHEET:EDGE`` / ``SHEET:EDGE>NN`` edges (N, S, E, W; east of hexrow NN)."""

    rule: str | None
    ends: tuple[str, str]
    turns_off_map: int | None = None  # complete turns spent off the map
    mp: int | None = None             # or: MP as for travelling this many hexes off the map
    side: str | None = None
    nations: tuple[str, ...] = ()     # whose units may (empty: the side's)
    counts_against: tuple[str, ...] = ()   # rail capacities charged while off the map
    text: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class MapRestriction:
    """Only part of a map is in play (9-1: "On map 4-5, only hexes numbered xx18 or higher")."""

    map: str
    rows_from: int | None = None
    rows_to: int | None = None
    cols_from: int | None = None
    cols_to: int | None = None
    rule: str | None = None
    text: str = ""


@dataclass(frozen=True)
class MissingMap:
    """A sheet a scenario needs that no data covers (5-3 of The Schlieffen Plan)."""

    map: str
    title: str
    reason: str


@dataclass(frozen=True)
class ScheduleEntry:
    """Reinforcements and withdrawals due at a date (rule 25, scenario schedules)."""

    date: GameDate | None
    when: str                         # as printed, for dates the model cannot express
    nation: str
    arrivals: tuple[Placement, ...] = ()
    withdrawals: tuple[Placement, ...] = ()
    source: Source | None = None


@dataclass(frozen=True)
class SpecialRule:
    number: str | None                # "3-4"; None for unnumbered text
    text: str
    source: Source | None = None
    #: how the checker treats it: "checked" (a rule function reads the log), "declaration" (the
    #: player types the fact, docs/declarations.md), "advisory" (shown, not checked); "" = not said
    kind: str = ""
    note: str = ""                    # why it is not checked (e.g. "after the combat engine")


#: Victory levels from the weakest to the strongest (every Der Weltkrieg scenario, 000:L1088-1092;
#: "draw" for games that print one, e.g. Burning Mountains 14.0).
VICTORY_LEVELS = ("draw", "marginal", "substantial", "decisive")


@dataclass(frozen=True)
class Condition:
    """One victory condition as data (docs/victory-conditions.md): a ``type`` ("controls", "dm",
    "sp_lost", "surrender", "no_level", "occupies", "vp", "manual") with its validated ``params``,
    or a combinator ("all", "any", "not") over ``children``."""

    type: str
    params: Mapping[str, object] = field(default_factory=dict)
    children: tuple["Condition", ...] = ()
    source: Source | None = None


@dataclass(frozen=True)
class VictoryLevel:
    side: str                         # side id
    level: str                        # one of VICTORY_LEVELS
    label: str                        # as printed: "Austro-Hungarian Decisive"
    condition: Condition              # the level is met when this holds ("all" of the printed sentences)
    text: str = ""                    # the printed text, verbatim
    source: Source | None = None


@dataclass(frozen=True)
class LevelShift:
    """Automatic end of game (EF / linked duration games): the final level moves ``per_year``
    steps towards ``towards`` for each year before ``before_year`` in which ``nation``
    surrenders (WE-SC-06)."""

    nation: str
    towards: str                      # side id
    before_year: int
    per_year: int = 1
    text: str = ""


@dataclass(frozen=True)
class VpBand:
    """One line of a Victory Point schedule by time: ``vp`` for an event in the months
    ``first`` .. ``last`` ((year, month), inclusive; None: open)."""

    first: tuple[int, int] | None
    last: tuple[int, int] | None
    vp: int
    when: str = ""                    # as written in the data: "1915-H2", "1914..1915-H1"


@dataclass(frozen=True)
class VpArea:
    """One area of a Victory Point schedule (EF / linked duration games, 003:L1800-1836,
    000:L1915-1942; docs/victory-conditions.md ``vp_areas``). ``kind`` says how the checker finds
    its VP: ``declared`` (the players type them, ``!vp <area> <value>``), ``dm`` (one VP per
    ``per`` DM of ``nation``, rounded to the nearest ``per``, halves up), ``morale`` (the time
    ``nation`` reaches each of ``states``, by ``bands``, summed), ``removed`` (the time the last
    unit of ``nation`` leaves the map, by ``bands``). ``never``: the VP when the event has not
    happened by the end; ``thresholds``: a state's possible DM thresholds where the rulebook
    prints no year for them (11-39, M7)."""

    area: int
    kind: str
    text: str = ""
    line: int | None = None
    nation: str | None = None
    per: int | None = None
    states: tuple[str, ...] = ()
    thresholds: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    bands: tuple[VpBand, ...] = ()
    never: int | None = None
    what: str = ""                    # declared: what the players give (and why the log cannot)
    note: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class VictoryConditions:
    basis: str
    levels: tuple[VictoryLevel, ...]
    count_city_dm: bool = True        # False: "Do not count DM points for territory captured"
    extra_dm: tuple[str, ...] = ()    # printed DM items the log cannot show (declared with !dm)
    shifts: tuple[LevelShift, ...] = ()
    gaps: tuple[str, ...] = ()        # ranges or cases the printed levels leave uncovered
    source: Source | None = None
    vp_areas: tuple[VpArea, ...] = ()  # the Victory Point schedule (``vp`` conditions add it up)


@dataclass(frozen=True)
class IncomeItem:
    """One line of a supply / RPL schedule ("1st Turn of Month: 10 Supply Points")."""

    supply_points: int = 0
    rpl_sp: int = 0
    turns: tuple[int, ...] = (1,)     # turns of the month (1-7)
    months: str = "all"               # all | even | odd
    rpl_type: str | None = None       # counter type of the RPL ("inf", "mtn"); None: any


@dataclass(frozen=True)
class SupplyIncome:
    """Supply Point and RPL reinforcements of one nation over a period (25-7, IF 15-14..15-22)."""

    rule: str
    nation: str
    items: tuple[IncomeItem, ...]
    start: GameDate | None = None     # first turn (inclusive); None: from the scenario's start
    end: GameDate | None = None       # first turn no longer covered (exclusive); None: open
    from_morale: str | None = None    # begins when the nation reaches this state (duration games)
    until_morale: str | None = None   # ends when the nation reaches this state (duration games)
    text: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class SupplyLimit:
    """A cap on Supply Points: ``per_attack`` (SP one attack may have expended by the nation's HQs,
    IF 3-5) or ``front_total`` (SP in all the nation's HQs on the front, IF 15-4/15-5, duration
    games only, judged in the Monthly Special Turn, 15-6)."""

    rule: str
    nation: str
    kind: str                         # per_attack | front_total
    max: int
    years: tuple[int, ...] = ()       # years it applies; () = always
    duration_only: bool = False
    source: Source | None = None


@dataclass(frozen=True)
class MoraleThresholds:
    """DM points at which a nation suffers Shaken National Morale, Economic Collapse and
    surrenders (26-5; IF 15-9, 15-10), the last two by year."""

    nation: str
    rule: str
    shaken: int | None
    by_year: Mapping[int, tuple[int | None, int | None]]    # year -> (economic collapse, surrender)
    source: Source | None = None


@dataclass(frozen=True)
class DmIncome:
    """DM a nation accumulates each Monthly Special Turn beside the 26-3 schedule (IF 15-8)."""

    nation: str
    dm: int
    rule: str
    years: tuple[int, ...] = ()       # () = every year
    source: Source | None = None
    start: GameDate | None = None     # the first Monthly Special Turn it is due (None: from the start)


@dataclass(frozen=True)
class Scenario:
    id: str                           # "if-1915-05"
    name: str
    maps: tuple[str, ...]
    first_turn: GameDate
    last_turn: GameDate
    first_phase: str                  # phase id of the turn tracker at start
    phasing_side: str                 # side id
    description: str
    setup: tuple[Placement, ...]
    setup_incomplete: tuple[str, ...]          # notes on truncated printed lists
    fortresses: tuple[FortressPlacement, ...]
    markers: tuple[MarkerPlacement, ...]
    dead_pool: tuple[Placement, ...]
    hq_supply_points: Mapping[str, int]        # counter id -> SP
    rail_capacities: tuple[RailCapacity, ...]
    reinforcements: tuple[ScheduleEntry, ...]
    special_rules: tuple[SpecialRule, ...]
    victory_conditions: tuple[str, ...]
    starting_dm: Mapping[str, int]             # duration-game starting DM points (rule 15 pointer)
    source: Source | None = None
    # markers placed by a rule from the map, not listed hex by hex: (marker id, how, rule), e.g.
    # ("trench", "entrenched-border", "4-2") -> modgen.model.derive.derive_entrenched_hexes
    derived_markers: tuple[tuple[str, str, str | None], ...] = ()
    # structured rules (modgen.model.scenario_rules, docs/victory-conditions.md)
    victory: "VictoryConditions | None" = None
    supply_income: tuple["SupplyIncome", ...] = ()
    supply_limits: tuple["SupplyLimit", ...] = ()
    morale: tuple["MoraleThresholds", ...] = ()       # duration game only (!duration)
    dm_income: tuple["DmIncome", ...] = ()            # duration game only (!duration)
    combatants: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # side id -> nations
    map_restrictions: tuple[MapRestriction, ...] = ()
    missing_maps: tuple[MissingMap, ...] = ()
    rail_routes: tuple[RailRoute, ...] = ()
    offmap_rail: tuple[OffMapRail, ...] = ()
    #: the data a scenario's own rules read (rule number -> plain YAML data, e.g. the 8-1 front
    #: line); hexes in it are SHEET:CCRR text, parsed by the rule with the game's theatre
    rule_data: Mapping[str, object] = field(default_factory=dict)
    menu: str = ""                     # module menu: "Scenarios", "Linking games", "Duration games"


# --------------------------------------------------------------------------- game


@dataclass(frozen=True)
class Game:
    id: str                           # "italian-front"
    title: str
    system: str                       # "der-weltkrieg" | "burning-mountains"
    version: str                      # module version; changes when the data does
    sides: tuple[Side, ...]
    nations: Mapping[str, Nation]
    maps: Mapping[str, MapDef]
    counters: Mapping[str, Counter]
    markers: Mapping[str, MarkerDef]
    scenarios: Mapping[str, Scenario]
    tables: Mapping[str, object]      # "tec" -> TerrainEffectsChart, "crt" -> CombatResultsTable, ...
    data_root: str = ""
    source: Source | None = None
    #: the game's sheets on one hex lattice (``modgen.model.theatre.Theatre``); every hex of the
    #: model (scenarios, rules) is a theatre hex. A game of one sheet: its printed hexes.
    theatre: object | None = None

    def board(self, maps) -> MapDef:
        """The board the rules read for these sheets: the one sheet, or the sheets joined."""
        maps = tuple(maps)
        if self.theatre is not None:
            return self.theatre.mapdef(maps)
        return self.maps[maps[0]]

    def hex_name(self, h: Hex) -> str:
        """``SHEET:CCRR`` in a game of several sheets, else ``CCRR``."""
        return self.theatre.name(h) if self.theatre is not None else h.id

    def side_of(self, nation: str) -> str:
        return self.nations[nation].side

    def fortress_counter(self, nation: str, size: int) -> Counter | None:
        """The fortress counter of that nation and strength (for a ``FortressPlacement``)."""
        for c in self.counters.values():
            if c.type == "fortress" and c.nation == nation and c.front.strength == size:
                return c
        return None
