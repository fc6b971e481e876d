"""Place a unit's wargear lines on its datasheet's model types and options.

Model lines are matched to model types by name ("Khorne Berzerker Champion"); where one
line covers models the data splits into several types (the app's "9x Khorne Berzerker"
with two eviscerators), the items only another type offers take their models to that
type. Items are matched to options by name, also when the data counts them in pairs ("2
Storm Bolters" for "2x Storm bolter"), and by every name wargear_names knows (weapon
profiles, former names, run-together and "X (Y)" forms); lines naming a model type are
model lines, with or without items (wargear_names.read_lines). What cannot be placed is
returned with its line, for the resolver to report like an unknown unit.

Items no model line holds (loose) go to the model line just before them where it can
hold them, and those stated before every model line to the models the lines leave out,
shared among their types by room; an item only a type no line names offers takes its
models from those left out (from the largest type where none are). An item a model's
line names twice counts once only where twice breaks a rule and once does not.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from armybuilder.rules import model as core
from armybuilder.rules.wargear import complete_loadout, default_loadout, loadout_excess
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_names import model_key, read_lines
from rosters.formats.text_import.wargear_parts import absorbed
from rosters.formats.text_import.wargear_spread import spread
from rosters.formats.text_import.wargear_types import (
    NO_NAMES,
    GearNames,
    Type,
    singular,
    type_tables,
)
from rosters.formats.text_import.written import KIND_WORDS, LEADER_TITLES


@dataclass
class Unplaced:
    gear: GearLine
    suggestions: tuple[str, ...] = ()


# The name tables live in wargear_names; the placing below reads them by these names.
_Type = Type
_singular = singular


def _types(sheet: core.Datasheet, names: GearNames = NO_NAMES) -> list[_Type]:
    return list(type_tables(sheet.model_types, names))


def _same(a: str, b: str) -> bool:
    """Tell names that differ only by plurals, or where one starts with the other."""
    a, b = _singular(a), _singular(b)
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


def _match_type(
    types: Sequence[_Type],
    model: str,
    items: Iterable[GearLine],
    taken: Iterable[str] = (),
    models: int = 1,
    fill: str = "",
) -> _Type:
    norm = _singular(normalise(model))
    items = list(items)

    def offered(t: _Type) -> tuple[int, int, bool, bool]:
        # A type that can hold the line's models first ("• 9x Pathfinder" is not of the
        # type with the unit's one grenade launcher), then the one offering most items,
        # then for one model the unit's one required model (its leader, "• 1x Terminator
        # Squad Leader" for "Terminator Sergeant"), then the type extra models go to.
        held = min(t.kind.maximum, models)
        items_offered = sum(1 for g in items if g.name and t.find(g.name) is not None)
        leader = models == 1 and t.kind.minimum == t.kind.maximum == 1
        return held, items_offered, leader, t.kind.name == fill

    named = [
        t
        for t in types
        if _singular(normalise(t.kind.name)) == norm or model_key(t.kind.name) == model_key(model)
    ]
    if named:
        return named[0]
    # "Terminator Justicar" for "Justicar": the longest type name the line ends with.
    ends = [t for t in types if model_key(model).endswith(" " + model_key(t.kind.name))]
    if ends:
        return max(ends, key=lambda t: len(t.kind.name))
    # "Neurogaunt Nodebeast" for the data's "Neurogant Nodebeast": the one type with
    # the leader's title the line ends in.
    title = model_key(model).split()[-1]
    if title in LEADER_TITLES and " " in model_key(model):
        titled = [t for t in types if model_key(t.kind.name).split()[-1] == title]
        if len(titled) == 1:
            return titled[0]
    # A type another line names exactly is that line's.
    free = [t for t in types if t.kind.name not in set(taken)]
    close = [t for t in free if _same(normalise(t.kind.name), norm)]
    if close and max(offered(t)[1] for t in free) > max(offered(t)[1] for t in close):
        # Named like one type ("Tzaangor" of "Tzaangor blades") and armed like another
        # ("Pistol and chainsword"): the weapons tell the type.
        close = []
    pool = close or free or list(types)
    # Prefer the type that offers most of the items, then the one whose name is closest
    # (the name is compared only between types that offer as many).
    counts = [offered(t) for t in pool]
    most = max(counts)
    tied = [t for t, n in zip(pool, counts, strict=True) if n == most]
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda t: _name_ratio(normalise(t.kind.name), norm))


@lru_cache(maxsize=8192)
def _name_ratio(a: str, b: str) -> float:
    """difflib's likeness of two folded names; a list names the same few types again and
    again, and the matcher is the costliest step of ranking them."""
    return difflib.SequenceMatcher(None, a, b).ratio()


def _fit(
    t: _Type,
    item: GearLine,
    moved_to: dict[str, int],
    carried: dict[str, dict[str, int]],
    foreign: list[GearLine],
    model: str,
    pool: dict[str, int],
) -> tuple[bool, bool, int, int, float]:
    """Rank a type for a line's item only it offers: one these models already went to and
    that still lacks the item, then one with room for more models, then the one with
    fewest required choices the line leaves unstated ("2x Chainfist" with "9x Combi-weapon"
    is of the type with a chainfist and a combi-weapon, not of the one whose heavy weapon
    the line leaves out), then the one offering most of the line's foreign items, then
    the closest name."""
    option = t.find(item.name)
    assert option is not None
    name = t.kind.name
    room = _room(t, option[0], moved_to, carried)
    space = moved_to.get(name, 0) < t.kind.maximum
    stated = {o for o, n in pool.items() if n > 0}
    stated |= {found[0] for f in foreign if (found := t.find(f.name)) is not None}
    unstated = sum(
        1
        for g in t.kind.groups
        if g.minimum and option[0] not in g.options and not stated & set(g.options)
    )
    covers = sum(1 for f in foreign if t.find(f.name) is not None)
    ratio = _name_ratio(normalise(name), normalise(model))
    return room, space, -unstated, covers, ratio


def _room(
    t: _Type,
    option: str,
    moved_to: dict[str, int],
    carried: dict[str, dict[str, int]],
    lent: dict[str, int] | None = None,
) -> bool:
    """Tell whether the models already moved to a type still have room for an option: in
    every group that holds it ("Incinerator" or "Storm bolter" as the banner bearer's one
    weapon choice). ``lent``: items the moved models took from the line's pool for their
    groups, which an item of their own in the group replaces (see _give_back)."""
    name = t.kind.name
    if name not in moved_to:
        return False
    moved, gear = moved_to[name], carried[name]
    if gear.get(option, 0) >= moved:
        return False
    lent = lent or {}
    groups = [g for g in t.kind.groups if option in g.options]
    return not groups or any(
        sum(gear.get(o, 0) - lent.get(o, 0) for o in g.options) < moved * g.maximum for g in groups
    )


def _give_back(
    t: _Type,
    taken: tuple[str, int],
    borrowed: dict[tuple[str, int], tuple[str, int]],
    gear: dict[str, int],
    pool: dict[str, int],
) -> None:
    """The moved models' own item of a group ("Plasma pistol" of the Pistol choice)
    replaces as many of what they took from the line's pool for it ("Bolt pistol"):
    those go back to the pool."""
    option, count = taken
    for at, group in enumerate(t.kind.groups):
        lent = borrowed.get((t.kind.name, at))
        if lent is None or option not in group.options:
            continue
        choice, held = lent
        back = min(held, count)
        gear[choice] = gear.get(choice, 0) - back
        if gear[choice] <= 0:
            gear.pop(choice)
        pool[choice] = pool.get(choice, 0) + back
        if held > back:
            borrowed[(t.kind.name, at)] = (choice, held - back)
        else:
            del borrowed[(t.kind.name, at)]


def _held_elsewhere(t: _Type, pool: dict[str, int], parts_of: dict[str, set[str]]) -> None:
    """Drop an option the pool holds only for weapons another of its options holds too:
    the Exarch's "Shuriken pistol" beside her "Biting Blade" (which holds one) is not a
    "Scorpion Chainsword and Shuriken Pistol" as well."""
    for option, weapons in parts_of.items():
        others = [o for o in pool if o != option and o not in parts_of]
        if any(weapons <= t.parts.get(o, frozenset()) for o in others):
            pool.pop(option, None)


def _lent(
    borrowed: dict[tuple[str, int], tuple[str, int]], name: str
) -> dict[tuple[int, str], int]:
    return {(at, c): n for (t, at), (c, n) in borrowed.items() if t == name}


def _in_final(names: GearNames, t: _Type, item: str) -> bool:
    """Tell an item the final data gives this model type where the data read has it for
    no type: an older month's "Sister Superior" without her close combat weapon. It is
    read as stated; that month's loadout keeps its defaults there."""
    own = model_key(t.kind.name)
    return any(
        model_key(kind) == own and _final_holds(names, items, item)
        for kind, items in names.final_items
    )


