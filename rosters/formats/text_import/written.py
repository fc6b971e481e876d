"""How players write names the data spells otherwise: folds and families beyond
wargear_names' own (plurals, counts, profiles), kept apart so that module stays small.

- Spelling: British and American forms differ by "s" and "z" ("Agoniser", "Agonizer";
  "Berzerker" for the old data's "Berserker"): names are compared with "z" read as "s".
- Former names both ways: the monthly data history names an option's older names under
  the same BSData id (FormerOptionName: older name -> the final data's name). A list
  checked against an older month's data may write the final name, or another older one,
  of the option that month's data names otherwise: every name of the family finds it.
- An owner's name in front: "Juggernaut's bladed horn" for the data's "Bladed horn" (the
  mount's, the model's own): a leading possessive word is dropped when nothing else fits.
- The unit's own name with a leader's title: "Possessed Champion", "Thunderwolf Cavalry
  Pack Leader", "Wulfen Pack Leader" are model lines of the unit, where the data has no
  model type of that name (its leader is one of its model types by wargear, or none).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from rosters.formats.text_import.common import normalise

# Titles a list gives a unit's leading model after the unit's own name: the words only,
# no rules. "Pack Leader" and "Squad Leader" end in "leader".
LEADER_TITLES = frozenset({"champion", "sergeant", "leader", "superior", "exarch", "nodebeast"})


def spelling(word: str) -> str:
    """Fold one folded word's spelling: "z" as "s" ("agonizer", "agoniser")."""
    return word.replace("z", "s")


# "Juggernaut's bladed horn", "Mkoll’s straight silver knife": the owner's name first.
# A trailing note: "(Aura)", "(Psychic)".
_NOTE = re.compile(r"\s*+\([^()]{1,40}+\)\s*+$")
_OWNER = re.compile(r"^\S+?['’‘`]s\s++(?P<rest>\S.*)$", re.IGNORECASE)


