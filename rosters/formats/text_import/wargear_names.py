"""Match wargear names the way players write them, against one datasheet's data.

An item is found by the option's name, folded (case, accents, quotes, plurals, "&" for
"and", hyphens: "co-axial" is "coaxial"), by a count inside it ("2 Storm Bolters" for
"2x Storm bolter", "7 chainblades"), by the name of a weapon profile the option holds
("Twin pulse carbine" is the Gun Drone, "Forgefiend claws" the "Ectoplasma cannon and
claws"), by a former name of the option (an alias source, see GearNames), or with the
unit's or model's name in front ("Berzerker chainblade", "Mark of Nurgle"). A written
line may hold several items: run together ("MV15 Gun DroneTwin pulse blaster"), joined by
"and" ("Close combat weapon and Galvanic rifle"), or as "X (Y)" ("Gun Drone (Twin pulse
carbine)", "Stealth Shas'vre (Shield Drone)", "Plasma rifle (X upgrade)").

read_lines also tells model lines from items once the datasheet is known: a line naming
the unit or one of its model types ("• 4x Intercessor", "Pathfinder Team") counts models,
and the loose items after it are its models' wargear. Built once per datasheet and kept:
each check then only looks names up in dicts.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from armybuilder.rules import model as core
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_types import (
    MAX_TABLES,
    MEMO,
    NO_NAMES,
    WORDS,
    GearNames,
    Type,
    fold,
    keys,
    singular,
    type_tables,
    weapon_key,
)
from rosters.formats.text_import.written import (
    LEADER_TITLES,
    ability_keys,
    leader_of_unit,
    one_edit,
    owner_type,
    without_kind,
    without_owner,
)

# A count written inside a name: "2 Multi-meltas", "7 chainblades", "One plasma pistol".
_LEADING_COUNT = re.compile(
    r"^[-–•]?(?:(?P<count>\d{1,2})(?:\s*+[x×])?|(?P<word>one|two|three|four))\s++(?P<name>\w.*)$",
    re.IGNORECASE,
)
# A trailing "(...)": "Gun Drone (Twin pulse carbine)", "Command-link Drone (Aura)".
_PAREN = re.compile(r"^(?P<head>[^()]*?\S)\s*+\((?P<inner>[^()]++)\)\s*+$")
# Where New Recruit's WTC text runs two names together: "Recon droneDrone burst cannon".
_JUNCTION = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
# A profile's mode: "Plasma pistol - standard", "Ion rifle – overcharge".
# A name, then its count and the name again: "Hurricane Bolter 2 Hurricane Bolters".
_RESTATED = re.compile(r"^(?P<head>\w.*?)\s++\d{1,2}x?\s++(?P<tail>\w.*)$")
# Parts of a name joined by "and" that are tried one by one; a longer name is not split.
MAX_PARTS = 6
# One bolt weapon's two names: 10th edition's "boltgun", the older "bolter".
BOLT_WORDS = {"boltgun": "bolter", "bolter": "boltgun"}
# What a model line names: one of the unit's model types, or the unit itself.
TYPE = "type"
UNIT = "unit"


@dataclass
class ReadLines:
    """A unit's lines as the datasheet reads them."""

    # Items to place, model lines without items as lines with no name.
    lines: list[GearLine] = field(default_factory=list)
    # id of a line made here -> the line as the text states it (reported when unplaced).
    origin: dict[int, GearLine] = field(default_factory=dict)
    # ids of lines that restate an item already stated (counted once, not added).
    implied: set[int] = field(default_factory=set)
    # Lines naming the unit itself ("• 6x Devastator Squad"): models, of no stated type.
    units: list[GearLine] = field(default_factory=list)

    def models(self) -> int | None:
        """The models the model lines state (None: no model line)."""
        found: dict[tuple[str, int | None], int] = {}
        for g in [*self.lines, *self.units]:
            if g.model is not None:
                key = (g.model, g.model_line if g.model_line is not None else g.models)
                found.setdefault(key, g.models or 0)
        return sum(found.values()) if found else None

    def stated(self, line: GearLine) -> GearLine:
        return self.origin.get(id(line), line)


