"""Former names, plurals and simple spellings (issue 16): a name resolves only where it fits
exactly one entry; anything ambiguous stays unrecognised with suggestions."""

from __future__ import annotations

import datetime

import pytest

from armybuilder.catalogue.models import Datasheet, Detachment, Enhancement, FormerName
from rosters.formats.text_import.index import READ_FORMER, READ_VARIANT, NameTable
from rosters.formats.text_import.index import name_entry as entry
from rosters.formats.text_import.resolver import DETACHMENT, UNIT
from tests.formats.helpers import read

SHEETS = [
    entry(1, "Daemon Prince of Khorne"),
    entry(2, "Khorne Berzerkers"),
    entry(3, "Scourges with Heavy Weapons"),
    entry(4, "Scourges with Shardcarbines"),
    entry(5, "Piranha"),
    entry(6, "TX42 Piranha"),
    entry(7, "Myphitic Blight-hauler"),
    entry(8, "Chaos Rhino"),
    entry(9, "Hellflayers"),
    entry(10, "Sigil of Exigence"),
    entry(11, "Eye of the Augurium"),
]
FORMER = [
    ("world eaters daemon prince", SHEETS[0]),
    ("scourges", SHEETS[2]),  # the id kept by one of the two datasheets it split into
    ("sigil of exigence", SHEETS[10]),  # a former name another entry now bears
    ("old shared name", SHEETS[7]),
    ("old shared name", SHEETS[8]),
]
TABLE = NameTable(SHEETS, FORMER)

# (written, entry read, how): former names by id, plurals and spellings with one fit.
RESOLVES = [
    pytest.param("World Eaters Daemon Prince", 1, READ_FORMER, id="former-name"),
    pytest.param("Khorne Berserkers", 2, READ_VARIANT, id="z-for-s"),
    pytest.param("Piranhas", 5, READ_VARIANT, id="plural"),
    pytest.param("Myphitic Blight-haulers", 7, READ_VARIANT, id="plural-hyphen"),
    pytest.param("Sigil of Exigence", 10, "", id="current-name-beats-former"),
    pytest.param("Khorne Berzerker", 2, READ_VARIANT, id="singular"),
]


@pytest.mark.parametrize(("written", "pk", "how"), RESOLVES)
def test_a_name_with_one_fit_resolves_and_says_how(written, pk, how):
    match = TABLE.find(written)
    assert match.entry is not None and match.entry.id == pk
    assert match.read_as == how


# (written, suggestions that must be offered): ambiguous or merely close names.
UNRESOLVED = [
    pytest.param(
        "Scourges", {"Scourges with Heavy Weapons", "Scourges with Shardcarbines"}, id="split"
    ),
    pytest.param("Old Shared Name", set(), id="former-name-of-two"),
    pytest.param("Chaos Rhyno", {"Chaos Rhino"}, id="misspelling-suggested-not-guessed"),
]


@pytest.mark.parametrize(("written", "offered"), UNRESOLVED)
def test_an_ambiguous_or_misspelt_name_is_not_guessed(written, offered):
    match = TABLE.find(written)
    assert match.entry is None
    assert offered <= set(match.suggestions)


def test_two_entries_one_skeleton_is_ambiguous():
    table = NameTable([entry(1, "Berzerker Lord"), entry(2, "Berserkers Lord")])
    assert table.find("Berserker Lord").entry is None
    assert table.find("Berserkers Lord").entry.id == 2


@pytest.mark.django_db
def test_former_names_in_the_catalogue_resolve_on_import_with_a_note(catalogue, release):
    prince = Datasheet.objects.get(name="Daemon Prince of Khorne")
    warband = Detachment.objects.get(name="Berzerker Warband")
    enhancement = Enhancement.objects.filter(detachment=warband).order_by("name").first()
    seen = datetime.date(2025, 5, 1)
    FormerName.objects.create(datasheet=prince, name="World Eaters Daemon Prince", last_seen=seen)
    FormerName.objects.create(detachment=warband, name="Old Warband", last_seen=seen)
    FormerName.objects.create(enhancement=enhancement, name="Old Trinket", last_seen=seen)
    text = (
        "World Eaters\nOld Warband\nStrike Force (2000 Points)\n\nCHARACTERS\n\n"
        "World Eaters Daemon Prince (220 Points)\n  • Warlord\n  • Enhancements: Old Trinket\n"
    )
    resolved = read(text, release)
    assert resolved.problems == []
    assert resolved.detachment == "Berzerker Warband"
    [unit] = resolved.units
    assert (unit.name, unit.enhancement) == ("Daemon Prince of Khorne", enhancement.name)
    assert "Read “World Eaters Daemon Prince” as its later name “Daemon Prince of Khorne”." in (
        unit.note
    )
    assert any("“Old Warband” as its later name “Berzerker Warband”" in n for n in resolved.notes)
    assert any("“Old Trinket” as its later name" in n for n in resolved.notes)


@pytest.mark.django_db
def test_without_the_former_name_the_old_name_is_unrecognised(catalogue, release):
    text = (
        "World Eaters\nOld Warband\nStrike Force (2000 Points)\n\nCHARACTERS\n\n"
        "Old Prince (220 Points)\n  • Warlord\n"
    )
    kinds = {p.kind for p in read(text, release).problems}
    assert kinds == {UNIT, DETACHMENT}
