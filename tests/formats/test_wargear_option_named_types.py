"""Model types named for the options they carry (RULES.md, "What an imported list
states"): an older month's data (the August 2023 Chaos Terminator Squad) has no champion
type, only "Accursed weapon and combi-bolter", "Power fist and combi-weapon" and the like.
Such a name is no model's own name: its words are not written before an option's name
("Combi-weapon" is no "Combi" model's "weapon", so not the type's "Accursed weapon"), and
the models a line's items take to another type go to the one whose other choices the line
states ("2x Chainfist" beside "9x Combi-weapon": "Chainfist and combi-weapon", not the
"Heavy weapon" whose heavy flamer the line leaves out).

Small datasheets built here (no database), read end to end by resolve_gear.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import model as core
from armybuilder.rules.wargear import loadout_excess
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_resolve import resolve_gear
from rosters.formats.text_import.wargear_types import named_for_gear, type_tables
from tests.formats.wargear_sheets import wargear_sheet as datasheet

ACCURSED, COMBI, BOLTER = "Accursed weapon", "Combi-weapon", "Combi-bolter"
FIST, CHAINFIST, PAIRED = "Power fist", "Chainfist", "Paired accursed weapons"
FLAMER, REAPER = "Heavy flamer", "Reaper autocannon"


def group(name: str, *options: str, cap: int | None = None) -> core.WargearGroup:
    return core.WargearGroup(name, options, 1, 1, ((options[0], 1),), cap, cap=False)


def pair(melee: str, ranged: str, most: int, cap: int | None = None) -> core.ModelType:
    """A type named for its two weapons, as the data names it."""
    name = f"{melee} and {ranged[0].lower()}{ranged[1:]}"
    return core.ModelType(name, 0, most, (group(melee, melee, cap=cap), group(ranged, ranged)))


# The Chaos Terminator Squad of the August 2023 data (its marks of Chaos left out).
TERMINATORS = datasheet(
    "Chaos Terminator Squad",
    "Accursed weapon and combi-bolter",
    pair(ACCURSED, BOLTER, 10),
    pair(ACCURSED, COMBI, 10),
    pair(FIST, COMBI, 6, cap=6),
    pair(CHAINFIST, BOLTER, 2, cap=2),
    core.ModelType(
        "Heavy weapon",
        0,
        2,
        (group("Ranged weapon", FLAMER, REAPER), group("Melee weapon", ACCURSED, CHAINFIST, FIST)),
    ),
    pair(FIST, BOLTER, 10),
    pair(CHAINFIST, COMBI, 2),
    core.ModelType(PAIRED, 0, 2, (group(PAIRED, PAIRED, cap=2),)),
)
KINDS = {kind.name: kind for kind in TERMINATORS.model_types}
BERZERKER = core.ModelType(
    "Khorne Berzerker w/ eviscerator", 0, 2, (group("Melee", "Eviscerator"),)
)


@pytest.mark.parametrize(
    ("kind", "named"),
    [
        pytest.param(KINDS["Accursed weapon and combi-bolter"], True, id="two options"),
        pytest.param(KINDS["Power fist and combi-weapon"], True, id="two options, hyphened"),
        pytest.param(KINDS[PAIRED], True, id="its one option"),
        pytest.param(KINDS["Heavy weapon"], False, id="a group's name, no option"),
        pytest.param(BERZERKER, False, id="a model's name with its weapon"),
    ],
)
def test_a_type_is_named_for_its_gear_only_where_every_part_is_its_option(
    kind: core.ModelType, named: bool
) -> None:
    assert named_for_gear(kind) is named


@pytest.mark.parametrize(
    ("kind", "written", "option"),
    [
        pytest.param("Accursed weapon and combi-bolter", COMBI, None, id="combi no accursed"),
        pytest.param("Chainfist and combi-weapon", ACCURSED, None, id="accursed no combi-weapon"),
        pytest.param("Power fist and combi-weapon", ACCURSED, None, id="accursed no combi, fist"),
        pytest.param("Accursed weapon and combi-weapon", COMBI, COMBI, id="its own combi-weapon"),
        pytest.param("Heavy weapon", ACCURSED, ACCURSED, id="its own accursed weapon"),
    ],
)
def test_the_words_of_a_type_named_for_its_gear_are_no_prefix(
    kind: str, written: str, option: str | None
) -> None:
    tables = {t.kind.name: t for t in type_tables(TERMINATORS.model_types)}
    found = tables[kind].find(written)
    assert (found[0] if found else None) == option


def lines(*models: tuple[str, int, tuple[tuple[int, str], ...]]) -> list[GearLine]:
    """Model lines with their items under them, as the app's text states them."""
    out, at = [], 10
    for model, n, items in models:
        head = at
        for count, name in items:
            at += 1
            out.append(GearLine(at, model, n, count, name, head))
        at += 1
    return out


@pytest.mark.parametrize(
    ("gear", "expected"),
    [
        pytest.param(
            lines(
                ("Terminator Champion", 1, ((1, ACCURSED), (1, COMBI))),
                ("Chaos Terminator", 9, ((1, ACCURSED), (2, CHAINFIST), (9, COMBI), (6, FIST))),
            ),
            {
                "Accursed weapon and combi-weapon": {ACCURSED: 2, COMBI: 2},
                "Power fist and combi-weapon": {FIST: 6, COMBI: 6},
                "Chainfist and combi-weapon": {CHAINFIST: 2, COMBI: 2},
            },
            id="combi-weapons: the chainfists with combi-weapons, no heavy weapon",
        ),
        pytest.param(
            lines(
                ("Terminator Champion", 1, ((1, ACCURSED), (1, BOLTER))),
                ("Chaos Terminator", 9, ((3, ACCURSED), (2, CHAINFIST), (9, BOLTER), (4, FIST))),
            ),
            {
                "Accursed weapon and combi-bolter": {ACCURSED: 4, BOLTER: 4},
                "Power fist and combi-bolter": {FIST: 4, BOLTER: 4},
                "Chainfist and combi-bolter": {CHAINFIST: 2, BOLTER: 2},
            },
            id="combi-bolters: the chainfists with combi-bolters",
        ),
    ],
)
def test_a_line_of_terminators_takes_the_types_named_for_what_it_states(
    gear: list[GearLine], expected: dict[str, dict[str, int]]
) -> None:
    loadout, unplaced = resolve_gear(
        sheet=TERMINATORS, unit_name=TERMINATORS.name, models=10, gear=gear
    )
    assert not unplaced
    assert loadout_excess(TERMINATORS, loadout, 10) == 0
    found = {part.model: dict(part.wargear) for part in loadout if part.models}
    assert found == expected
    assert sum(part.models for part in loadout) == 10
