"""Place a parsed list in the catalogue: faction, detachment, datasheets and enhancements.

Whatever cannot be placed becomes a Problem with its line number and the nearest known
names. A player settles each one by naming a replacement or dropping the line; the
resolutions are keyed by Problem.key and fed back in until no problem is left.

A wargear line that cannot be placed never blocks the list: it is kept on its unit as
written (ResolvedUnit.unread, the rules core's WARGEAR_UNREAD warning), the defaults stand
where it would have set the wargear, and it is offered for renaming apart from the
problems (ResolvedList.unread_wargear), so the list may be saved without settling it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from django.utils.translation import gettext_lazy

from armybuilder.rules import model as core
from rosters.formats.text_import.common import WARLORD_WORDS, battle_size_for_points, normalise
from rosters.formats.text_import.faction_infer import factions_inside, infer_faction, most_specific
from rosters.formats.text_import.freehand import FORMAT as FREEHAND
from rosters.formats.text_import.index import (
    READ_FORMER,
    READ_PRICED,
    CatalogueIndex,
    Entry,
    Match,
    NameTable,
    catalogue_index,
    without_parenthetical,
)
from rosters.formats.text_import.model import GearLine, ParsedList, ParsedUnit
from rosters.formats.text_import.model_lines import (
    flat_model_lines,
    restated_lines,
    unit_models,
)
from rosters.formats.text_import.resolved import (
    Problem,
    ResolvedList,
    ResolvedUnit,
    problem_key,
)
from rosters.formats.text_import.unit_split import (
    loose_name,
    priced_name,
    split_unit_name,
    unit_copies,
)
from rosters.formats.text_import.wargear_lines import header_gear
from rosters.formats.text_import.wargear_resolve import resolve_gear

FACTION: Final = "faction"
DETACHMENT: Final = "detachment"
UNIT: Final = "unit"
ENHANCEMENT: Final = "enhancement"
WARGEAR: Final = "wargear"
LINE: Final = "line"

ERR_UNKNOWN_FACTION: Final = gettext_lazy("No faction is called “{text}”.")
ERR_NO_FACTION: Final = gettext_lazy(
    "The list does not say its faction, and its units do not tell it."
)
ERR_UNKNOWN_DETACHMENT: Final = gettext_lazy("{faction} has no detachment called “{text}”.")
ERR_MORE_DETACHMENTS: Final = gettext_lazy(
    "An army takes one detachment: the list is read under {detachment}, and names “{text}” too."
)
ERR_UNKNOWN_UNIT: Final = gettext_lazy("{faction} has no datasheet called “{text}”.")
ERR_NOT_AVAILABLE: Final = gettext_lazy("{text} is a datasheet, but {faction} cannot field it.")
ERR_UNKNOWN_ENHANCEMENT: Final = gettext_lazy(
    "No detachment of {faction} has an enhancement called “{text}”."
)
ERR_UNKNOWN_WARGEAR: Final = gettext_lazy("{unit} has no wargear called “{text}”.")
NOTE_FACTION_INFERRED: Final = gettext_lazy("Faction taken from the units: {faction}.")
NOTE_SIZE_INFERRED: Final = gettext_lazy("Battle size taken from the points total: {size}.")
NOTE_DETACHMENT_INFERRED: Final = gettext_lazy(
    "The list names no detachment: read under {detachment}, the only one {faction} had then."
)
NOTE_MODELS_FROM_POINTS: Final = gettext_lazy(
    "Model count not stated; {models} taken from the {points} points."
)
NOTE_MODELS_ASSUMED: Final = gettext_lazy(
    "Model count not stated; taken as the smallest unit, {models}."
)
NOTE_FORMER_NAME: Final = gettext_lazy("Read “{text}” as its later name “{name}”.")
NOTE_READ_AS: Final = gettext_lazy("Read “{text}” as “{name}”.")
NOTE_READ_PRICED: Final = gettext_lazy(
    "Read “{text}” as “{name}”, the near name whose price the line's points are."
)
NOTE_ON_LINE: Final = gettext_lazy("Line {line}: {note}")


Resolutions = Mapping[str, str | None]


def list_resolve(
    *,
    parsed: ParsedList,
    release_id: int,
    resolutions: Resolutions | None = None,
    index: CatalogueIndex | None = None,
) -> ResolvedList:
    """Look every name of a parsed list up in the catalogue, applying the player's choices."""
    idx = index or catalogue_index()
    fixes = resolutions or {}
    out = ResolvedList(parsed=parsed, release_id=release_id, notes=list(parsed.notes))
    rest = _resolve_faction(idx, parsed, fixes, out)
    if out.faction_id is not None:
        _resolve_detachment(idx, parsed, fixes, out, rest)
    if parsed.battle_size:
        out.battle_size = parsed.battle_size
    else:
        total = parsed.stated_points
        if total is None:
            total = sum(u.stated_points or 0 for u in parsed.units)
        out.battle_size = battle_size_for_points(total)
        out.notes.append(NOTE_SIZE_INFERRED.format(size=out.battle_size.replace("_", " ").title()))
    for position, unit in enumerate(parsed.units, 1):
        resolved = _resolve_unit(idx, unit, position, release_id, fixes, out)
        out.units += [
            resolved,
            *(replace(resolved, warlord=False) for _ in range(resolved.copies - 1)),
        ]
    for position, resolved in enumerate(out.units, 1):
        resolved.position = position
    for unplaced in parsed.unplaced:
        key = problem_key(LINE, unplaced.line)
        if key not in fixes:
            out.problems.append(Problem(key, unplaced.line, LINE, unplaced.text, unplaced.reason))
    out.problems.sort(key=lambda p: (p.line, p.kind))
    out.unread_wargear.sort(key=lambda p: (p.line, p.key))
    return out


