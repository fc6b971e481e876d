"""Spread a unit's stated items over its model types where the first placing breaks a rule.

wargear_resolve places each item on the model type its line names, or on the first type
offering it. Exports often say less than that: the app's "• 9x Khorne Berzerker" covers
three types of the data, a sergeant's item is written under the troopers, a squad's items
are listed once for all its models, a line is read twice. A judge reads such a unit by
what it carries in all: if the stated items can be carried by the unit's models in a way
the datasheet allows, the unit is legal as written.

So where the first placing is not legal (``loadout_excess`` of the rules core is above
0), the items are moved, one model or item at a time, between the model types that offer
them, each step taking the move that brings the loadout nearest to legal. The stated
count of every item is kept, only its place changes; the unit's model count too, only
the types' shares of it. A placing is kept only where the rules core finds it fully
legal; otherwise the first placing stands and its WARGEAR_CHOICE errors with it (a real
list can be illegal: three plasma pistols where two are allowed are three, placed any way).
The rules are the rules core's alone: this module only proposes placings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from armybuilder.rules import model as core
from armybuilder.rules.wargear import complete_loadout, loadout_excess
from rosters.formats.text_import.wargear_types import keys

# Steps of the search: each moves one model or some items; the worst units in the real
# lists need about thirty (twenty items on the wrong model, models on the wrong type).
MAX_STEPS = 80
# Moves in a row that bring the placing no nearer to legal.
MAX_LEVEL = 6
# Units bigger than this are not searched (hostile text): the first placing stands.
MAX_TYPES = 12
MAX_OPTIONS = 40


@dataclass(frozen=True)
class _Sheet:
    """The model types of a datasheet and the options each offers, in datasheet order."""

    names: tuple[str, ...]
    # Per type: each option it offers, under its name folded to lower case. One datasheet
    # may spell one weapon two ways ("Hot-shot Lasgun" on the troopers, "Hot-shot lasgun"
    # on the vox-caster trooper, Kasrkin in August 2023): an item moving to a type takes
    # that type's spelling.
    offers: tuple[dict[str, str], ...]
    maximum: tuple[int, ...]
    minimum: tuple[int, ...]
    # Per type: (option, other, take, give): ``take`` of ``option`` are the same weapons
    # as ``give`` of ``other`` ("2x Heavy bolter" and one "2 Heavy Bolters", both ways).
    pairs: tuple[tuple[tuple[str, str, int, int], ...], ...] = ()
    # Per type, where a line named that one model: the items that stay on it.
    kept: tuple[dict[str, int] | None, ...] = ()


# A placing: per model type (datasheet order), its models and option -> count.
_State = tuple[tuple[int, tuple[tuple[str, int], ...]], ...]


def _facts(sheet: core.Datasheet, kept: Mapping[str, Mapping[str, int]]) -> _Sheet:
    kinds = sheet.model_types
    offers = tuple({o.casefold(): o for g in k.groups for o in g.options} for k in kinds)
    return _Sheet(
        tuple(k.name for k in kinds),
        offers,
        tuple(k.maximum for k in kinds),
        tuple(k.minimum for k in kinds),
        tuple(
            _pairs(frozenset(options.values()), k.name)
            for options, k in zip(offers, kinds, strict=True)
        ),
        tuple(dict(kept[k.name]) if k.name in kept else None for k in kinds),
    )


def _pairs(options: frozenset[str], model: str = "") -> tuple[tuple[str, str, int, int], ...]:
    """The options of one type that are several of another: "2 Heavy Bolters" beside
    "Heavy Bolter", "Two Avenger Shuriken Catapults", "2 Additional Heavy Stubbers"; or
    the same weapon under the model's name: the Chimera's "Chimera Heavy Flamer" (its
    turret's) beside "Heavy Flamer" (its hull's), so that "2x heavy flamer" is both."""
    single = {keys(o)[0]: o for o in sorted(options) if keys(o)[1] == 1}
    own = keys(model)[0] + " " if model else ""
    found: list[tuple[str, str, int, int]] = []
    for option in sorted(options):
        key, per = keys(option)
        if per < 2:
            named = single.get(key.removeprefix(own)) if own and key.startswith(own) else None
            if named is not None and named != option:
                found += [(named, option, 1, 1), (option, named, 1, 1)]
            continue
        words = key.split()
        one = single.get(key) or (single.get(" ".join(words[1:])) if len(words) > 2 else None)
        if one is not None:
            found += [(one, option, per, 1), (option, one, 1, per)]
    return tuple(found)


def _state(facts: _Sheet, stated: Sequence[core.Loadout]) -> _State | None:
    by_name = {part.model: part for part in stated}
    if set(by_name) - set(facts.names):
        return None  # a type the datasheet has not: nothing to spread over
    return tuple(
        (
            by_name[name].models if name in by_name else 0,
            tuple(sorted((o, n) for o, n in by_name[name].wargear if n)) if name in by_name else (),
        )
        for name in facts.names
    )


def _loadout(facts: _Sheet, state: _State) -> tuple[core.Loadout, ...]:
    return tuple(
        core.Loadout(name, models, gear)
        for name, (models, gear) in zip(facts.names, state, strict=True)
        if models > 0
    )


def _with(
    gear: tuple[tuple[str, int], ...], option: str, change: int
) -> tuple[tuple[str, int], ...]:
    found = dict(gear)
    found[option] = found.get(option, 0) + change
    return tuple(sorted((o, n) for o, n in found.items() if n > 0))


def _moves(facts: _Sheet, state: _State, models: int) -> Iterator[_State]:
    """Every placing one step from ``state``: a model to another type (with or without one
    of its items), some of an item to another type offering it, or two items swapped."""
    size = len(state)
    total = sum(n for n, _ in state)
    for a in range(size):
        models_a, gear_a = state[a]
        yield from _reread(facts, state, a)
        # The last model of a type leaves only where no item is left on it.
        leaves = models_a > 1 or (models_a == 1 and not gear_a)
        if leaves and total > models:
            # More models stated than the unit has (a line read twice): one fewer.
            yield tuple((n - 1, g) if i == a else (n, g) for i, (n, g) in enumerate(state))
        for b in range(size):
            if a == b:
                continue
            models_b, gear_b = state[b]
            if models_a > 0 and models_b < facts.maximum[b]:
                if leaves:
                    moved = list(state)
                    moved[a], moved[b] = (models_a - 1, gear_a), (models_b + 1, gear_b)
                    yield tuple(moved)
                for option, _count in gear_a:
                    # A model taking one of its items along ("2x eviscerator" stated on
                    # the trooper type: those two models are of the eviscerator type).
                    alone = models_a > 1 or gear_a == ((option, 1),)
                    there = _offered(facts, b, option)
                    if alone and there is not None:
                        moved = list(state)
                        moved[a] = (models_a - 1, _with(gear_a, option, -1))
                        moved[b] = (models_b + 1, _with(gear_b, there, 1))
                        yield tuple(moved)
                kit = _kit(facts, state, a, b)
                if kit is not None:
                    yield kit
            if models_b == 0:
                continue  # items go only to models there are
            for option, count in gear_a:
                there = _offered(facts, b, option)
                if there is None:
                    continue
                for take in dict.fromkeys((1, count)):
                    moved = list(state)
                    moved[a] = (models_a, _with(gear_a, option, -take))
                    moved[b] = (models_b, _with(gear_b, there, take))
                    yield tuple(moved)
                if b < a:
                    continue  # each pair of types once for swaps
                for other, _n in gear_b:
                    here = _offered(facts, a, other)
                    if other == there or here is None:
                        continue
                    moved = list(state)
                    moved[a] = (models_a, _with(_with(gear_a, option, -1), here, 1))
                    moved[b] = (models_b, _with(_with(gear_b, other, -1), there, 1))
                    yield tuple(moved)


def _offered(facts: _Sheet, kind: int, option: str) -> str | None:
    """The name model type ``kind`` offers ``option`` under, or None where it does not."""
    return facts.offers[kind].get(option.casefold())


def _reread(facts: _Sheet, state: _State, a: int) -> Iterator[_State]:
    """The same weapons read as the type's other option: two of "Heavy Bolter" as one
    "2 Heavy Bolters", or one pair as two."""
    models_a, gear_a = state[a]
    carried = dict(gear_a)
    for option, other, take, give in facts.pairs[a]:
        if carried.get(option, 0) < take:
            continue
        gear = _with(_with(gear_a, option, -take), other, give)
        moved = list(state)
        moved[a] = (models_a, gear)
        yield tuple(moved)


def _kit(facts: _Sheet, state: _State, a: int, b: int) -> _State | None:
    """One model of type ``a`` moved to type ``b`` with its share of every item ``b``
    offers (all of them, for the last model); None where the last model would leave an
    item behind, or it takes nothing."""
    models_a, gear_a = state[a]
    models_b, gear_b = state[b]
    left, taken = dict(gear_a), dict(gear_b)
    moved_any = False
    for option, count in gear_a:
        share = -(-count // models_a)
        there = _offered(facts, b, option)
        if there is None:
            if models_a == 1:
                return None
            continue
        left[option] = count - share
        taken[there] = taken.get(there, 0) + share
        moved_any = True
    if not moved_any:
        return None
    moved = list(state)
    moved[a] = (models_a - 1, tuple(sorted((o, n) for o, n in left.items() if n > 0)))
    moved[b] = (models_b + 1, tuple(sorted((o, n) for o, n in taken.items() if n > 0)))
    return tuple(moved)


def _keeps(facts: _Sheet, start: _State, state: _State) -> bool:
    """Tell whether a placing leaves the ``kept`` types their models and the items first
    placed on them (items may come to them, and a line read twice may lose its copy)."""
    for i, kept in enumerate(facts.kept):
        if kept is None:
            continue
        models, first = state[i][0], start[i][0]
        if not min(first, facts.maximum[i]) <= models <= first:
            return False
        have = dict(state[i][1])
        # The same weapons read as the type's other option keep them: two "Avenger
        # shuriken catapult" lines as one "Two Avenger Shuriken Catapults".
        for option, other, take, give in facts.pairs[i]:
            have[other] = have.get(other, 0) + dict(state[i][1]).get(option, 0) // take * give
        if any(have.get(option, 0) < count for option, count in kept.items()):
            return False
    return True


def spread(
    sheet: core.Datasheet,
    models: int,
    stated: Sequence[core.Loadout],
    kept: Mapping[str, Mapping[str, int]] | None = None,
) -> tuple[core.Loadout, ...] | None:
    """Return a legal placing of the ``stated`` items over the unit's model types, completed
    from the defaults as ``complete_loadout`` does, or None where the search finds none.

    ``stated`` is the first placing (before completion); each item keeps its stated count.
    The model types ``kept`` keep their models and the items given (more may come).
    """
    facts = _facts(sheet, kept or {})
    # The models the lines leave out are there too, with nothing stated: items may go
    # to them ("• 3x Assault Bolters" under the sergeant is the whole squad's).
    counts = {part.model: part.models for part in complete_loadout(sheet, models, stated)}
    given = {part.model for part in stated}
    unstated = [core.Loadout(name, n) for name, n in counts.items() if name not in given]
    start = _state(facts, [*stated, *unstated])
    if start is None or len(facts.names) > MAX_TYPES:
        return None
    if sum(len(gear) for _n, gear in start) > MAX_OPTIONS:
        return None

    def weigh(state: _State) -> int:
        loadout = complete_loadout(sheet, models, _loadout(facts, state))
        return loadout_excess(sheet, loadout, models)

    state, excess = start, weigh(start)
    seen = {start}
    level = 0
    for _step in range(MAX_STEPS):
        if excess == 0:
            return complete_loadout(sheet, models, _loadout(facts, state))
        best: tuple[int, _State] | None = None
        for moved in _moves(facts, state, models):
            if moved in seen:
                continue
            seen.add(moved)
            if not _keeps(facts, start, moved):
                continue
            weight = weigh(moved)
            if weight <= excess and (best is None or weight < best[0]):
                best = (weight, moved)
                if weight == 0:
                    break
        if best is None:
            return None
        # A move that brings nothing nearer may open one that does (an item off a model
        # before the model leaves): a few in a row, never back to a placing seen.
        level = level + 1 if best[0] == excess else 0
        if level > MAX_LEVEL:
            return None
        excess, state = best
    return None