def _final_holds(names: GearNames, items: Sequence[str], item: str) -> bool:
    """Tell an item one of a final model type's items is, by its name, a former name
    ("Xenos claws and teeth" of the final "Chitinous claws and teeth") or a part of
    either ("Drum-fed autogun" of the former "Drum-fed Autogun and Close Combat Weapon")."""
    key = _singular(normalise(item))
    finals = {_singular(normalise(i)) for i in items}
    if key in finals:
        return True
    named = [normalise(i) for i in items]
    named += [former for former, option in names.aliases if _singular(normalise(option)) in finals]
    return any(
        key == _singular(part.strip())
        for name in named
        for part in (name, *name.replace(",", " and ").split(" and "))
    )


def _unnamed_fixed(
    types: Sequence[_Type],
    target: _Type,
    pool: dict[str, int],
    foreign: Sequence[GearLine],
    unit: str,
) -> GearLine | None:
    """The one item of a model line no type of the unit offers under any name, where the
    model's type has one fixed item (its only option, always carried) the line leaves
    out: the list names that item otherwise ("Runtherd tools" for the Runtherd's
    "Grot-smacka", "The Outcast's Weapons" for Kyganil's "The Outcast's Blades"). It is
    read as that item, which the defaults give; None where the line leaves no such pair."""
    unknown = [f for f in foreign if all(t.find(f.name) is None for t in types)]
    if len(unknown) != 1:
        return None
    fixed = _fixed_left(target, pool)
    alike = fixed and _alike(unknown[0].name, fixed, target.kind.name, unit)
    return unknown[0] if alike else None