def _resolve_faction(
    idx: CatalogueIndex, parsed: ParsedList, fixes: Resolutions, out: ResolvedList
) -> list[tuple[int, str]]:
    """Settle the faction; return the header lines left over for the detachment."""
    candidates: list[tuple[int, str]] = []
    if parsed.faction is not None:
        candidates = [(parsed.faction_line or 1, parsed.faction)]
    rest: list[tuple[int, str]] = []
    found: list[int] = []
    for _, text in candidates:
        found += [e.id for e in _faction_parts(idx, text)]
    for line, text in parsed.header_lines:
        hits = _faction_parts(idx, text, split=False)
        if hits:
            found += [e.id for e in hits]
        else:
            rest.append((line, text))
    # An unlabelled header names the faction only when another line is left for the detachment.
    if not found and not candidates and len(rest) >= 2:
        candidates, rest = [rest[0]], rest[1:]
    problem_line = candidates[0][0] if candidates else 1
    key = problem_key(FACTION, problem_line)
    choice = fixes.get(key)
    if choice:
        picked = idx.factions.find(choice).entry
        if picked is not None:
            _set_faction(idx, out, picked.id)
            return rest
    # A faction only older data has (Ynnari) is named by lists up to its last release.
    found = [pk for pk in found if idx.offered("faction", pk, out.release_id)]
    if found:
        _set_faction(idx, out, most_specific(idx, found))
        return rest
    inferred = infer_faction(idx, parsed, out.release_id)
    suggestions: tuple[str, ...] = ()
    if candidates:
        text = candidates[0][1]
        suggestions = tuple(
            name for part in text.split(" - ") for name in idx.factions.suggest(normalise(part))
        )
        if inferred is not None:
            suggestions = (idx.faction_names[inferred], *suggestions)
        out.problems.append(
            Problem(
                key,
                problem_line,
                FACTION,
                text,
                ERR_UNKNOWN_FACTION.format(text=text),
                tuple(dict.fromkeys(suggestions))[:5],
                droppable=False,
            )
        )
    elif inferred is None:
        out.problems.append(
            Problem(key, problem_line, FACTION, "", str(ERR_NO_FACTION), (), droppable=False)
        )
    if inferred is not None:
        _set_faction(idx, out, inferred)
        if not candidates:
            out.notes.append(NOTE_FACTION_INFERRED.format(faction=out.faction))
    return rest