@dataclass(frozen=True)
class _Sheet:
    """What read_lines needs of a datasheet, folded once per datasheet and unit name."""

    types: tuple[Type, ...]
    unit: str
    # Folded singular names of the model types, "with" written "w".
    type_names: tuple[str, ...]
    # The unit's names, folded likewise: its own and its former ones.
    units: tuple[str, ...] = ()
    # Weapons the models carry that are no option of any group (a Trooper's lasgun):
    # stated, with nothing to choose or count.
    fixed: frozenset[str] = frozenset()
    # Model type names less what the models carry: "cultist" of "cultist w autopistol".
    bases: frozenset[str] = frozenset()
    # The datasheet's abilities, folded with and without a "(Aura)" note.
    abilities: frozenset[str] = frozenset()
    # The final data's model types, folded: a model line of one an older month lacks.
    final_types: frozenset[str] = frozenset()

    # Name -> (found in some type, found only as one weapon of an option).
    memo: dict[str, tuple[tuple[str, int] | None, bool]] = field(
        default_factory=dict, compare=False, hash=False
    )

    def _look(self, name: str) -> tuple[tuple[str, int] | None, bool]:
        found = self.memo.get(name)
        if found is None:
            hits = [h for h in (t.find(name) for t in self.types) if h is not None]
            soft = bool(hits) and all(h[1] == 0 for h in hits)
            found = (hits[0] if hits else None), soft
            if len(self.memo) < MEMO:
                self.memo[name] = found
        return found

    def known(self, name: str) -> tuple[str, int] | None:
        return self._look(name)[0]

    def exact_key(self, key: str) -> str | None:
        """The one option whose own folded name is this key (no parts, no profiles)."""
        found = {t.options[key][0] for t in self.types if key in t.options}
        return found.pop() if len(found) == 1 else None

    def near(self, name: str) -> str | None:
        """The one option a misspelt name is a letter away from ("Chirurgeon's tools"
        for the data's "Chirugeon's tools"); None where none or several are."""
        key = keys(name)[0]
        found = {
            option
            for t in self.types
            for option_key, (option, per) in t.options.items()
            if per == 1 and one_edit(key, option_key)
        }
        return found.pop() if len(found) == 1 else None

    def exact(self, name: str) -> bool:
        """Tell an option's own name (or former name) as written: "2 Storm Bolters"."""
        norm = fold(name)
        return any(norm in t.exact or norm in t.aliases for t in self.types)

    def soft(self, name: str) -> bool:
        """Tell a name found only as one weapon of an option (counted once, so last)."""
        return self._look(name)[1]

    def names_model(self, name: str) -> str:
        """Tell a name of one of the unit's model types (TYPE) or of the unit (UNIT), as
        lists write them ("Kasrkin" for "Kasrkin Trooper", "Terminator Justicar" for
        "Justicar", "Stealth Shas'ui" for "Stealth Shas'ui w/ burst cannon", "Pathfinder
        Team"); "" for neither."""
        norm = model_key(name)
        if not norm:
            return ""
        if any(
            norm == t or t.startswith(norm + " ") or norm.endswith(" " + t) for t in self.type_names
        ):
            return TYPE
        for unit in self.units:
            if norm == unit or unit.startswith(norm + " ") or unit.endswith(" " + norm):
                return UNIT
        # "Colm Corbec" of "Tanith Ghost w/ Corbec's hot-shot lascarbine".
        if owner_type(name, self.type_names):
            return TYPE
        # "9x Chaos Cultist" of "Cultist w/ autopistol and brutal assault weapon".
        if any(norm == b or norm.endswith(" " + b) for b in self.bases):
            return TYPE
        # "Possessed Champion", "Deathshroud Champion": the unit's leader, by its title.
        if norm.split()[-1] in LEADER_TITLES and leader_of_unit(
            norm, (*self.units, *self.type_names)
        ):
            # A model of the unit: of the type so titled or the only one, whose items
            # follow; of no stated type otherwise ("Thunderwolf Cavalry Pack Leader").
            title = norm.split()[-1]
            titled = any(t.split()[-1] == title for t in self.type_names)
            return TYPE if titled or len(self.type_names) == 1 else UNIT
        # "Scout w/ Scout Sniper Rifle", "Twistbray": a model of a type only the final
        # data has; its models take the month's defaults (no type is guessed for them).
        if norm in self.final_types:
            return UNIT
        return ""

    def type_option(self, name: str) -> str | None:
        """Read an item a model type is named after as that type's one option ending in
        it: "Narthecium" of "Terminator with Narthecium" is its "Apothecary's narthecium"."""
        norm, key = model_key(name), keys(name)[0]
        if not norm:
            return None
        found = {
            option
            for t, type_name in zip(self.types, self.type_names, strict=True)
            if f" {norm} " in f" {type_name} "
            for option_key, (option, _) in t.options.items()
            if option_key.endswith(" " + key)
        }
        return found.pop() if len(found) == 1 else None

    def in_type_name(self, name: str) -> bool:
        """Tell an item its model type's own name states ("Praesidium Shield" of "Custodian
        Guard (Sentinel Blade & Praesidium Shield)"), which is no option to count."""
        norm = model_key(name)
        if not norm:
            return False
        if keys(name)[0] in self.fixed:
            return True
        return any(f" {norm} " in f" {t} " for t in self.type_names)


