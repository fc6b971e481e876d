"""A checked roster as JSON: the one shape validate_list prints and the API returns.

Schema (version 4). Every key is always present; a value the list does not give is null.

    {
      "schema": 4,
      "format": "gw_app" | "nr_wtc" | ... | null,   # the text format read, null for a saved roster
      "name": str,
      "faction": str | null,
      "detachment": str | null,
      "battle_size": "incursion" | "strike_force" | "onslaught" | null,
      "points_limit": int | null,
      "points": int | null,          # our total under the release (units, enhancements, options)
      "stated_points": int | null,   # the list's own total, where it states one
      "profile": "core-10" | "matched-10" | "nine-10",
      "release": str | null,         # the points release priced under
      "legal": bool,                 # no error-severity violation and nothing unrecognised
      "units": [{"position": int, "line": int | null, "name": str, "models": int,
                 "points": int | null, "stated_points": int | null,
                 "enhancement": str | null, "warlord": bool,
                 "options": [{"name": str, "count": int}],    # priced options taken
                 "upgrades": [{"name": str, "count": int}],   # detachment upgrades taken
                 "note": str | null,         # how a count the list did not state was read,
                                             # or a name read as its later one
                 "wargear": [{"model": str, "models": int,      # per model type: the list's
                              "wargear": {option: int}}]}],     # own, else the defaults
      "unrecognised": [{"line": int, "kind": "faction" | "detachment" | "unit" | "enhancement"
                        | "wargear" | "line", "text": str, "message": str,
                        "suggestions": [str]}],
      "violations": [{"code": str, "severity": "error" | "warning", "message": str,
                      "unit_positions": [int],
                      "lines": [{"line": int | null, "text": str,   # WARGEAR_UNREAD: each
                                 "nearest": [str]}]}],             # line, else empty
      "meters": [{"code": str, "label": str, "used": int, "cap": int, "unit": str,
                  "over": bool}],
      "error": str | null,           # why the list could not be read at all
      "language": "en" | "fr"        # "fr": the list names its units in French, which the
                                     # catalogue does not; "error" is then its one answer,
                                     # with the faction, detachment and points it could read
    }

Version 2 added each unit's "note"; version 3 its "options" and "upgrades" (a unit's
points include them) and its "wargear" (counts per model type and option, as the rules
core checks them under WARGEAR_CHOICE), and "wargear" problems: a wargear line the
importer could not place on the unit's datasheet. Version 4 reports those lines as the
WARGEAR_UNREAD warning instead (one per unit, its "lines" giving each line's number, text
as written and the nearest option names), so "unrecognised" holds no "wargear" entries any
more and such a list is legal or illegal on its other merits; every violation has "lines".
"language" (added in version 4, a key no other changes): "en" for every list but one whose
unit names are French, which gets one answer in "error" (and "faction" and "detachment"
where they could be placed) instead of a problem per name.

A pasted list's stated model counts are kept as written (a count the datasheet does not
allow is a UNIT_SIZE violation); where a format states no count, the note says how it
was worked out, e.g. from the unit's points.

Unit positions count from 1 in list order (file order for a pasted list, so a unit the
importer could not place keeps its number and the ones after it do not shift).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

from armybuilder.rules.codes import WARGEAR_UNREAD
from armybuilder.rules.model import BattleSize, Datasheet, Loadout, Result, Unit, UnreadGear
from armybuilder.rules.wargear import default_loadout, loadout_of

SCHEMA_VERSION: Final = 4


class ProblemLike(Protocol):
    @property
    def line(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def suggestions(self) -> tuple[str, ...]: ...


class DraftUnitLike(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def models(self) -> int: ...

    @property
    def warlord(self) -> bool: ...

    @property
    def datasheet(self) -> Any: ...

    @property
    def enhancement(self) -> Any: ...

    @property
    def options(self) -> Sequence[Any]: ...

    @property
    def upgrades(self) -> Sequence[Any]: ...


class DraftLike(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def battle_size(self) -> str: ...

    @property
    def profile(self) -> str: ...

    @property
    def faction(self) -> Any: ...

    @property
    def detachment(self) -> Any: ...

    @property
    def release(self) -> Any: ...

    @property
    def units(self) -> Sequence[DraftUnitLike]: ...


def problems_to_json(problems: Sequence[ProblemLike]) -> list[dict[str, Any]]:
    return [
        {
            "line": p.line,
            "kind": p.kind,
            "text": p.text,
            "message": p.message,
            "suggestions": list(p.suggestions),
        }
        for p in problems
    ]


def result_to_json(
    *,
    draft: DraftLike,
    result: Result,
    positions: Mapping[str, int] | None = None,
    lines: Mapping[str, int] | None = None,
    stated_points: Mapping[str, int | None] | None = None,
    notes: Mapping[str, str] | None = None,
    list_stated_points: int | None = None,
    unrecognised: Sequence[ProblemLike] = (),
    source_format: str | None = None,
) -> dict[str, Any]:
    """Describe a validated draft (saved roster or pasted list) and its Result as JSON data.

    positions maps unit keys to their numbers (default: order in the draft; a pasted list
    passes every key it read, dropped units too); lines and stated_points, keyed the same
    way, come from a pasted list.
    """
    if positions is None:
        positions = {u.key: n for n, u in enumerate(draft.units, 1)}
    army = getattr(draft, "army", None)
    checked: dict[str, Unit] = {u.id: u for u in army.units} if army is not None else {}
    lines = lines or {}
    stated = stated_points or {}
    unit_notes = notes or {}
    unread: dict[str, tuple[UnreadGear, ...]] = {
        u.key: gear for u in draft.units if (gear := getattr(u, "unread", ()))
    }
    units = [
        {
            "position": positions[u.key],
            "line": lines.get(u.key),
            "name": u.datasheet.name,
            "models": u.models,
            "points": result.unit_points.get(u.key),
            "stated_points": stated.get(u.key),
            "enhancement": u.enhancement.name if u.enhancement is not None else None,
            "warlord": u.warlord,
            "options": _named_counts(u.options),
            "upgrades": _named_counts(u.upgrades),
            "note": unit_notes.get(u.key),
            "wargear": wargear_to_json(_loadout(u, checked)),
        }
        for u in draft.units
    ]
    return {
        "schema": SCHEMA_VERSION,
        "format": source_format,
        "name": draft.name,
        "faction": draft.faction.name,
        "detachment": draft.detachment.name if draft.detachment is not None else None,
        "battle_size": draft.battle_size,
        "points_limit": result.points_limit,
        "points": result.points,
        "stated_points": list_stated_points,
        "profile": result.profile,
        "release": draft.release.name,
        "legal": result.legal and not unrecognised,
        "units": units,
        "unrecognised": problems_to_json(unrecognised),
        "violations": [
            {
                "code": v.code,
                "severity": str(v.severity),
                "message": _translated(v.message),
                "unit_positions": _positions(v.unit_ids, positions),
                "lines": (
                    unread_lines_json(gear for uid in v.unit_ids for gear in unread.get(uid, ()))
                    if v.code == WARGEAR_UNREAD
                    else []
                ),
            }
            for v in result.violations
        ],
        "meters": [
            {
                "code": m.code,
                "label": m.label,
                "used": m.used,
                "cap": m.cap,
                "unit": m.unit,
                "over": m.over,
            }
            for m in result.meters
        ],
        "error": None,
        "language": "en",
    }


def unread_lines_json(unread: Iterable[UnreadGear]) -> list[dict[str, Any]]:
    return [{"line": u.line, "text": u.text, "nearest": list(u.nearest)} for u in unread]


def wargear_to_json(loadout: Sequence[Loadout]) -> list[dict[str, Any]]:
    return [
        {"model": part.model, "models": part.models, "wargear": dict(part.wargear)}
        for part in loadout
    ]


def _loadout(unit: Any, checked: Mapping[str, Unit]) -> tuple[Loadout, ...]:
    """A unit's wargear: as the core checked it, else as stated, else the defaults."""
    core_unit = checked.get(unit.key)
    if core_unit is not None:
        return loadout_of(core_unit)
    stated: tuple[Loadout, ...] = getattr(unit, "loadout", ())
    if stated or not isinstance(unit.datasheet, Datasheet):
        return stated
    return default_loadout(unit.datasheet, unit.models)