def _faction_parts(idx: CatalogueIndex, text: str, *, split: bool = True) -> list[Entry]:
    """Find the factions a header names: both parts of "Chaos - World Eaters" or "Space
    Marines / Ultramarines"; failing those, the faction names inside the text, in the
    singular or plural ("SPACE MARINE ULTRAMARINE")."""
    texts = [text, without_parenthetical(text)]
    if split:
        # The last part first: BattleScribe's "Aeldari - Ynnari" names the catalogue last.
        texts += reversed(_PARTS_RE.split(text))
    hits = [idx.factions.by_norm.get(normalise(t)) for t in texts]
    found = list(dict.fromkeys(h for h in hits if h is not None))
    if found or not split:
        return found
    return factions_inside(idx, text)


# Between the parts of a faction line: "A - B", "A – B", "A / B", "A, B".
_PARTS_RE = re.compile(r"\s++[-–—/]\s++|\s*+[,&+]\s*+")
# Between a faction and its detachment: "Adeptus Astartes – Vanguard Spearhead".
_DASH_RE = re.compile(r"\s++[-–—/]\s++")


def _set_faction(idx: CatalogueIndex, out: ResolvedList, faction_id: int) -> None:
    out.faction_id, out.faction = faction_id, idx.faction_names[faction_id]


def _resolve_detachment(
    idx: CatalogueIndex,
    parsed: ParsedList,
    fixes: Resolutions,
    out: ResolvedList,
    rest: list[tuple[int, str]],
) -> None:
    assert out.faction_id is not None
    table = idx.detachments(out.faction_id, out.release_id)
    candidates = (
        [(parsed.detachment_line or 1, parsed.detachment)] if parsed.detachment else list(rest)
    )
    candidates += parsed.detachment_alternatives
    if not candidates:
        # Nothing stated: where the month's data had a single detachment for the faction
        # (the index months, before the codexes), the list can only be under it.
        only = idx.only_detachment(out.faction_id, out.release_id)
        if only is not None:
            out.detachment_id, out.detachment = only.id, only.name
            out.notes.append(
                NOTE_DETACHMENT_INFERRED.format(detachment=only.name, faction=out.faction)
            )
        return
    for line, _ in candidates:
        key = problem_key(DETACHMENT, line)
        if key in fixes:
            choice = fixes[key]
            if choice is None:
                return
            picked = table.find(choice).entry
            if picked is not None:
                out.detachment_id, out.detachment = picked.id, picked.name
                return
    for line, text in candidates:
        match = _find_detachment(table, text)
        if match.entry is not None:
            out.detachment_id, out.detachment = match.entry.id, match.entry.name
            _note_read_as(out, match, line, text)
            return
        parts = [p for p in _SEVERAL_RE.split(text) if p.strip()]
        found = [(part, _find_detachment(table, part)) for part in parts]
        named = [(part, m) for part, m in found if m.entry is not None]
        if len(parts) < 2 or not named:
            continue
        part, match = named[0]
        assert match.entry is not None
        out.detachment_id, out.detachment = match.entry.id, match.entry.name
        _note_read_as(out, match, line, part)
        others = [p.strip() for p, _ in found if p is not part]
        key = f"{problem_key(DETACHMENT, line)}-more"
        if others and key not in fixes:
            for other, found_match in found:
                if other is part:
                    continue
                if found_match.entry is not None:
                    out.other_detachment_ids.append(found_match.entry.id)
                else:
                    out.later_detachments.append(_POINTS_SUFFIX_RE.sub("", other).strip())
            more = ", ".join(others)
            out.problems.append(
                Problem(
                    key,
                    line,
                    DETACHMENT,
                    more,
                    ERR_MORE_DETACHMENTS.format(detachment=out.detachment, text=more),
                    checked=True,
                )
            )
        return
    if candidates:
        line, text = candidates[0]
        # Only a line the list labels as its detachment names one the catalogue may lack;
        # a guessed header line may be anything.
        later = bool(parsed.detachment) and not _SEVERAL_RE.search(text)
        # A detachment older data had and this release dropped is known to be gone: an
        # error, not one published after the data.
        if later and out.release_id is not None:
            retired = _find_detachment(idx.detachments(out.faction_id, None), text).entry
            later = retired is None
        if later:
            out.later_detachments.append(_POINTS_SUFFIX_RE.sub("", text).strip())
        out.problems.append(
            Problem(
                problem_key(DETACHMENT, line),
                line,
                DETACHMENT,
                text,
                ERR_UNKNOWN_DETACHMENT.format(faction=out.faction, text=text),
                _find(table, text).suggestions or tuple(table.names()[:5]),
                checked=later,
            )
        )