def _unnamed_after(
    types: Sequence[_Type],
    matched: dict[tuple[str, int, int | None], _Type],
    loose: Sequence[GearLine],
    item: GearLine,
    carried: dict[str, dict[str, int]],
    unit: str,
) -> bool:
    """Tell a loose item no type offers under any name, the only such item after its
    model line ("• 1x Runtherd", "• 1x Runtherd tools", "1x Slugga"), whose model's type
    has one fixed item that line's models are not given: the list's name for that item
    (see _unnamed_fixed)."""
    after = _after(matched, item.line)
    if after is None or item.count > 1:
        return False
    unknown = [
        g
        for g in loose
        if _after(matched, g.line) is after and all(t.find(g.name) is None for t in types)
    ]
    if unknown != [item]:
        return False
    fixed = _fixed_left(after, carried.get(after.kind.name, {}))
    return fixed is not None and _alike(item.name, fixed, after.kind.name, unit)


def _fixed_left(t: _Type, gear: dict[str, int]) -> str | None:
    """The one fixed item (a group's only option, always carried) of a model type that the
    gear stated for it leaves out; None where there is none or several."""
    left = [
        g.options[0]
        for g in t.kind.groups
        if len(g.options) == 1 and g.minimum == g.maximum >= 1 and g.options[0] not in gear
    ]
    return left[0] if len(left) == 1 else None


def _alike(written: str, fixed: str, model: str, unit: str) -> bool:
    """Tell a name that shares a word of its own with the fixed item ("The Outcast's
    Weapons" for "The Outcast's Blades", "Berzerker chainsaw" for "Berserker chainblade"),
    or starts with its model's name as its owner ("Runtherd tools" of the Runtherd):
    another weapon ("Power fist"), a kind word ("weapon") or an icon of the model's god
    ("Icon of Khorne" of a Khorne Berzerker) is no name for the item, nor is a word of the
    unit's own name ("Battlesuit support system" for a Stealth Battlesuit's "Battlesuit
    fists")."""
    words = _singular(normalise(written)).split()
    if not words:
        return False
    shared = set(words) & set(_singular(normalise(fixed)).split())
    shared -= set(_singular(normalise(unit)).split())
    if any(len(w) > 3 and w not in KIND_WORDS for w in shared):
        return True
    return words[0] in _singular(normalise(model)).split() and len(words[0]) > 3