def model_key(name: str) -> str:
    """Fold a model's name, "with" written "w" as the data does ("Cadian Veteran
    Guardsman w/ Master vox")."""
    return f" {singular(fold(name))} ".replace(" with ", " w ").strip()


_SHEETS: dict[tuple[int, int, str], tuple[object, object, _Sheet]] = {}


def _sheet(model_types: tuple[core.ModelType, ...], names: GearNames, unit: str) -> _Sheet:
    key = (id(model_types), id(names), unit)
    kept = _SHEETS.get(key)
    if kept is not None and kept[0] is model_types and kept[1] is names:
        return kept[2]
    found = _new_sheet(model_types, names, unit)
    if len(_SHEETS) >= MAX_TABLES:
        _SHEETS.clear()
    _SHEETS[key] = (model_types, names, found)
    return found


@lru_cache(maxsize=MAX_TABLES)
def _new_sheet(model_types: tuple[core.ModelType, ...], names: GearNames, unit: str) -> _Sheet:
    offered = {o for kind in model_types for group in kind.groups for o in group.options}
    fixed = frozenset(
        key
        for option, held in names.profiles
        if option not in offered
        for key in (keys(option)[0], *(weapon_key(p) for p in held))
    )
    return _Sheet(
        type_tables(model_types, names),
        model_key(unit),
        tuple(model_key(k.name) for k in model_types),
        tuple(dict.fromkeys(model_key(n) for n in (unit, *names.units))),
        fixed,
        frozenset(
            base
            for k in model_types
            if " w " in (key := model_key(k.name)) and len(base := key.partition(" w ")[0]) > 2
        ),
        frozenset(ability_keys(names.abilities)),
        frozenset(model_key(kind) for kind, _ in names.final_items),
    )


# The resolver reads a unit's lines twice (for its model count, then its loadout): the
# last answer is kept per thread, with the lines it read (so their ids stay theirs).
_last = threading.local()


def read_lines(
    sheet: core.Datasheet, unit_name: str, gear: Sequence[GearLine], names: GearNames = NO_NAMES
) -> ReadLines:
    """Tell model lines from items and read each item's name against the datasheet."""
    key = (id(sheet.model_types), unit_name, id(names))
    kept = getattr(_last, "read", None)
    if (
        kept is not None
        and kept[0] == key
        and kept[3] is sheet.model_types
        and len(kept[1]) == len(gear)
        and all(a is b for a, b in zip(kept[1], gear, strict=True))
    ):
        read: ReadLines = kept[2]
        return read
    found = _read_lines(sheet, unit_name, gear, names)
    _last.read = (key, tuple(gear), found, sheet.model_types)
    return found


def _names_group(model_types: Sequence[core.ModelType], label: str, option: str) -> bool:
    """Tell a label that names a choice group holding the option ("Mark of Chaos:
    Khorne", "Daemonic Allegiance: Tzeentch" for the group "Allegiance")."""
    label, option = normalise(label), normalise(option)
    return any(
        (label == name or label.endswith(" " + name))
        and any(normalise(o) == option for o in group.options)
        for kind in model_types
        for group in kind.groups
        if (name := normalise(group.name))
    )