# Several detachments on one line: "Armoured Infantry, Bridgehead Strike".
_SEVERAL_RE = re.compile(r"\s*+[,&+;]\s*+|\s++and\s++", re.IGNORECASE)
# A detachment line's points: "Teleport Strike Force 1000pts", "Shield Host (2000 points)".
_POINTS_SUFFIX_RE = re.compile(r"\s*+[\(\[]?\d{1,5}+\s*+(?:pts?|points?)[\)\]]?\s*+$", re.I)


def _find_detachment(table: NameTable, text: str) -> Match:
    """Find a detachment as written, without its points, or after a faction in front of it
    ("Adepta Sororitas - Hallowed Martyrs", "Adeptus Astartes – Vanguard Spearhead")."""
    match = _find(table, text, suggest=False)
    if match.entry is not None:
        return match
    bare = _POINTS_SUFFIX_RE.sub("", text)
    variants = [bare]
    parts = [p for p in _DASH_RE.split(bare) if p.strip()]
    if len(parts) >= 2:
        variants += [" ".join(parts[1:]), parts[-1]]
    for variant in variants:
        if variant.strip() and variant != text:
            match = _find(table, variant, suggest=False)
            if match.entry is not None:
                return match
    return Match(None)


def _find(
    table: NameTable, text: str, prefixes: tuple[str, ...] = (), *, suggest: bool = True
) -> Match:
    """Find a name as written, without a trailing "(...)", or without a faction prefix."""
    first = table.find(text, suggest=suggest)
    if first.entry is not None:
        return first
    variants = [without_parenthetical(text)]
    norm = normalise(text)
    variants += [norm[len(p) + 1 :] for p in prefixes if norm.startswith(p + " ")]
    # A name the player gave the unit in front of its datasheet: "Saint Eveline : Knight
    # Defender".
    if ":" in text:
        variants.append(text.rpartition(":")[2])
    for variant in variants:
        if variant and variant != text:
            match = table.find(variant, suggest=False)
            if match.entry is not None:
                return match
    return first


def _note_read_as(
    out: ResolvedList, match: Match, line: int, text: str, unit: ResolvedUnit | None = None
) -> None:
    """Say when a name was read as another: a former name, a plural or a spelling."""
    if not match.read_as or match.entry is None:
        return
    template = {READ_FORMER: NOTE_FORMER_NAME, READ_PRICED: NOTE_READ_PRICED}.get(
        match.read_as, NOTE_READ_AS
    )
    note = template.format(text=text, name=match.entry.name)
    out.notes.append(NOTE_ON_LINE.format(line=line, note=note))
    if unit is not None:
        unit.note = "; ".join(n for n in (unit.note, note) if n)