def _add(into: dict[str, int], option: str, count: int, combo: bool = False) -> None:
    if combo:
        # Each part of a combined option names the same item: keep the largest count.
        into[option] = max(into.get(option, 0), count)
    elif count:
        into[option] = into.get(option, 0) + count


def _per(item: GearLine, per: int) -> int:
    """How many options an item line stands for (per 0: a part of a combined option)."""
    return _per_count(item.count, per)


def _per_count(count: int, per: int) -> int:
    return count if per == 0 else max(count // per, 1)


def resolve_gear(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    models: int,
    gear: Sequence[GearLine],
    dropped: Sequence[GearLine] = (),
    names: GearNames = NO_NAMES,
) -> tuple[tuple[core.Loadout, ...], list[Unplaced]]:
    """Return the loadout the lines state (empty: none stated) and the lines left over.

    What the lines leave out takes the defaults (``complete_loadout``): models of a type
    no line states, and the groups a type's lines give nothing or too little of, whether
    left out, unplaced or ``dropped`` by the player.
    """
    found = _resolve(sheet, unit_name, models, gear, dropped, names)
    if not loadout_excess(sheet, found[0], models):
        return found
    # New Recruit's WTC text writes an item twice in one line where two of the model's
    # selections hold it ("1 with Bolt Pistol, Close Combat Weapon, Master-crafted Heavy
    # Bolter, Close Combat Weapon"), the app's text twice under one model line ("• 1x
    # Chosen", "1x Power fist", ..., "1x Power fist"): where twice breaks a rule, the
    # model's lines are read with it once, kept only where that reading is legal.
    again = _resolve(sheet, unit_name, models, gear, dropped, names, once=True)
    if again[0] and not loadout_excess(sheet, again[0], models):
        return again
    return found


def _once(gear: Sequence[GearLine]) -> list[GearLine]:
    """The lines less an item a model's line names again, with the same count: on the
    line itself, or under the same model line."""
    seen: set[tuple[int, str | None, int, str]] = set()
    out = []
    for g in gear:
        held = g.model_line if g.model_line is not None else g.line
        key = (held, g.model, g.count, normalise(g.name))
        if g.model is not None and g.name and key in seen:
            continue
        seen.add(key)
        out.append(g)
    return out


def _resolve(
    sheet: core.Datasheet,
    unit_name: str,
    models: int,
    gear: Sequence[GearLine],
    dropped: Sequence[GearLine],
    names: GearNames,
    *,
    once: bool = False,
) -> tuple[tuple[core.Loadout, ...], list[Unplaced]]:
    """Place the lines; ``once``: each model's item named twice counted once (nothing
    where no item is named twice)."""
    types = _types(sheet, names)
    if not types:
        return (), []
    # Lines naming the unit or a model type are model lines, not wargear (wargear_names).
    read = read_lines(sheet, unit_name, gear, names)
    lines = read.lines
    if once:
        kept = _once(lines)
        lines = kept if len(kept) < len(lines) else []
    if not lines:
        return (), []
    counts: dict[str, int] = defaultdict(int)
    carried: dict[str, dict[str, int]] = defaultdict(dict)
    unplaced: list[Unplaced] = []
    by_model: dict[tuple[str, int, int | None], list[GearLine]] = defaultdict(list)
    loose: list[GearLine] = []
    first_line: dict[str, int] = {}
    # "• 10x Khorne Berzerkers" with nothing under it names the unit itself, not one of
    # its model types: it states the unit's size only, and the models keep their defaults.
    own = normalise(unit_name)
    own_is_type = any(normalise(t.kind.name) == own for t in types)
    for g in lines:
        if not g.name and g.model is not None and not own_is_type and normalise(g.model) == own:
            continue
        if g.model is None:
            loose.append(g)
        else:
            at = g.model_line
            if at is None:
                at = first_line.setdefault(g.model + str(g.models), g.line)
            by_model[(g.model, at, g.models)].append(g)
    exact = {
        t.kind.name
        for t in types
        for (model, _l, _s) in by_model
        if _singular(normalise(t.kind.name)) == _singular(normalise(model))
    }
    matched = {
        key: _match_type(types, key[0], items, exact - {key[0]}, key[2] or 1, sheet.fill)
        for key, items in by_model.items()
    }
    targets = {id(t) for t in matched.values()}
    # Types given items that the text left loose after their model line.
    attached = {
        matched[key].kind.name
        for key, items in by_model.items()
        if any(item.name and read.stated(item).model is None for item in items)
    }
    # Written names read as a model's one unstated fixed item (_unnamed_fixed).
    read_as: set[str] = set()
    for (model, _line, stated), items in by_model.items():
        n = stated or 1
        target = matched[(model, _line, stated)]
        pool: dict[str, int] = {}
        # Options the pool holds only for a weapon named as a part of them.
        parts_of: dict[str, set[str]] = {}
        foreign: list[GearLine] = []
        # "Power klaw, Slugga": the slugga is the klaw's option's, not another choice.
        parts = absorbed(target, items)
        for item in items:
            if not item.name:
                continue  # a model line without items
            found = target.find(item.name)
            if found is None:
                foreign.append(item)
            elif item.count > parts.get(id(item), 0):
                soft = found[1] == 0 or id(item) in read.implied
                if found[1] == 0 and found[0] not in pool:
                    parts_of.setdefault(found[0], set()).add(_singular(normalise(item.name)))
                count = item.count - parts.get(id(item), 0)
                _add(pool, found[0], _per_count(count, found[1]), combo=soft)
        _held_elsewhere(target, pool, parts_of)
        fixed = _unnamed_fixed(types, target, pool, foreign, sheet.name)
        if fixed is not None:
            read_as.add(normalise(fixed.name))
            foreign = [f for f in foreign if f is not fixed]
        moved_to: dict[str, int] = {}
        # (type, group index) -> (option, count) the moved models took from the pool.
        borrowed: dict[tuple[str, int], tuple[str, int]] = {}
        # A line naming a one-model type ("• 1x Novitiate Superior") keeps its model.
        pinned = target.kind.maximum <= 1 and target.kind.name in exact
        for item in foreign:
            # Only another type offers it: the models that carry it are of that type.
            offering = [
                t
                for t in types
                if t is not target
                and not pinned
                and id(t) not in targets
                and t.find(item.name) is not None
            ]
            if not offering:
                if not _in_final(names, target, item.name):
                    unplaced.append(Unplaced(read.stated(item), _suggest(types, item.name)))
                continue

            scored = [
                (_fit(t, item, moved_to, carried, foreign, model, pool), -i)
                for i, t in enumerate(offering)
            ]
            other = offering[-max(scored)[1]]
            option, per = other.find(item.name)  # type: ignore[misc]
            count = _per(item, per)
            name = other.kind.name
            lent = {c: n for (at, c), n in _lent(borrowed, name).items()}
            if _room(other, option, moved_to, carried, lent):
                _give_back(other, (option, count), borrowed, carried[name], pool)
                _add(carried[name], option, count)
                continue
            moved = min(count, n)
            n -= moved
            moved_to[name] = moved_to.get(name, 0) + moved
            counts[name] += moved
            _add(carried[name], option, count)
            # The moved models' other wargear comes out of the line's pool.
            for at, group in enumerate(other.kind.groups):
                if option in group.options or not group.minimum:
                    continue
                for choice in group.options:
                    if pool.get(choice, 0) > 0:
                        take = min(pool[choice], moved * group.minimum)
                        _add(carried[name], choice, take)
                        pool[choice] -= take
                        was = borrowed.get((name, at), (choice, 0))[1]
                        borrowed[(name, at)] = (choice, was + take)
                        break
        counts[target.kind.name] += n
        for option, count in pool.items():
            _add(carried[target.kind.name], option, count)
    # What the model lines themselves give each type, before the loose items come.
    lined = {name: dict(gear) for name, gear in carried.items()}
    if loose:
        if not by_model:
            # No model lines: the defaults say how many of each type there are.
            for part in default_loadout(sheet, models):
                counts[part.model] += part.models
        spare = _leftover(sheet, models, counts) if by_model else {}
        first_model = min((at for (_m, at, _s) in by_model), default=None)
        by_name = {t.kind.name: t for t in types}
        left_out: set[str] = set()
        # The items only one type offers first ("1x Rokkit launcha" before "1x Close
        # combat weapon"): the models they take are there for the items many types offer.
        offer_counts = {id(g): sum(1 for t in types if t.find(g.name)) for g in loose}
        for item in sorted(loose, key=lambda g: offer_counts[id(g)] != 1):
            before = first_model is not None and item.line < first_model
            if before and _carries(names, by_name, spare, item):
                continue
            ranked = sorted(types, key=lambda t: counts.get(t.kind.name, 0) == 0)
            after = _after(matched, item.line)
            if after is not None and item.count <= counts.get(after.kind.name, 0):
                # "• 1x Boss Nob", "• 1x Power klaw", "• 1x Slugga" (the app's layout
                # pasted flat): a loose item the model line before it can hold is its.
                ranked.sort(key=lambda t: t is not after)
            if before:
                # "-4 Bolt pistol, 4 Duelling Sabre" above "-1x Obsessionist, Bolt pistol":
                # items stated before the model lines are the models those lines leave out.
                ranked.sort(key=lambda t: t.kind.name not in spare)
            holder = next((t for t in ranked if t.find(item.name)), None)
            if holder is None and (
                normalise(item.name) in read_as
                or any(_in_final(names, t, item.name) for t in types)
                or _unnamed_after(types, matched, loose, item, carried, sheet.name)
            ):
                # "• 1x Homing Beacon" a later month's data gives, "8 Berzerker chainsaw"
                # as a model line above read it: stated, the defaults kept.
                continue
            if holder is None:
                unplaced.append(Unplaced(read.stated(item), _suggest(types, item.name)))
                continue
            option, per = holder.find(item.name)  # type: ignore[misc]
            soft = per == 0 or id(item) in read.implied
            name = holder.kind.name
            if per == 0 and _holds(holder, carried[name], item.name):
                continue  # the Nob's loose "• 1x Slugga" of his "Power klaw and slugga"
            had = carried[name].get(option, 0)
            _add(carried[name], option, _per(item, per), combo=soft)
            if before:
                left_out.add(name)
            if counts.get(name, 0) == 0:
                if name in spare or not by_model:
                    counts[name] = spare.get(name) or 1
                else:
                    need = min(max(carried[name].get(option, 0) - had, 1), holder.kind.maximum)
                    counts[name] = _borrow(counts, spare, need)
        _share(types, left_out, counts, carried)
    # What the lines leave out (a model type, a group, an unplaced or dropped item) the
    # rules core fills from the datasheet's defaults.
    placed = tuple(
        core.Loadout(t.kind.name, counts[t.kind.name], tuple(sorted(carried[t.kind.name].items())))
        for t in types
        if counts.get(t.kind.name, 0) > 0
    )
    completed = complete_loadout(sheet, models, placed)
    if loadout_excess(sheet, completed, models):
        # Placed as the lines say, the items break a rule: a placing over the unit's model
        # types that carries the same items legally is how a judge reads the unit.
        # A line naming a one-model type ("• 1x Khorne Berzerker Champion: Plasma pistol,
        # Bolt pistol") says what that model carries: its items stay on it.
        # Not so for items the export left loose after it ("• 1x Cultist Champion",
        # "• 10x Autopistol"): those may be any model's.
        kept_on = {
            t.kind.name: lined.get(t.kind.name, {})
            for t in types
            if t.kind.name in exact and t.kind.maximum <= 1 and t.kind.name not in attached
        }
        completed = spread(sheet, models, placed, kept_on) or completed
    return completed, unplaced


def _room_in(kind: core.ModelType, models: int, gear: dict[str, int], option: str) -> int:
    """How many more of ``option`` the type's ``models`` hold in the groups offering it
    (negative: too many already)."""
    groups = [g for g in kind.groups if option in g.options and not g.cap]
    if not groups:
        return 0
    return sum(models * g.maximum - sum(gear.get(o, 0) for o in g.options) for g in groups)


def _share(
    types: Sequence[_Type],
    names: set[str],
    counts: dict[str, int],
    carried: dict[str, dict[str, int]],
) -> None:
    """Share the items stated for the models the model lines leave out among those
    models' types: "-5 Boltgun, 9 Bolt pistol, 4 Melta-gun, 9 Close combat weapon,
    Simulacrum Imperialis" is nine models of three types, not nine pistols on the four
    of the first type. What one type holds beyond its models' room goes to another of
    them with room; the counts stated are kept."""
    kinds = [t.kind for t in types if t.kind.name in names and counts.get(t.kind.name, 0) > 0]
    for kind in kinds:
        gear = carried[kind.name]
        for option in sorted(gear):
            over = -_room_in(kind, counts[kind.name], gear, option)
            for other in kinds:
                if over <= 0:
                    break
                if other is kind:
                    continue
                room = _room_in(other, counts[other.name], carried[other.name], option)
                moved = min(over, room)
                if moved <= 0:
                    continue
                gear[option] -= moved
                _add(carried[other.name], option, moved)
                over -= moved
            if gear.get(option) == 0:
                gear.pop(option)


def _holds(t: _Type, gear: dict[str, int], item: str) -> bool:
    """Tell a weapon one of the options the type already carries is made of."""
    key = _singular(normalise(item))
    return any(key in t.parts.get(option, frozenset()) for option in gear)


def _after(matched: dict[tuple[str, int, int | None], _Type], line: int) -> _Type | None:
    """The type of the last model line before ``line``, if any."""
    before = [(at, t) for (_m, at, _s), t in matched.items() if at < line]
    return max(before, key=lambda pair: pair[0])[1] if before else None


def _carries(
    names: GearNames, types: dict[str, _Type], spare: dict[str, int], item: GearLine
) -> bool:
    """Tell an item stated once for each of the models the model lines leave out, which
    their type has no option for in the data read but carries in the final data ("-4 Bolt
    pistol" for the four Retributors of a month whose data gives them only their heavy
    weapon): what those models carry, as their datasheet equips them."""
    return any(
        n == item.count
        and types[name].find(item.name) is None
        and _in_final(names, types[name], item.name)
        for name, n in spare.items()
    )


def _borrow(counts: dict[str, int], spare: dict[str, int], need: int) -> int:
    """Take ``need`` models for a type only an item names ("-4 Melta-gun" above the
    Superior's model line: four models of the special-weapon type): from the models the
    model lines leave out, else from the largest type (every model accounted for)."""
    left = [(n, name) for name, n in spare.items() if n > 0]
    if left:
        n, donor = max(left)
        taken = min(n, need)
        spare[donor] -= taken
        if counts.get(donor, 0) > 0:
            counts[donor] = max(counts[donor] - taken, 0)
        return taken
    n, donor = max((n, name) for name, n in counts.items())
    taken = min(n - 1, need) if n > 1 else 0
    counts[donor] -= taken
    return max(taken, 1)


def _leftover(sheet: core.Datasheet, models: int, counts: dict[str, int]) -> dict[str, int]:
    """The models of each type no model line states, as the defaults fill the unit."""
    lined = tuple(core.Loadout(name, n) for name, n in counts.items() if n > 0)
    return {
        part.model: part.models
        for part in complete_loadout(sheet, models, lined)
        if counts.get(part.model, 0) == 0 and part.models > 0
    }


def _suggest(types: Sequence[_Type], name: str) -> tuple[str, ...]:
    return _suggest_among(tuple(t.kind for t in types), normalise(name))


# The same unplaceable item ("Heirloom weapon") recurs in every list of an event.
@lru_cache(maxsize=4096)
def _suggest_among(kinds: tuple[core.ModelType, ...], norm: str) -> tuple[str, ...]:
    options = list(dict.fromkeys(o for t in type_tables(kinds) for o, _ in t.options.values()))
    by_norm = {normalise(o): o for o in options}
    close = difflib.get_close_matches(norm, list(by_norm), n=5, cutoff=0.5)
    return tuple(by_norm[c] for c in close)


def stated_models(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    gear: Sequence[GearLine],
    names: GearNames = NO_NAMES,
) -> int | None:
    """The models a unit's model lines state, once the datasheet tells model lines from
    items ("• 1x Intercessor Sergeant", "• 4x Intercessor" with no items: 5); None where
    no line is a model line."""
    if not sheet.model_types:
        return None
    return read_lines(sheet, unit_name, gear, names).models()