def _read_lines(
    sheet: core.Datasheet, unit_name: str, gear: Sequence[GearLine], names: GearNames
) -> ReadLines:
    facts = _sheet(sheet.model_types, names, unit_name)
    out = ReadLines()
    opened: GearLine | None = None
    soft: list[GearLine] = []
    for g in _rejoined(facts, gear, out):
        if g.labelled and g.model is not None and not facts.names_model(g.model):
            if not _names_group(sheet.model_types, g.model, g.name):
                continue  # "Attached as: Leader": a note, not a model line
            # "Daemonic Allegiance: Tzeentch": the choice of a group, for the unit.
            g = replace(g, model=None, models=None, model_line=None, labelled=False)
        named = "" if facts.known(g.name) is not None else facts.names_model(g.name)
        if named:
            if g.model is None:
                # "• 4x Intercessor": a model line; the loose items after it are theirs.
                # "• 6x Devastator Squad" names no type: its models take the defaults,
                # or the items after it (the app's layout pasted flat) where no model
                # line is open (after one, it restates that line's models).
                line = GearLine(g.line, g.name, g.count, 0, "", g.line)
                if named == TYPE or opened is None:
                    opened = line
                if named == TYPE:
                    out.lines.append(line)
                else:
                    out.units.append(line)
            continue  # "• 2x Stealth Shas'ui" under "• 2x Stealth Shas'ui" restates it
        if g.model is None and opened is not None:
            moved = replace(g, model=opened.model, models=opened.models, model_line=opened.line)
            out.origin[id(moved)] = g
            g = moved
        parts = _expand(facts, g)
        if parts is None:
            if id(g) in out.origin:
                # A loose line no name fits may be a model the data names otherwise
                # ("• 1x Colm Corbec"): the items after it are not the open line's.
                opened = None
            out.lines.append(out.stated(g))  # unplaced, as written
            continue
        for part, implied in parts:
            if part is not g:
                out.origin[id(part)] = out.stated(g)
            if implied:
                out.implied.add(id(part))
            if implied or facts.soft(part.name):
                soft.append(part)
            else:
                out.lines.append(part)
    _absorb(facts, soft, out)
    out.lines += soft
    return out


def _rejoined(facts: _Sheet, gear: Sequence[GearLine], read: ReadLines) -> list[GearLine]:
    """Join items a comma split inside an option's name ("Cyclone Missile Launcher, Storm
    Bolter & Power Fist")."""
    out: list[GearLine] = []
    i = 0
    while i < len(gear):
        g = gear[i]
        for size in (3, 2):
            run = gear[i : i + size]
            if len(run) < size or any(
                (r.line, r.model, r.model_line, r.count) != (g.line, g.model, g.model_line, g.count)
                for r in run
            ):
                continue
            name = ", ".join(r.name for r in run)
            # "3 with Storm shield, Master-crafted Power Weapon" is no one model's option.
            if any(fold(name) in t.exact and t.kind.maximum >= g.count for t in facts.types):
                g = replace(g, name=name)
                read.origin[id(g)] = run[0]
                i += size - 1
                break
        out.append(g)
        i += 1
    return out


def _expand(facts: _Sheet, g: GearLine) -> list[tuple[GearLine, bool]] | None:
    """Read one written item as the items it names, each flagged when it restates
    another; None where no reading fits (the line is reported as written)."""
    paren = _PAREN.match(g.name) if g.name.endswith(")") else None
    if paren is not None and facts.names_model(paren["head"]):
        # "Stealth Shas'vre (Shield Drone)": the model and the item it carries, which
        # the line states already ("Shield Drone, Stealth Shas'vre (Shield Drone)").
        carried = _one(facts, paren["inner"])
        if carried is None:
            return [] if facts.in_type_name(paren["inner"]) else None
        return [(replace(g, count=g.count * carried[0], name=carried[1]), True)]
    if facts.known(g.name) is not None:
        counted = None if facts.exact(g.name) else _LEADING_COUNT.match(g.name)
        if counted is not None and facts.known(counted["name"]) is not None:
            # "4 Bolt pistol", "2 storm bolter" for "2 Storm Bolters": the count is items.
            return [(replace(g, count=g.count * _count(counted), name=counted["name"]), False)]
        return [(g, False)]
    one = _one(facts, g.name)
    if one is not None:
        return [(replace(g, count=g.count * one[0], name=one[1]), False)]
    if paren is not None:
        head, inner = paren["head"], paren["inner"]
        found_head = _one(facts, head)
        found_inner = _one(facts, inner)
        if found_head is not None:
            parts = [(replace(g, count=g.count * found_head[0], name=found_head[1]), False)]
            if found_inner is not None:
                # "Gun Drone (Twin pulse carbine)": its profile, or one more item.
                parts.append((replace(g, name=found_inner[1]), True))
            return parts  # "(Aura)", "(Plasma Accelerator Rifle upgrade)": a note
        if found_inner is not None:
            return [(replace(g, count=g.count * found_inner[0], name=found_inner[1]), False)]
    restated = _restated(facts, g.name)
    if restated is not None:
        return [(replace(g, name=restated), False)]
    for split in (_JUNCTION.split, lambda text: _and_pieces(facts, text)):
        pieces = split(g.name)
        if len(pieces) < 2:
            continue
        read = _pieces(facts, g, pieces)
        if read is not None:
            return read
    option = facts.type_option(g.name)
    if option is not None:
        return [(replace(g, name=option), False)]
    if facts.in_type_name(g.name) or facts.abilities & set(ability_keys((g.name,))):
        return []  # "Praesidium Shield" of its type's name; an ability, not wargear
    # "Juggernaut's bladed horn": the owner's name before an option no model type names
    # whole (last: "Rawne's lascarbine" is no "Lascarbine").
    owned = without_owner(g.name)
    if owned and facts.known(owned) is not None:
        return [(replace(g, name=owned), False)]
    return None