def _resolve_unit(
    idx: CatalogueIndex,
    unit: ParsedUnit,
    position: int,
    release_id: int,
    fixes: Resolutions,
    out: ResolvedList,
) -> ResolvedUnit:
    resolved = ResolvedUnit(
        position=position,
        line=unit.line,
        text=unit.name,
        name=unit.name,
        models=unit.models or 1,
        stated_points=unit.stated_points,
        warlord=unit.warlord,
    )
    if out.faction_id is None:
        return resolved
    key = problem_key(UNIT, unit.line)
    name = unit.name
    if key in fixes:
        if fixes[key] is None:
            resolved.dropped = True
            return resolved
        name = fixes[key] or name
    table = idx.datasheets(out.faction_id, release_id)
    match = _find(table, name, idx.faction_prefixes(), suggest=False)
    if match.entry is None:
        match = _predecessor(idx, out.faction_id, release_id, name)
    if match.entry is None and key not in fixes:
        # "Leman Russ battle tank with lascannon, ...": the name runs on into its items.
        prefixes = idx.faction_prefixes()
        finder = lambda t: _find(table, t, prefixes, suggest=False)  # noqa: E731
        sizes = lambda pk: (idx.size(pk, release_id), idx.brackets(release_id).get(pk, ()))  # noqa: E731
        loose = out.parsed.format == FREEHAND
        match, unit = split_unit_name(
            finder, unit, table.entries, sizes, loose=loose, prefixes=prefixes
        )
        if match.entry is None:
            # "Tourmenteurs (85 points)": a name only its points can confirm.
            match = priced_name(table.entries, unit, sizes)
    if match.entry is None:
        elsewhere = idx.all_datasheets().by_norm.get(normalise(name))
        template = ERR_NOT_AVAILABLE if elsewhere is not None else ERR_UNKNOWN_UNIT
        suggestions: tuple[str, ...] = ()
        if out.may_suggest():
            suggestions = table.find(name).suggestions or table.suggest(normalise(name))
        out.problems.append(
            Problem(
                key,
                unit.line,
                UNIT,
                unit.name,
                template.format(faction=out.faction, text=name),
                suggestions,
            )
        )
        return resolved
    resolved.datasheet_id, resolved.name = match.entry.id, match.entry.name
    size, brackets = idx.size(match.entry.id, release_id), idx.brackets(release_id)
    resolved.copies, unit = unit_copies(unit, size, brackets.get(match.entry.id, ()))
    resolved.stated_points = unit.stated_points
    resolved.models, resolved.note = _models(idx, unit, match.entry.id, release_id)
    _resolve_extras(idx, unit, resolved, out)
    _note_read_as(out, match, unit.line, name, resolved)
    _resolve_enhancement(idx, unit, resolved, fixes, out)
    _resolve_wargear(idx, unit, resolved, fixes, out)
    return resolved


def _predecessor(idx: CatalogueIndex, faction_id: int, release_id: int, name: str) -> Match:
    """A unit the faction fields, in later data, as its own datasheet that the release does
    not offer yet: read as the datasheet of that name the release offers (the allied one
    it was fielded from then). Whether the army may field it stays the rules' call."""
    later = _find(idx.datasheets(faction_id), name, idx.faction_prefixes(), suggest=False)
    if later.entry is None:
        return later
    then = idx.predecessor(faction_id, release_id, later.entry)
    return Match(then, read_as=later.read_as) if then is not None else Match(None)


def _option_names(
    idx: CatalogueIndex, resolved: ResolvedUnit, release_id: int | None
) -> dict[str, tuple[str, int]]:
    """The datasheet's priced options that are not wargear of its models: priced wargear
    (a Tidewall Defence Platform) is read and priced as the models' wargear instead."""
    assert resolved.datasheet_id is not None
    options = idx.options.get(resolved.datasheet_id, {})
    sheet = idx.wargear(resolved.datasheet_id, resolved.name, release_id) if options else None
    if sheet is None:
        return options
    gear = {
        normalise(option)
        for kind in sheet.model_types
        for group in kind.groups
        for option in group.options
    }
    return {norm: found for norm, found in options.items() if normalise(found[0]) not in gear}


