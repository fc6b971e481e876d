"""The wargear a datasheet's model types offer, as tables to look written names up in.

A ``Type`` holds one model type's options by every key they are found by: the option's
folded name, its count-stripped and singular forms, its weapon profiles' names, its former
names (GearNames) and the combined forms of its pairs. wargear_names reads lines with them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from armybuilder.rules import model as core
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.written import family_aliases, spelling

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# Names kept looked up per model type or datasheet; past this (hostile text) none more.
MEMO = 1024
_PAIR = re.compile(
    r"^(?P<count>\d{1,2})x? (?P<name>.+)$|^(?P<word>one|two|three|four) (?P<rest>.+)$"
)
PAIRED = "paired "
_MODE = re.compile(r"\s+[-–—]\s+.*$")
_OWN_NAME = re.compile(r" (?:w|with) ")


@dataclass(frozen=True)
class GearNames:
    """Names one datasheet's data gives its options besides their own.

    ``profiles``: option -> the weapon profiles it holds (the Wargear row's ``weapons``).
    ``aliases``: folded former name (common.normalise) -> the option it is now, e.g. from
    the monthly data history ("Heirloom weapon" -> "Wolf Guard Weapon"). ``units``: the
    datasheet's former names ("Primaris Sword Brethren").
    """

    profiles: tuple[tuple[str, tuple[str, ...]], ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    # The datasheet's former names, which lists also write on its model lines.
    units: tuple[str, ...] = ()
    # The datasheet's ability names ("Command-link Drone (Aura)"), which some exports
    # list among the wargear: stated, nothing to place.
    abilities: tuple[str, ...] = ()
    # The final data's items by model type: an older month's data may lack one for the
    # same type ("Close combat weapon" of a Sister Superior); stated, nothing to place.
    final_items: tuple[tuple[str, tuple[str, ...]], ...] = ()


NO_NAMES = GearNames()


def _word(word: str) -> str:
    if len(word) > 4 and word.endswith("ives"):
        return word[:-3] + "fe"  # knives, knife
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


# Option and model names repeat across every list checked; folding them is pure.
@lru_cache(maxsize=16384)
def singular(norm: str) -> str:
    """Fold plurals word by word ("scouts w boltgun"), and drop a leading "the", a
    "legends" tag and the "linked" of "twin-linked", as lists and the data differ there."""
    words = [spelling(_word(w)) for w in norm.split()]
    # "Twin-linked lascannon": 10th edition's "Twin lascannon".
    words = [w for i, w in enumerate(words) if not (w == "linked" and words[i - 1 : i] == ["twin"])]
    if words and words[0] == "the":
        words = words[1:]
    if words and words[-1] == "legend":
        words = words[:-1]
    return " ".join(words)


@lru_cache(maxsize=16384)
def fold(name: str) -> str:
    """Fold a name as written: normalise, with "&" read as "and"."""
    return normalise(name.replace("&", " and "))


@lru_cache(maxsize=16384)
def keys(name: str) -> tuple[str, int]:
    """Fold an option or item name; "2 storm bolters" is 2 of "storm bolter"."""
    norm = fold(name)
    pair = _PAIR.match(norm)
    if pair:
        if pair["word"]:
            return singular(pair["rest"]), WORDS[pair["word"]]
        return singular(pair["name"]), int(pair["count"])
    return singular(norm), 1


def weapon_key(profile: str) -> str:
    return keys(_MODE.sub("", profile))[0]


@dataclass
class Type:
    """One model type's options by every name they are found by."""

    kind: core.ModelType
    # Folded name -> (option, how many items one option stands for).
    options: dict[str, tuple[str, int]] = field(default_factory=dict)
    # The same without spaces: "coaxial autocannon" and "co-axial autocannon".
    compact: dict[str, tuple[str, int]] = field(default_factory=dict)
    # Options that are two weapons in one ("Overlord's blade and tachyon arrow"), by part.
    combos: dict[str, str] = field(default_factory=dict)
    # Weapon profile -> the one option of this type holding it ("twin pulse carbine").
    profiles: dict[str, str] = field(default_factory=dict)
    # Parts more than one option holds ("cyclone missile launcher").
    shared: frozenset[str] = frozenset()
    # Parts and profiles without spaces: "co-axial autocannon" of "... coaxial autocannon".
    soft_compact: dict[str, str] = field(default_factory=dict)
    # Folded former name -> option.
    aliases: dict[str, str] = field(default_factory=dict)
    # Option -> the folded names of the weapons it is (its parts and profiles), where
    # it is more than one: "ectoplasma cannon and claws" is the cannon and the claws.
    parts: dict[str, frozenset[str]] = field(default_factory=dict)
    # Folded exact name -> option.
    exact: dict[str, str] = field(default_factory=dict)
    # Words a list may write before an option's name: the unit's model types'.
    prefixes: frozenset[str] = frozenset()
    # Folded group name less its last word ("mark of") -> the group's options by key.
    group_heads: tuple[tuple[str, dict[str, str]], ...] = ()
    # Names already looked up: every list names the same few.
    memo: dict[str, tuple[str, int] | None] = field(default_factory=dict)

    def find(self, name: str) -> tuple[str, int] | None:
        """Return (option, items per option), per 0 where the name is one weapon of an
        option holding several (a part or profile: counted once, not added)."""
        if name in self.memo:
            return self.memo[name]
        found = self._find(name)
        if len(self.memo) < MEMO:
            self.memo[name] = found
        return found

    def _find(self, name: str) -> tuple[str, int] | None:
        norm = fold(name)
        option = self.exact.get(norm) or self.aliases.get(norm)
        if option is not None:
            return option, 1
        key = keys(name)[0]
        return self._by_key(key) or self._prefixed(key)

    def _by_key(self, key: str) -> tuple[str, int] | None:
        found = self.options.get(key)  # "2x Storm bolter" finds "2 Storm Bolters" per 2
        if found is not None:
            return found
        alias = self.aliases.get(key)
        if alias is not None:
            return alias, 1
        found = self.compact.get(key.replace(" ", ""))
        if found is not None:
            return found
        # One option stands for each of its parts and profiles: counted once (see _add).
        option = (
            self.profiles.get(key)
            or self.combos.get(key)
            or self.soft_compact.get(key.replace(" ", ""))
        )
        return (option, 0) if option is not None else None

    def _prefixed(self, key: str) -> tuple[str, int] | None:
        """ "Berzerker chainblade", "Jakhal chainblades", "Mark of Nurgle"."""
        words = key.split()
        for cut in range(1, min(3, len(words) - 1) + 1):
            if all(w in self.prefixes for w in words[:cut]):
                found = self._by_key(" ".join(words[cut:]))
                if found is not None:
                    return found
        for head, options in self.group_heads:
            if key.startswith(head + " "):
                option = options.get(key[len(head) + 1 :])
                if option is not None:
                    return option, 1
        return None


def named_for_gear(kind: core.ModelType) -> bool:
    """Tell a model type named only for the options it carries: "Accursed weapon and
    combi-bolter", "Paired accursed weapons" (an older month's Chaos Terminators). Its
    name's words are no model's own name: "combi-weapon" is no "Combi" model's "weapon",
    the type's "Accursed weapon"."""
    offered = {keys(o)[0] for g in kind.groups for o in g.options}
    parts = [p for piece in kind.name.split(",") for p in fold(piece).split(" and ")]
    return all(keys(p)[0] in offered for p in parts if p.strip())


def _two_for_paired(entry: Type) -> None:
    """Read "Two Eightbound chainfists" as the type's "Paired Eightbound chainfists": the
    pair written with its count spelt out, where the type takes no one of the weapon alone
    (a type offering "Accursed weapon" reads "two accursed weapons" as two of it)."""
    for option in list(entry.exact.values()):
        norm = fold(option)
        if not norm.startswith(PAIRED):
            continue
        rest = norm[len(PAIRED) :]
        if keys(rest)[0] not in entry.options:
            entry.exact.setdefault(f"two {rest}", option)


# Tables by the identity of the facts they fold (the warm index keeps one object per
# datasheet): hashing a datasheet's model types would cost more than the lookup saves.
_TABLES: dict[tuple[int, int], tuple[object, object, tuple[Type, ...]]] = {}
MAX_TABLES = 4096


def type_tables(
    model_types: tuple[core.ModelType, ...], names: GearNames = NO_NAMES
) -> tuple[Type, ...]:
    """Fold a datasheet's option names once; the tables are read-only afterwards."""
    key = (id(model_types), id(names))
    kept = _TABLES.get(key)
    if kept is not None and kept[0] is model_types and kept[1] is names:
        return kept[2]
    found = _type_tables(model_types, names)
    if len(_TABLES) >= MAX_TABLES:
        _TABLES.clear()
    _TABLES[key] = (model_types, names, found)
    return found


@lru_cache(maxsize=MAX_TABLES)
def _type_tables(model_types: tuple[core.ModelType, ...], names: GearNames) -> tuple[Type, ...]:
    profiles = {option: held for option, held in names.profiles}
    aliases = dict(names.aliases)
    finals = dict(aliases)
    # The final data's option names (its profiles), and this data's.
    current = {normalise(o) for o in profiles}
    offered_here = {normalise(o) for k in model_types for g in k.groups for o in g.options}
    # The model's own name, not what it carries: "Khorne Berzerker" of "Khorne Berzerker
    # w/ eviscerator and plasma pistol"; none of a type named only for what it carries.
    prefixes = frozenset(
        w
        for kind in model_types
        if not named_for_gear(kind)
        for w in _OWN_NAME.split(singular(fold(kind.name)))[0].split()
        if len(w) > 2
    )
    found = []
    for kind in model_types:
        entry = Type(kind, prefixes=prefixes)
        profile_hits: dict[str, set[str]] = defaultdict(set)
        part_hits: dict[str, set[str]] = defaultdict(set)
        heads = []
        for group in kind.groups:
            by_key: dict[str, str] = {}
            for option in group.options:
                key, per = keys(option)
                by_key.setdefault(key, option)
                entry.options.setdefault(key, (option, per))
                entry.compact.setdefault(key.replace(" ", ""), (option, per))
                # "Deathspinner" for the Exarch's "Exarch's death spinner".
                words = key.split()
                if len(words) > 1 and words[0] in prefixes:
                    bare = " ".join(words[1:])
                    entry.options.setdefault(bare, (option, per))
                    entry.compact.setdefault(bare.replace(" ", ""), (option, per))
                entry.exact.setdefault(normalise(option), option)
                entry.exact.setdefault(fold(option), option)
                weapons: set[str] = set()
                # "Cyclone Missile Launcher, Storm Bolter & Chainfist" is three weapons.
                parts = [p for piece in option.split(",") for p in fold(piece).split(" and ")]
                if len(parts) > 1:
                    for part in parts:
                        part_key = keys(part)[0]
                        entry.combos.setdefault(part_key, option)
                        part_hits[part_key].add(option)
                        weapons.add(part_key)
                # An older month's option holds what the final data's option does.
                held = profiles.get(option) or profiles.get(finals.get(normalise(option), ""), ())
                for profile in held:
                    profile_key = weapon_key(profile)
                    profile_hits[profile_key].add(option)
                    weapons.add(profile_key)
                if len(weapons) > 1:
                    entry.parts[option] = frozenset(weapons)
            head = " ".join(fold(group.name).split()[:-1])
            if head.endswith(" of"):
                heads.append((head, by_key))
        entry.group_heads = tuple(heads)
        _two_for_paired(entry)
        entry.profiles = {k: next(iter(v)) for k, v in profile_hits.items() if len(v) == 1}
        entry.shared = frozenset(k for k, n in part_hits.items() if len(n) > 1)
        for key, option in (*entry.combos.items(), *entry.profiles.items()):
            entry.soft_compact.setdefault(key.replace(" ", ""), option)
        offered = list(dict.fromkeys(o for group in kind.groups for o in group.options))
        # Every name of an option's family across the monthly data finds it, in the
        # month's data as in the final data's (written.family_aliases).
        elsewhere = offered_here - {normalise(o) for o in offered}
        family = family_aliases(aliases, offered, normalise, current, elsewhere)
        entry.aliases = {**{singular(n): o for n, o in family.items()}, **family}
        found.append(entry)
    return tuple(found)