def _one(facts: _Sheet, name: str) -> tuple[int, str] | None:
    """Return (count, name) for a name found as written or with a count inside it."""
    if facts.known(name) is not None:
        return 1, name
    counted = _LEADING_COUNT.match(name)
    if counted is not None and facts.known(counted["name"]) is not None:
        return _count(counted), counted["name"]
    near = facts.near(name)
    if near is None:
        # "Perdition Pistol": the data's "Perdition" and the kind of weapon it is.
        bare = without_kind(keys(name)[0])
        near = facts.exact_key(bare) if bare else None
    if near is None:
        near = _reworded(facts, name)
    return (1, near) if near is not None else None


def _reworded(facts: _Sheet, name: str) -> str | None:
    """The one option a name gives in other words: "Dual lascerators" (the pair the data
    names "Lacerators"), "Combi-boltgun" for "Combi-bolter", "Bolter storm" for "Storm
    bolter", "medi-pack" for the medic's "Death Korps of Krieg Medi-pack"."""
    key = keys(name)[0]
    words = key.split()
    if len(words) > 1 and words[0] == "dual":
        found = _one(facts, " ".join(words[1:]))
        if found is not None:
            return found[1]
    for word in words:
        other = BOLT_WORDS.get(word)
        if other is not None:
            swapped = " ".join(other if w == word else w for w in words)
            if facts.known(swapped) is not None:
                return swapped
    if len(words) > 1:
        bag = sorted(words)
        same_words = {
            option
            for t in facts.types
            for option_key, (option, per) in t.options.items()
            if per == 1 and sorted(option_key.split()) == bag
        }
        if len(same_words) == 1:
            return same_words.pop()
    return facts.type_option(name)


def _restated(facts: _Sheet, name: str) -> str | None:
    """An option's name followed by what it holds, as BattleScribe writes a selection and
    its contents: "2 Bolt Pistols: 4x Bolt Pistol", "Hurricane Bolter 2 Hurricane
    Bolters". The option, once; None where the name is no such pair."""
    head, colon, tail = name.partition(":")
    pieces = [piece for piece in tail.split(",") if piece.strip()]
    if (
        colon
        and pieces
        and facts.known(head) is not None
        and all(facts.known(piece) is not None for piece in pieces)
    ):
        return head.strip()
    again = _RESTATED.match(name)
    if (
        again is not None
        and keys(again["head"])[0] == keys(again["tail"])[0]
        and facts.known(again["head"]) is not None
    ):
        return again["head"]
    return None


def _count(counted: re.Match[str]) -> int:
    word = counted["word"]
    return WORDS[word.casefold()] if word else int(counted["count"])


def _pieces(
    facts: _Sheet, g: GearLine, pieces: Iterable[str]
) -> list[tuple[GearLine, bool]] | None:
    """Read each piece of a split name; pieces no name fits stay together as one line
    (reported as the line was written). None where no piece is a name."""
    parts: list[tuple[GearLine, bool]] = []
    unknown: list[str] = []
    for piece in pieces:
        one = _one(facts, piece)
        if one is not None:
            parts.append((replace(g, count=g.count * one[0], name=one[1]), False))
        elif not facts.names_model(piece):
            unknown.append(piece)
    if not parts:
        return None
    if unknown:
        parts.append((replace(g, name=" and ".join(unknown)), False))
    return parts