def _resolve_extras(
    idx: CatalogueIndex, unit: ParsedUnit, resolved: ResolvedUnit, out: ResolvedList
) -> None:
    """Find the unit's priced options and its detachment's upgrades among its lines.

    The app lists both on the unit like wargear ("1x Invader ATV", "1x Singularity
    Matrix"). A priced model read as one of the unit's models is taken back out of its
    count: it is an option, not a model of the bracket.
    """
    assert resolved.datasheet_id is not None
    options = _option_names(idx, resolved, out.release_id)
    upgrades = idx.upgrades.get(out.detachment_id, {}) if out.detachment_id is not None else {}
    if not options and not upgrades:
        return
    taken_out = 0
    for line in unit.wargear:
        norm = normalise(line.name)
        if norm in options:
            name, block = options[norm]
            resolved.options.append((name, -(-line.count // block)))
        elif norm in upgrades:
            pk, name = upgrades[norm]
            resolved.upgrades.append((pk, name, line.count))
        else:
            continue
        if line.counted:
            taken_out += line.count
    if taken_out and resolved.models > taken_out:
        resolved.models -= taken_out


def wargear_key(line: int, ordinal: int) -> str:
    """The key of a wargear problem: several items may share one line."""
    return f"{problem_key(WARGEAR, line)}-{ordinal}"


def _resolve_wargear(
    idx: CatalogueIndex,
    unit: ParsedUnit,
    resolved: ResolvedUnit,
    fixes: Resolutions,
    out: ResolvedList,
) -> None:
    assert resolved.datasheet_id is not None
    sheet = idx.wargear(resolved.datasheet_id, resolved.name, out.release_id)
    if sheet is None:
        return
    # Inline items after the unit's points ("Khârn (85 pts): Gorechild, Plasma pistol").
    # New Recruit's compact text writes the enhancement again as "Fusion Blades upgrade".
    enhancement = resolved.enhancement or ""
    skip = {normalise(enhancement), normalise(f"{enhancement} upgrade"), *WARLORD_WORDS}
    if resolved.enhancement_id is not None:
        skip |= idx.former_names("enhancement", resolved.enhancement_id)
    # "A'rgath, the King of Blades" among the items is two of them.
    pieces = [normalise(p) for p in enhancement.split(",")] if "," in enhancement else []
    if pieces and set(pieces) <= {normalise(i) for i in unit.items[: unit.header_items]}:
        skip |= set(pieces)
    gear = header_gear(
        unit.line,
        (
            item
            for item in unit.items[: unit.header_items]
            if normalise(item) not in skip and item.casefold() not in skip
        ),
        unit.name,
    ) + list(unit.gear)
    # Priced options and detachment upgrades were read off these lines already
    # (_resolve_extras); they are not the models' wargear.
    extras = set(_option_names(idx, resolved, out.release_id))
    if out.detachment_id is not None:
        extras |= set(idx.upgrades.get(out.detachment_id, {}))
    # "1 with Bolt pistol, Force Weapon, Smite, Immolator": the enhancement, named again.
    if enhancement:
        extras |= skip - WARLORD_WORDS
    if extras:
        gear = [line for line in gear if normalise(line.name) not in extras]
    keyed: list[tuple[str, GearLine]] = []
    ordinals: dict[int, int] = {}
    for line in gear:
        ordinal = ordinals[line.line] = ordinals.get(line.line, 0) + 1
        keyed.append((wargear_key(line.line, ordinal), line))
    stated: list[GearLine] = []
    dropped: list[GearLine] = []
    keys: dict[int, str] = {}
    for key, line in keyed:
        if key in fixes:
            if fixes[key] is None:
                dropped.append(line)
                continue
            line = replace(line, name=fixes[key] or line.name)
        stated.append(line)
        keys[id(line)] = key
    names = idx.gear_names(resolved.datasheet_id)
    stated, made = restated_lines(sheet=sheet, unit_name=resolved.name, gear=stated, names=names)
    stated, flat = flat_model_lines(
        sheet=sheet, unit_name=resolved.name, bullets=unit.wargear, gear=stated, names=names
    )
    for new_id, old in (*made.items(), *flat.items()):
        old_key = keys.get(id(made.get(id(old), old)) if id(old) in made else id(old))
        if old_key is not None:
            keys[new_id] = old_key
    # Model lines the datasheet tells from items ("• 4x Intercessor" with no items, not
    # "• 2x Incubi Shrine Token").
    counted = unit_models(
        sheet=sheet,
        unit_name=resolved.name,
        unit=unit,
        gear=stated,
        models=resolved.models,
        taken=extras,
        names=names,
    )
    if counted == 0:
        # Only items were counted as models: the text states no count after all.
        if out.release_id is not None:
            resolved.models, resolved.note = _models(
                idx, replace(unit, models=None), resolved.datasheet_id, out.release_id
            )
    elif counted != resolved.models:
        if counted > resolved.models and unit.models is None and out.release_id is not None:
            # The count is stated after all: no note on how it was worked out.
            guessed = _models(idx, unit, resolved.datasheet_id, out.release_id)[1]
            resolved.note = resolved.note.removeprefix(guessed).removeprefix("; ")
        resolved.models = counted
    resolved.loadout, unplaced = resolve_gear(
        sheet=sheet,
        unit_name=resolved.name,
        models=resolved.models,
        gear=stated,
        dropped=dropped,
        names=names,
    )
    unread = []
    for item in unplaced:
        key = keys.get(id(item.gear)) or wargear_key(item.gear.line, 0)
        out.unread_wargear.append(
            Problem(
                key,
                item.gear.line,
                WARGEAR,
                item.gear.name,
                ERR_UNKNOWN_WARGEAR.format(unit=resolved.name, text=item.gear.name),
                item.suggestions,
            )
        )
        unread.append(core.UnreadGear(gear_text(item.gear), item.gear.line, item.suggestions))
    resolved.unread = tuple(unread)


def gear_text(gear: GearLine) -> str:
    """An item as the list gives it: "2x Heirloom weapon", or its name for one."""
    return gear.name if gear.count == 1 else f"{gear.count}x {gear.name}"


def _models(
    idx: CatalogueIndex, unit: ParsedUnit, datasheet_id: int, release_id: int
) -> tuple[int, str]:
    """Return the unit's model count and, when the text did not state it, a note saying how.

    A stated count is kept as written, even one the datasheet does not allow: the rules
    core reports that as UNIT_SIZE, and rewriting it would let a broken list pass.
    """
    if unit.models is not None:
        return unit.models, ""
    low, high = idx.size(datasheet_id, release_id)
    if low == high:
        return low, ""
    if unit.stated_points is not None:
        brackets = idx.brackets(release_id).get(datasheet_id, ())
        fits = [models for models, points in brackets if points == unit.stated_points]
        if len(fits) == 1:
            return fits[0], NOTE_MODELS_FROM_POINTS.format(
                models=fits[0], points=unit.stated_points
            )
    return low, NOTE_MODELS_ASSUMED.format(models=low)


def _resolve_enhancement(
    idx: CatalogueIndex,
    unit: ParsedUnit,
    resolved: ResolvedUnit,
    fixes: Resolutions,
    out: ResolvedList,
) -> None:
    assert out.faction_id is not None
    detachments = [e.id for e in idx.detachments(out.faction_id, out.release_id).entries]
    if out.detachment_id is not None:
        detachments.remove(out.detachment_id)
        detachments.insert(0, out.detachment_id)
    table = idx.enhancements(detachments, out.release_id)
    if unit.enhancement is None:
        # Formats that list an enhancement among the wargear name it exactly; a name with
        # a comma in it ("A'rgath, the King of Blades") spans two items.
        items = unit.items
        for item in items:
            # Its name then, where the list is older than the data's ("Fate's Messenger").
            norm = normalise(item)
            entry = table.by_norm.get(norm) or table.in_force.get(norm) or table.former.get(norm)
            if entry is not None:
                resolved.enhancement_id, resolved.enhancement = entry.id, entry.name
                return
        for first, second in itertools.pairwise(items):
            entry = table.by_norm.get(normalise(f"{first}, {second}"))
            if entry is not None:
                resolved.enhancement_id, resolved.enhancement = entry.id, entry.name
                return
        return
    line = unit.enhancement_line or unit.line
    key = problem_key(ENHANCEMENT, line)
    name = unit.enhancement
    if key in fixes:
        if fixes[key] is None:
            return
        name = fixes[key] or name
    match = Match(None)
    if out.detachment_id is not None:
        # The chosen detachment's own first: a former name two detachments shared, say.
        match = _find(idx.enhancements([out.detachment_id], out.release_id), name, suggest=False)
    if match.entry is None:
        match = _find(table, name, suggest=False)
    if match.entry is None:
        match = loose_name(table.entries, name, also=table.in_force)
    if match.entry is not None:
        resolved.enhancement_id, resolved.enhancement = match.entry.id, match.entry.name
        _note_read_as(out, match, line, name, resolved)
        return
    if out.later_detachments:
        resolved.later_enhancement = name
    out.problems.append(
        Problem(
            key,
            line,
            ENHANCEMENT,
            unit.enhancement,
            ERR_UNKNOWN_ENHANCEMENT.format(faction=out.faction, text=name),
            table.find(name).suggestions if out.may_suggest() else (),
            checked=bool(out.later_detachments),
        )
    )