def unreadable_to_json(
    *,
    error: str,
    profile: str,
    release: str | None = None,
    source_format: str | None = None,
    name: str = "",
    battle_size: str | None = None,
    stated_points: int | None = None,
    unrecognised: Sequence[ProblemLike] = (),
    language: str = "en",
    faction: str | None = None,
    detachment: str | None = None,
) -> dict[str, Any]:
    """Describe a list that could not be checked at all, in the same shape; a French list
    gives the faction and detachment that could be placed."""
    return {
        "schema": SCHEMA_VERSION,
        "format": source_format,
        "name": name,
        "faction": faction,
        "detachment": detachment,
        "battle_size": battle_size,
        "points_limit": BattleSize(battle_size).points if battle_size else None,
        "points": None,
        "stated_points": stated_points,
        "profile": profile,
        "release": release,
        "legal": False,
        "units": [],
        "unrecognised": problems_to_json(unrecognised),
        "violations": [],
        "meters": [],
        "error": error,
        "language": language,
    }


def _named_counts(items: Sequence[Any]) -> list[dict[str, Any]]:
    """Name and count each option or upgrade, given as (name, count) or with those fields."""
    found = []
    for item in items:
        name, count = (item.name, item.count) if hasattr(item, "name") else item
        found.append({"name": name, "count": count})
    return found


def _positions(unit_ids: Sequence[str], positions: Mapping[str, int]) -> list[int]:
    return [positions[uid] for uid in unit_ids if uid in positions]


def _translated(text: str) -> str:
    """A core message in the active language (the command's --lang, the request's)."""
    # Imported here: this module reads only the core's dataclasses otherwise.
    from rosters.language import translated

    return translated(text)