def _and_pieces(facts: _Sheet, name: str) -> list[str]:
    """Split "Close combat weapon and Galvanic rifle and omnispex" into names, taking the
    longest run of words that is one name first ("Oppressor cannon and co-axial
    autocannon", "Chitinous claws and teeth" stay whole)."""
    words = name.replace("&", " and ").split()
    segments: list[list[str]] = [[]]
    for word in words:
        if word.casefold() == "and" and segments[-1]:
            segments.append([])
        else:
            segments[-1].append(word)
    if not 1 < len(segments) <= MAX_PARTS:
        return []
    texts = [" ".join(s) for s in segments]
    pieces: list[str] = []
    i = 0
    while i < len(texts):
        j = next(
            (
                j
                for j in range(len(texts), i + 1, -1)
                if _one(facts, " and ".join(texts[i:j])) is not None
            ),
            i + 1,
        )
        pieces.append(" and ".join(texts[i:j]))
        i = j
    return pieces


def _absorb(facts: _Sheet, soft: list[GearLine], out: ReadLines) -> None:
    """Where an item names one weapon of an option holding several ("Forgefiend claws" of
    "Ectoplasma cannon and claws"), the same models' item naming another of its weapons
    ("Ectoplasma cannon") is that option's, not one more item. A weapon only one option
    holds says which option first ("Chainfist" of "Cyclone Missile Launcher, Storm Bolter
    & Chainfist", not of "... & Power Fist")."""
    lists = (out.lines, soft)
    for i, line in enumerate(soft):
        # A weapon of an option the same models' line names is that option's.
        weapon = keys(line.name)[0]
        if any(
            g.name
            and g.count >= line.count
            and (g.model, g.model_line) == (line.model, line.model_line)
            and _holds(facts, g.name, weapon)
            for g in out.lines
        ):
            soft[i] = replace(line, count=0)
    anchors = sorted(soft, key=lambda g: any(keys(g.name)[0] in t.shared for t in facts.types))
    for anchor in anchors:
        if anchor.count <= 0 or not any(anchor is g for g in soft):
            continue
        for t in facts.types:
            found = t.find(anchor.name)
            if found is None or found[1] != 0 or found[0] not in t.parts:
                continue
            own = keys(anchor.name)[0]
            for weapon in t.parts[found[0]] - {own}:
                _take(out, lists, weapon, anchor)
            break
    soft[:] = [g for g in soft if g.count > 0]
    out.lines[:] = [g for g in out.lines if g.count > 0 or not g.name]


def _holds(facts: _Sheet, name: str, weapon: str) -> bool:
    for t in facts.types:
        found = t.find(name)
        if found is not None and found[1] > 0:
            return weapon in t.parts.get(found[0], ())
    return False


def _take(out: ReadLines, lists: tuple[list[GearLine], ...], weapon: str, anchor: GearLine) -> None:
    same = [
        (g, found)
        for found in lists
        for g in found
        if g is not anchor
        and g.name
        and g.count >= anchor.count
        and (g.model, g.model_line) == (anchor.model, anchor.model_line)
        and keys(g.name)[0] == weapon
    ]
    if not same:
        return
    taken, where = min(same, key=lambda pair: pair[0].count)
    index = next(i for i, g in enumerate(where) if g is taken)
    left = replace(taken, count=taken.count - anchor.count)
    out.origin[id(left)] = out.stated(taken)
    if id(taken) in out.implied:
        out.implied.add(id(left))
    where[index] = left


# What line_kind tells besides TYPE and UNIT: a wargear item.
ITEM = "item"


def line_kind(sheet: core.Datasheet, unit_name: str, name: str, names: GearNames = NO_NAMES) -> str:
    """Tell what a written line names on the datasheet, read as read_lines reads it: an
    item (ITEM), one of the unit's model types (TYPE), the unit (UNIT), or "" for none."""
    facts = _sheet(sheet.model_types, names, unit_name)
    if facts.known(name) is not None:
        return ITEM
    named = facts.names_model(name)
    if named:
        return named
    return ITEM if _expand(facts, GearLine(0, None, None, 1, name)) else ""
