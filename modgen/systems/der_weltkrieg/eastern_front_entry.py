"""Entries into the war by die roll on Demoralization: Romania (003 11-55) and Italy (000 17-6,
the South and East Front Duration Game); leaving it at a DM limit (11-40 Romania, 11-41 Bulgaria).

Both rolls are made at a moment the log shows only as a 1d6 among others, so the player names
it: ``!roll 11-55`` (or ``!roll 17-6``) before the roll makes the next 1d6 that rule's roll. The
entry itself is ``!joins <nation>`` (``eastern_front``: the nation stops being neutral).

* 11-55: Romania joins after Austria-Hungary suffers Shaken National Morale; at that instant a die
  is rolled, +2 is the number of complete turns that must pass; Romanian forces move from the turn
  after them (Shaken during 3 June 1916, die 2: four turns, moving from 1 July 1916, WE-SC-03).
  The Shaken turn is the national morale of a duration game (``!duration``, the scenario's
  ``duration.morale``, checks/demoralization): without it the rule is undetermined.
* 17-6: from March 1915 a die each Monthly Special Turn, −2 while Serbia still has supplied units
  in Serbia, −1 for each full 100 DM Austria-Hungary has suffered; below 1 triggers the entry, and
  Italy joins at the start of the 7th Entente Movement Phase of the second month after (June 1915
  → 7 August 1915, WE-SC-02). Whether Serbian units are supplied the log does not show (no supply
  state is kept between combats): while Serbian units are in Serbia and the two readings differ,
  the roll is undetermined.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.model.types import GameDate

from .checks.common import is_unit, register_hook
from .checks.demoralization import game_state
from .eastern_front import (country, data, italian_entry, italian_entry_date,
                            romania_first_move, units)
from .rules import morale as M

ENTRY_RULES = ("11-55", "17-6")
AH = "austria-hungary"


def _joins_by(ctx: CheckContext) -> dict:
    return (data(ctx, "neutral") or {}).get("joins_by", {}) or {}


def _rolls(ctx: CheckContext) -> list[dict]:
    """The rolls named by ``!roll <rule>``, in log order: rule, value, date, step."""
    return ctx.cache.setdefault("ef-entry-rolls", [])


def _pending(ctx: CheckContext) -> list[str]:
    return ctx.cache.setdefault("ef-entry-pending", [])


@rule("EF 11-55", "setup")
def register_entry_rolls(ctx: CheckContext):
    """Bookkeeping: the ``!roll`` rolls are no combat rolls (the combat engine's claim hook)."""
    if set(_joins_by(ctx).values()) & set(ENTRY_RULES):
        register_hook(ctx, "claim-roll", _claim)
    return ()


def _claim(ctx: CheckContext, roll) -> str | None:
    seen = [r for r in _rolls(ctx) if r["step"] == ctx.step]
    if seen:
        return seen[0]["rule"]
    if not _pending(ctx) or len(roll.values) != 1:
        return None
    rule_no = _pending(ctx).pop(0)
    _rolls(ctx).append({"rule": rule_no, "value": roll.values[0], "date": ctx.now.date,
                        "kind": ctx.now.kind, "step": ctx.step})
    return rule_no


@rule("EF 11-55", "declare")
def named_roll(ctx: CheckContext, d):
    """``!roll <rule>``: the next 1d6 is the roll of 11-55 or 17-6."""
    if d.keyword != "roll":
        return
    number = d.args[0] if d.args else ""
    if number not in _joins_by(ctx).values() or number not in ENTRY_RULES:
        yield ctx.finding("EF 11-55", UNDETERMINED, f"!roll {number}: this scenario has no entry "
                          f"roll of that rule (its entries by roll: "
                          f"{', '.join(sorted(_joins_by(ctx).values())) or 'none'})",
                          missing="a rule number of the scenario's entries by roll")
        return
    _pending(ctx).append(number)


@rule("EF 11-55", "dice")
def entry_roll(ctx: CheckContext, roll):
    """Bookkeeping: a named roll outside the phases whose rolls the combat engine reads."""
    _claim(ctx, roll)
    return ()


# ------------------------------------------------------------------------- 11-55 Romania


def _shaken(ctx: CheckContext) -> tuple[bool | None, GameDate | None, str]:
    """(A-H Shaken?, the turn it was, why not known)."""
    tracker = game_state(ctx).morale
    if tracker is None or AH not in tracker.thresholds:
        return None, None, ("the national morale of Austria-Hungary (a duration game: !duration, "
                            "with the scenario's duration.morale thresholds)")
    state = tracker.state(AH, M.SHAKEN)
    return state, tracker.when.get((AH, M.SHAKEN)), "whether Austria-Hungary's DM reached 550"


def _romania_from(ctx: CheckContext) -> tuple[GameDate | None, GameDate | None, str, str]:
    """(first turn Romanian forces may move, the latest it can be, why, missing)."""
    state, when, why = _shaken(ctx)
    if state is not True or when is None:
        return None, None, ("Austria-Hungary has not suffered Shaken National Morale"
                            if state is False else ""), why
    # the roll is made "at the instant that Austria-Hungary is 'Shaken'": one before is not it
    rolls = [r for r in _rolls(ctx) if r["rule"] == "11-55" and isinstance(r["date"], GameDate)
             and r["date"] >= when]
    if rolls:
        r = rolls[0]
        first = romania_first_move(when, r["value"])
        return first, first, (f"Austria-Hungary was Shaken on {when} and the 11-55 roll was "
                              f"{r['value']}: {r['value'] + 2} complete turns, Romanian forces "
                              f"move from {first}"), ""
    return (romania_first_move(when, 1), romania_first_move(when, 6),
            f"Austria-Hungary was Shaken on {when}", "the 11-55 die roll (!roll 11-55 before it)")


def _romania_check(ctx: CheckContext, what: str, date: GameDate, units_=(), hexes=()):
    if "romania" not in _joins_by(ctx) or _joins_by(ctx)["romania"] != "11-55":
        return
    first, last, why, missing = _romania_from(ctx)
    rule_text = ("Romania joins the Entente only after Austria-Hungary suffers Shaken National "
                 "Morale, die + 2 complete turns later (11-55)")
    if first is None:
        if why:                          # certainly not Shaken (yet)
            yield ctx.finding("EF 11-55", VIOLATION, f"{what} on {date}: {why}; {rule_text}",
                              units=list(units_), hexes=list(hexes), side="entente")
        else:
            yield ctx.finding("EF 11-55", UNDETERMINED, f"{what} on {date}; {rule_text}",
                              units=list(units_), hexes=list(hexes), side="entente", missing=missing)
        return
    if date < first:
        yield ctx.finding("EF 11-55", VIOLATION, f"{what} on {date}: {why}; "
                          f"{'Romania is no belligerent before ' + str(first) if first == last else 'even a roll of 1 lets Romanian forces move only from ' + str(first)}",
                          units=list(units_), hexes=list(hexes), side="entente")
    elif date < last:
        yield ctx.finding("EF 11-55", UNDETERMINED, f"{what} on {date}: {why}; with the die, "
                          f"Romanian forces move from a turn between {first} and {last}",
                          units=list(units_), hexes=list(hexes), side="entente", missing=missing)


@rule("EF 11-55", "declare")
def romania_joins(ctx: CheckContext, d):
    """11-55: ``!joins romania`` no earlier than the turn the Shaken roll allows."""
    if d.keyword != "joins" or not d.args or d.args[0].lower() not in ("romania", "romanian") \
            or ctx.now.date is None:
        return
    yield from _romania_check(ctx, "!joins romania", ctx.now.date)


@rule("EF 11-55", "move")
def romanian_forces_move(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-55: Romanian forces move (on the map) only from the turn Romania becomes a
    belligerent."""
    if not is_unit(u) or u.nation != "romania" or frm is None or to is None \
            or ctx.now.date is None or ctx.now.kind == "setup":
        return
    seen = ctx.cache.setdefault("ef-11-55-moved", set())
    if ctx.now.date in seen:
        return                       # one finding a turn: the first Romanian move
    for f in _romania_check(ctx, f"{u.name} moved {frm}→{to}", ctx.now.date, [u], [frm, to]):
        seen.add(ctx.now.date)
        yield f


# ------------------------------------------------------------------------- 17-6 Italy


def _serbia_modifier(ctx: CheckContext) -> tuple[tuple[int, ...], str]:
    """The possible 17-6 Serbia modifiers: (2,) never (the log keeps no supply state), (0,)
    when no Serbian unit stands in Serbia, else (2, 0)."""
    serbs = [u for u in units(ctx, nation="serbia") if country(ctx, u.hex) == "serbia"]
    if not serbs:
        return (0,), "no Serbian unit in Serbia"
    return (2, 0), f"{len(serbs)} Serbian unit(s) in Serbia, supplied or not"


def _italy_roll_verdict(ctx: CheckContext, r: dict) -> tuple[bool | None, str, str]:
    led = game_state(ctx).ledger
    dm = led.total([AH], include_start=True)
    mods, serbia = r["serbia"]
    outcomes = {italian_entry(r["value"], m == 2, d) for m in mods
                for d in {int(dm.lo), int(dm.hi)} | {x * 100 for x in range(int(dm.lo) // 100 + 1,
                                                                           int(dm.hi) // 100 + 1)}}
    dm_text = f"{dm.lo}" if dm.lo == dm.hi else f"{dm.lo}-{dm.hi}"
    because = (f"the 17-6 roll of {r['date']} was {r['value']} ({serbia}; Austria-Hungary "
               f"{dm_text} DM)")
    if not ctx.log_starts_scenario:
        # the DM suffered before the log began are unknown; more DM only lower the roll
        if outcomes == {True}:
            return True, because, ""
        return None, because, "the Austro-Hungarian DM suffered before the log began"
    if len(outcomes) == 1:
        return outcomes.pop(), because, ""
    missing = []
    if len(mods) > 1:
        missing.append("whether Serbia still had supplied units in Serbia")
    if dm.lo // 100 != dm.hi // 100:
        missing.append("the Austro-Hungarian DM")
    return None, because, " and ".join(missing)


@rule("EF 17-6", "dice")
def italy_roll_facts(ctx: CheckContext, roll):
    """Bookkeeping and the roll's own timing: from March 1915, in a Monthly Special Turn."""
    rs = [r for r in _rolls(ctx) if r["step"] == ctx.step and r["rule"] == "17-6"
          and "dm" not in r]
    for r in rs:
        r["dm"] = True
        r["serbia"] = _serbia_modifier(ctx)
        r["verdict"] = _italy_roll_verdict(ctx, r)       # on the DM and units of the moment
        d = r["date"]
        if isinstance(d, GameDate) and (d.turn != 0 or d < GameDate(1915, 3, 0)):
            yield ctx.finding("EF 17-6", VIOLATION, f"the 17-6 roll for Italy's entry was made on "
                              f"{d}; it is rolled during each Monthly Special Turn from March 1915",
                              side="entente")


def _italy_due(ctx: CheckContext) -> tuple[GameDate | None, str, str]:
    """(the date Italy joins, why, missing) from the 17-6 rolls so far; None: not triggered, or
    not known (missing then says what)."""
    for r in _rolls(ctx):
        if r["rule"] != "17-6" or "verdict" not in r:
            continue
        if not isinstance(r["date"], GameDate) or r["date"].turn != 0:
            continue
        v, because, missing = r["verdict"]
        if v is None:
            return None, because, missing
        if v:
            due = italian_entry_date(r["date"])
            return due, because + f": below 1, Italy joins on {due}, Entente Movement Phase", ""
    return None, "no 17-6 roll so far triggered Italy's entry", ""


@rule("EF 17-6", "declare")
def italy_joins(ctx: CheckContext, d):
    """17-6: ``!joins italy`` at the start of the 7th Entente Movement Phase of the second month
    after the triggering roll."""
    if d.keyword != "joins" or not d.args or d.args[0].lower() not in ("italy", "italian") \
            or _joins_by(ctx).get("italy") != "17-6" or ctx.now.date is None:
        return
    ctx.cache["ef-17-6-joined"] = ctx.now.date
    due, why, missing = _italy_due(ctx)
    if due is None and missing:
        yield ctx.finding("EF 17-6", UNDETERMINED, f"!joins italy on {ctx.now.date}: {why}",
                          side="entente", missing=missing)
    elif due is None:
        yield ctx.finding("EF 17-6", VIOLATION, f"!joins italy on {ctx.now.date}: {why}; Italy "
                          f"joins only when a 17-6 roll is below 1", side="entente")
    elif ctx.now.date != due or ctx.now.kind != "movement" or ctx.now.side != "entente":
        yield ctx.finding("EF 17-6", VIOLATION, f"!joins italy on {ctx.now.date} in the "
                          f"{ctx.phase_label()}: {why}", side="entente")


@rule("EF 17-6", "phase_end")
def italy_joined_when_due(ctx: CheckContext, ended: PhaseInfo):
    """17-6: the entry is not optional: by the end of the Entente Movement Phase of the entry
    turn Italy has joined."""
    if _joins_by(ctx).get("italy") != "17-6" or ended.kind != "movement" \
            or ended.side != "entente" or "ef-17-6-joined" in ctx.cache:
        return
    due, why, _missing = _italy_due(ctx)
    if due is not None and ended.date == due and ctx.once("EF 17-6", "late"):
        yield ctx.finding("EF 17-6", VIOLATION, f"Italy had not joined by the end of the Entente "
                          f"Movement Phase of {due} (no !joins italy): {why}", side="entente")


# ------------------------------------------------------------------------- 11-40, 11-41 leaving


def _dm_now(ctx: CheckContext, nation: str):
    """The nation's DM so far in this duration game: the scenario's starting DM (the East Front
    Duration Games are always duration games) and those of the log."""
    sc = ctx.scenario
    led = game_state(ctx).ledger
    span = led.total([nation], include_start=bool(led.starting))
    if not led.starting and sc is not None:
        start = sc.starting_dm.get(nation, 0)
        span = type(span)(span.lo + start, span.hi + start)
    return span


@rule("EF 11-40", "phase_end")
def removed_at_the_dm_limit(ctx: CheckContext, ended: PhaseInfo):
    """11-40 (Romania surrenders at 250 DM: every Romanian unit is removed, 11-37) and 11-41
    (Bulgarian forces are removed once Bulgaria reaches 50 DM): a unit of the nation still on the
    map at the end of a phase that began with the limit reached is a violation (reached only in
    part of the DM range: undetermined)."""
    state = ctx.cache.setdefault("ef-dm-limits", {})
    for number in ("11-40", "11-41"):
        d = data(ctx, number)
        if d is None:
            continue
        nation, limit = d["nation"], int(d["dm"])
        prev = state.get(number, False)          # reached by the end of the previous phase?
        dm = _dm_now(ctx, nation)
        if prev is not True:                     # DM are never refunded (26-4): a limit stays reached
            state[number] = True if dm.lo >= limit else None if dm.hi >= limit else False
        left = units(ctx, nation=nation)
        if not left or prev is False:
            continue
        nat = ctx.game.nations[nation]
        what = (f"{len(left)} {nat.adjective} unit(s) still on the map at the end of the "
                f"{ctx.phase_label()} with {nation_dm(dm)} {nat.name} DM")
        if prev is True and ctx.once(f"EF {number}", "removed"):
            yield ctx.finding(f"EF {number}", VIOLATION, f"{what}: at {limit} DM {d['text']} "
                              f"({number})", units=left[:5], hexes=[u.hex for u in left[:5]],
                              side=ctx.game.side_of(nation))
        elif prev is None and ctx.once(f"EF {number}", "maybe"):
            yield ctx.finding(f"EF {number}", UNDETERMINED, f"{what}: at {limit} DM {d['text']} "
                              f"({number})", units=left[:5], side=ctx.game.side_of(nation),
                              missing=f"whether {nat.name}'s DM reached {limit}")


def nation_dm(dm) -> str:
    return f"{dm.lo}" if dm.lo == dm.hi else f"{dm.lo}-{dm.hi}"