def families(aliases: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Group former names by the option they now are: final option -> its former names
    (as given: folded already)."""
    found: dict[str, set[str]] = defaultdict(set)
    for former, option in aliases.items():
        found[option].add(former)
    return {option: frozenset(names) for option, names in found.items()}


def family_aliases(
    aliases: Mapping[str, str],
    offered: Iterable[str],
    fold: Callable[[str], str],
    current: Iterable[str] = (),
    elsewhere: Iterable[str] = (),
) -> dict[str, str]:
    """Folded name -> offered option, for every name of each offered option's family.

    ``aliases``: folded former name -> the final data's option. An offered option is the
    final name itself (its former names find it, as before) or, in an older month's data,
    one of the former names: then the final name and the family's other former names find
    it too. ``fold`` folds an option name as ``aliases``' keys are folded. ``current``:
    the final data's names (folded), which stay their own options' ("Hot-shot lasgun" was
    once the name of what is now the "Hot-shot laspistol", and is still a lasgun's name);
    ``elsewhere``: names other model types of this data give options.
    """
    by_option = families(aliases)
    final_of: dict[str, str] = {}
    for option, formers in by_option.items():
        for former in formers:
            final_of.setdefault(former, option)
    now, other = set(current), set(elsewhere)
    found: dict[str, str] = {}
    for option in offered:
        if option in by_option:
            for name in by_option[option]:
                found.setdefault(name, option)
            continue
        final = final_of.get(fold(option))
        if final is None or fold(option) in now:
            continue  # no former name, or one the final data still gives an option
        names = [fold(final), *(n for n in by_option[final] if n not in now)]
        for name in names:
            if name != fold(option) and name not in other:
                found.setdefault(name, option)
    return found


def without_owner(name: str) -> str:
    """The name less a leading possessive word ("Juggernaut's bladed horn" -> "bladed
    horn"); "" where it has none, or only one word is left ("Chirurgeon's tools" is not
    the "Tools")."""
    found = _OWNER.match(name.strip())
    return found["rest"] if found and len(found["rest"].split()) > 1 else ""


def leader_of_unit(norm: str, unit_names: Iterable[str]) -> bool:
    """Tell "possessed champion" or "thunderwolf cavalry pack leader": some leading words
    of the unit's name (folded, singular) then a leader's title."""
    words = norm.split()
    if len(words) < 2 or words[-1] not in LEADER_TITLES:
        return False
    head = words[:-1]
    if head and head[-1] in ("pack", "squad"):
        head = head[:-1]
    if not head:
        return False
    for unit in unit_names:
        unit_words = unit.split()
        if unit_words[: len(head)] == head or unit_words[-len(head) :] == head:
            return True
    return False


def ability_keys(names: Iterable[str]) -> Iterator[str]:
    """Fold ability names, with and without a trailing note ("Command-link Drone (Aura)",
    "Command-link Drone")."""
    for name in names:
        yield normalise(name)
        bare = _NOTE.sub("", name)
        if bare != name:
            yield normalise(bare)


def owner_type(name: str, type_names: Iterable[str]) -> bool:
    """Tell a named model written by its own name where the data names its model type
    after the weapon it owns: "Colm Corbec" or "Oan Mkoll" of "Tanith Ghost w/ Corbec's
    hot-shot lascarbine", "Tanith Ghost w/ Mkoll's straight silver knife" (``type_names``
    folded as model_key folds them: "tanith ghost w corbec hot shot lascarbine"). The last
    word starts what exactly one type's models carry."""
    words = normalise(name).split()
    if len(words) < 2:
        return False
    owner = words[-1] + " "
    return sum(1 for t in type_names if f"{t.partition(' w ')[2]} ".startswith(owner)) == 1


def final_items(
    model_types: Iterable[Mapping[str, object]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(model type name, every item its groups offer) of the final data's Wargear JSON:
    what an older month's data may lack for the same model type (a Sister Superior's
    close combat weapon, a Scout Sergeant's Astartes shotgun)."""
    found = []
    for kind in model_types:
        items = tuple(
            dict.fromkeys(
                str(option)
                for group in kind.get("groups") or ()  # type: ignore[attr-defined]
                for option in group.get("options") or ()
            )
        )
        if items:
            found.append((str(kind.get("name", "")), items))
    return tuple(found)


# bin/nested-choices writes it from the BSData catalogues.
NESTED_CHOICES = Path(__file__).resolve().parent / "data" / "nested_choices.json"


@lru_cache(maxsize=1)
def _nested_table() -> dict[str, dict[str, list[str]]]:
    if not NESTED_CHOICES.exists():
        return {}
    found: dict[str, dict[str, list[str]]] = json.loads(NESTED_CHOICES.read_text("utf-8"))
    return found


def nested_profiles(
    model_types: Iterable[Mapping[str, object]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(option, the items its own choices offer) for the final data's model types: a
    Captain with Jump Pack's "Melee and Pistol" holds "Power fist" and "Plasma pistol"
    as it holds its weapons' profiles, so a list naming those names the option."""
    table = _nested_table()
    found: dict[str, list[str]] = {}
    for kind in model_types:
        for option, items in table.get(str(kind.get("name", "")), {}).items():
            found.setdefault(option, []).extend(i for i in items if i not in found[option])
    return tuple((option, tuple(items)) for option, items in sorted(found.items()))


# Only long words: "chirurgeon" and the data's "chirugeon", "absolvor" and "absolver".
LONG_WORD = 7


def one_edit(a: str, b: str) -> bool:
    """Tell two folded names of the same words but one long word one letter apart (a
    letter more, less or other): a misspelling on one side."""
    wa, wb = a.split(), b.split()
    if len(wa) != len(wb) or a == b:
        return False
    differ = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(differ) != 1:
        return False
    x, y = differ[0]
    if min(len(x), len(y)) < LONG_WORD or abs(len(x) - len(y)) > 1:
        return False
    if len(x) == len(y):
        return sum(1 for p, q in zip(x, y, strict=True) if p != q) == 1
    short, long = (x, y) if len(x) < len(y) else (y, x)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


# Kinds of weapon a list may write after a name the data gives alone ("Perdition Pistol"
# for Dante's "Perdition").
KIND_WORDS = frozenset({"pistol", "gun", "rifle", "cannon", "blade", "sword", "weapon"})


def without_kind(key: str) -> str:
    """The folded name less a trailing kind of weapon ("perdition pistol" ->
    "perdition"); "" where it ends in none or nothing long is left."""
    head, _, last = key.rpartition(" ")
    return head if last in KIND_WORDS and len(head) >= 5 else ""
