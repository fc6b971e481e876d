"""Place a unit's wargear lines on its datasheet's model types and options.

Model lines are matched to model types by name ("Khorne Berzerker Champion"); where one
line covers models the data splits into several types (the app's "9x Khorne Berzerker"
with two eviscerators), the items only another type offers take their models to that
type. Items are matched to options by name, also when the data counts them in pairs ("2
Storm Bolters" for "2x Storm bolter"). What cannot be placed is returned with its line,
for the resolver to report like an unknown unit.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from armybuilder.rules import model as core
from armybuilder.rules.wargear import complete_loadout, default_loadout
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.model import GearLine

_PAIR = re.compile(r"^(?P<count>\d{1,2}|two|three|four) (?P<name>.+)$")
_WORDS = {"two": 2, "three": 3, "four": 4}


def _word(word: str) -> str:
    if len(word) > 4 and word.endswith("ives"):
        return word[:-3] + "fe"  # knives, knife
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


# Option and model names repeat across every list checked; folding them is pure.
@lru_cache(maxsize=16384)
def _singular(norm: str) -> str:
    """Fold plurals word by word ("scouts w boltgun"), and drop a leading "the" and a
    "legends" tag, as lists and the data differ there."""
    words = [_word(w) for w in norm.split()]
    if words and words[0] == "the":
        words = words[1:]
    if words and words[-1] == "legend":
        words = words[:-1]
    return " ".join(words)


@lru_cache(maxsize=16384)
def _keys(name: str) -> tuple[str, int]:
    """Fold an option or item name; "2 storm bolters" is 2 of "storm bolter"."""
    norm = normalise(name)
    pair = _PAIR.match(norm)
    if pair:
        count = pair["count"]
        return _singular(pair["name"]), _WORDS.get(count) or int(count)
    return _singular(norm), 1


@dataclass
class Unplaced:
    gear: GearLine
    suggestions: tuple[str, ...] = ()


@dataclass
class _Type:
    kind: core.ModelType
    # Folded name -> (option, how many items one option stands for).
    options: dict[str, tuple[str, int]] = field(default_factory=dict)
    # Options that are two weapons in one ("Overlord's blade and tachyon arrow"), by part.
    combos: dict[str, str] = field(default_factory=dict)

    # Folded exact name -> option.
    exact: dict[str, str] = field(default_factory=dict)

    def find(self, name: str) -> tuple[str, int] | None:
        option = self.exact.get(normalise(name))
        if option is not None:
            return option, 1
        key, _ = _keys(name)
        found = self.options.get(key)  # "2x Storm bolter" finds "2 Storm Bolters" per 2
        if found is None and key in self.combos:
            # One combined option stands for each of its parts: counted once (see _add).
            return self.combos[key], 0
        return found


def _types(sheet: core.Datasheet) -> list[_Type]:
    return list(_type_tables(sheet.model_types))


# A datasheet's model types are the same facts every check; their folded tables are
# read-only once built, so they are built once.
@lru_cache(maxsize=4096)
def _type_tables(model_types: tuple[core.ModelType, ...]) -> tuple[_Type, ...]:
    found = []
    for kind in model_types:
        entry = _Type(kind)
        for group in kind.groups:
            for option in group.options:
                key, per = _keys(option)
                entry.options.setdefault(key, (option, per))
                entry.exact.setdefault(normalise(option), option)
                parts = normalise(option).split(" and ")
                if len(parts) > 1:
                    for part in parts:
                        entry.combos.setdefault(_keys(part)[0], option)
        found.append(entry)
    return tuple(found)


def _same(a: str, b: str) -> bool:
    """Tell names that differ only by plurals, or where one starts with the other."""
    a, b = _singular(a), _singular(b)
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


def _match_type(
    types: Sequence[_Type], model: str, items: Iterable[GearLine], taken: Iterable[str] = ()
) -> _Type:
    norm = _singular(normalise(model))
    items = list(items)

    def offered(t: _Type) -> int:
        return sum(1 for g in items if t.find(g.name) is not None)

    named = [t for t in types if _singular(normalise(t.kind.name)) == norm]
    if named:
        return named[0]
    # A type another line names exactly is that line's.
    free = [t for t in types if t.kind.name not in set(taken)]
    close = [t for t in free if _same(normalise(t.kind.name), norm)]
    pool = close or free or list(types)
    # Prefer the type that offers most of the items, then the one whose name is closest
    # (the name is compared only between types that offer as many).
    counts = [offered(t) for t in pool]
    most = max(counts)
    tied = [t for t, n in zip(pool, counts, strict=True) if n == most]
    if len(tied) == 1:
        return tied[0]
    return max(
        tied, key=lambda t: difflib.SequenceMatcher(None, normalise(t.kind.name), norm).ratio()
    )


def _fit(
    t: _Type,
    item: GearLine,
    moved_to: dict[str, int],
    carried: dict[str, dict[str, int]],
    foreign: list[GearLine],
    model: str,
) -> tuple[bool, int, float]:
    """Rank a type for a line's item only it offers: one these models already went to and
    that still lacks the item, then the one offering most of the line's foreign items, then
    the closest name."""
    option = t.find(item.name)
    assert option is not None
    name = t.kind.name
    room = name in moved_to and carried[name].get(option[0], 0) < moved_to[name]
    covers = sum(1 for f in foreign if t.find(f.name) is not None)
    ratio = difflib.SequenceMatcher(None, normalise(name), normalise(model)).ratio()
    return room, covers, ratio


def _add(into: dict[str, int], option: str, count: int, combo: bool = False) -> None:
    if combo:
        # Each part of a combined option names the same item: keep the largest count.
        into[option] = max(into.get(option, 0), count)
    elif count:
        into[option] = into.get(option, 0) + count


def _per(item: GearLine, per: int) -> int:
    """How many options an item line stands for (per 0: a part of a combined option)."""
    return item.count if per == 0 else max(item.count // per, 1)


def resolve_gear(
    *,
    sheet: core.Datasheet,
    unit_name: str,
    models: int,
    gear: Sequence[GearLine],
    dropped: Sequence[GearLine] = (),
) -> tuple[tuple[core.Loadout, ...], list[Unplaced]]:
    """Return the loadout the lines state (empty: none stated) and the lines left over.

    What the lines leave out takes the defaults (``complete_loadout``): models of a type
    no line states, and the groups a type's lines give nothing or too little of, whether
    left out, unplaced or ``dropped`` by the player.
    """
    types = _types(sheet)
    if not types:
        return (), []
    unit_norm = normalise(unit_name)
    type_names = {normalise(t.kind.name) for t in types}
    lines = [
        g
        for g in gear
        # A line naming the unit or a model type is a model count, not wargear.
        if not (g.model is None and _singular(normalise(g.name)) == _singular(unit_norm))
        and normalise(g.name) not in type_names
    ]
    if not lines:
        return (), []
    counts: dict[str, int] = defaultdict(int)
    carried: dict[str, dict[str, int]] = defaultdict(dict)
    unplaced: list[Unplaced] = []
    by_model: dict[tuple[str, int, int | None], list[GearLine]] = defaultdict(list)
    loose: list[GearLine] = []
    first_line: dict[str, int] = {}
    for g in lines:
        if g.model is None:
            loose.append(g)
        else:
            key = (g.model, first_line.setdefault(g.model + str(g.models), g.line), g.models)
            by_model[key].append(g)
    exact = {
        t.kind.name
        for t in types
        for (model, _l, _s) in by_model
        if _singular(normalise(t.kind.name)) == _singular(normalise(model))
    }
    matched = {
        key: _match_type(types, key[0], items, exact - {key[0]}) for key, items in by_model.items()
    }
    targets = {id(t) for t in matched.values()}
    for (model, _line, stated), items in by_model.items():
        n = stated or 1
        target = matched[(model, _line, stated)]
        pool: dict[str, int] = {}
        foreign: list[GearLine] = []
        for item in items:
            found = target.find(item.name)
            if found is None:
                foreign.append(item)
            else:
                _add(pool, found[0], _per(item, found[1]), combo=found[1] == 0)
        moved_to: dict[str, int] = {}
        for item in foreign:
            # Only another type offers it: the models that carry it are of that type.
            offering = [
                t
                for t in types
                if t is not target and id(t) not in targets and t.find(item.name) is not None
            ]
            if not offering:
                unplaced.append(Unplaced(item, _suggest(types, item.name)))
                continue

            scored = [
                (_fit(t, item, moved_to, carried, foreign, model), -i)
                for i, t in enumerate(offering)
            ]
            other = offering[-max(scored)[1]]
            option, per = other.find(item.name)  # type: ignore[misc]
            count = _per(item, per)
            name = other.kind.name
            if name in moved_to and carried[name].get(option, 0) < moved_to[name]:
                _add(carried[name], option, count)
                continue
            moved = min(count, n)
            n -= moved
            moved_to[name] = moved_to.get(name, 0) + moved
            counts[name] += moved
            _add(carried[name], option, count)
            # The moved models' other wargear comes out of the line's pool.
            for group in other.kind.groups:
                if option in group.options or not group.minimum:
                    continue
                for choice in group.options:
                    if pool.get(choice, 0) > 0:
                        take = min(pool[choice], moved * group.minimum)
                        _add(carried[name], choice, take)
                        pool[choice] -= take
                        break
        counts[target.kind.name] += n
        for option, count in pool.items():
            _add(carried[target.kind.name], option, count)
    if loose:
        if not by_model:
            # No model lines: the defaults say how many of each type there are.
            for part in default_loadout(sheet, models):
                counts[part.model] += part.models
        for item in loose:
            ranked = sorted(types, key=lambda t: counts.get(t.kind.name, 0) == 0)
            target = next((t for t in ranked if t.find(item.name)), None)
            if target is None:
                unplaced.append(Unplaced(item, _suggest(types, item.name)))
                continue
            option, per = target.find(item.name)  # type: ignore[misc]
            _add(carried[target.kind.name], option, _per(item, per), combo=per == 0)
            if counts.get(target.kind.name, 0) == 0:
                counts[target.kind.name] = 1
    # What the lines leave out (a model type, a group, an unplaced or dropped item) the
    # rules core fills from the datasheet's defaults.
    stated = tuple(
        core.Loadout(t.kind.name, counts[t.kind.name], tuple(sorted(carried[t.kind.name].items())))
        for t in types
        if counts.get(t.kind.name, 0) > 0
    )
    return complete_loadout(sheet, models, stated), unplaced


def _suggest(types: Sequence[_Type], name: str) -> tuple[str, ...]:
    return _suggest_among(tuple(t.kind for t in types), normalise(name))


# The same unplaceable item ("Heirloom weapon") recurs in every list of an event.
@lru_cache(maxsize=4096)
def _suggest_among(kinds: tuple[core.ModelType, ...], norm: str) -> tuple[str, ...]:
    options = list(dict.fromkeys(o for t in _type_tables(kinds) for o, _ in t.options.values()))
    by_norm = {normalise(o): o for o in options}
    close = difflib.get_close_matches(norm, list(by_norm), n=5, cutoff=0.5)
    return tuple(by_norm[c] for c in close)
