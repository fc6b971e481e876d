"""Units the final data gives a faction under its own datasheet, read as of an older month
when the faction fielded them from another catalogue; names with two letters swapped; and
the final data's detachment bans as an older month's data had them; a list naming no
detachment under the month's only one; a label naming a choice group ("Daemonic
Allegiance: Tzeentch") as that group's choice."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from armybuilder.catalogue.month_facts import forbidden_in_force, limits_in_force
from armybuilder.rules import model as core
from rosters.formats.text_import.common import normalise
from rosters.formats.text_import.index import READ_VARIANT, CatalogueIndex, NameTable
from rosters.formats.text_import.index import name_entry as entry
from rosters.formats.text_import.model import GearLine
from rosters.formats.text_import.wargear_names import read_lines

SHEETS = [
    entry(1, "Daemon Prince of Slaanesh with Wings"),
    entry(2, "Daemon Prince of Slaanesh"),
    entry(3, "Chaos Rhino"),
    entry(4, "Lord Kakophonist"),
    entry(5, "Noise Marines"),
]
TABLE = NameTable(SHEETS)

# (written, datasheet read or None): a swap is read where one name fits, and not in a
# short name or where the letters differ otherwise.
SWAPS = [
    pytest.param("Deamon Prince of Slaanesh with Wings", 1, id="swapped-vowels"),
    pytest.param("Deamon Prince of Slaanesh", 2, id="swapped-shorter-name"),
    pytest.param("Lord Kakophonsit", 4, id="swapped-at-the-end"),
    pytest.param("Chaos Rhyno", None, id="another-letter-not-guessed"),
    pytest.param("Lrod Kakophonist Prime", None, id="swap-and-more-words"),
    pytest.param("Noise Marnies", 5, id="swap-in-the-last-word"),
]


@pytest.mark.parametrize(("written", "pk"), SWAPS)
def test_two_neighbouring_letters_swapped_read_where_one_name_fits(written, pk):
    match = TABLE.find(written)
    assert (match.entry.id if match.entry else None) == pk
    if pk is not None and normalise(written) != match.entry.norm:
        assert match.read_as == READ_VARIANT


def test_a_swap_fitting_two_names_is_not_guessed():
    table = NameTable([entry(1, "Abcd Efgh Ijkl"), entry(2, "Bacd Efgh Ijkm")])
    # "Bacd Efgh Ijkl" is one swap from the first and one letter from the second: one fit.
    assert table.find("Bacd Efgh Ijkl").entry.id == 1
    twin = NameTable([entry(1, "Abdc Efgh"), entry(2, "Bacd Efgh")])
    assert twin.find("Abcd Efgh").entry is None


OLD, NEXT, NEW = 10, 15, 20
HOUNDS_OWN, HOUNDS_ALLIED, HOUNDS_OTHER, BLOODLETTERS = 1, 2, 3, 4


def index(sheets: dict[int, str], *, old_sizes: set[int]) -> CatalogueIndex:
    idx = CatalogueIndex(
        version=(),
        factions=NameTable([entry(100, "World Eaters")]),
        faction_parent={100: None},
        faction_names={100: "World Eaters"},
        sizes={pk: (1, 10) for pk in sheets},
        _datasheets={pk: entry(pk, name) for pk, name in sheets.items()},
        _available={100: [HOUNDS_OWN, BLOODLETTERS]},
        _detachments={},
        _enhancements={},
        _release_dates={
            OLD: datetime.date(2024, 1, 1),
            NEXT: datetime.date(2024, 2, 1),
            NEW: datetime.date(2026, 6, 14),
        },
    )
    # Monthly releases record their unit sizes; the final one records none.
    for month in (OLD, NEXT):
        idx.sizes_preload(month, {pk: (1, 10) for pk in old_sizes})
    idx.sizes_preload(NEW, {})
    return idx


# (datasheets, those the old month offers, release, datasheet read for the faction's own
# Flesh Hounds, or None).
PREDECESSORS = [
    pytest.param(
        {HOUNDS_OWN: "Flesh Hounds", HOUNDS_ALLIED: "Flesh Hounds"},
        {HOUNDS_ALLIED},
        OLD,
        HOUNDS_ALLIED,
        id="the-allied-datasheet-of-the-month",
    ),
    pytest.param(
        {HOUNDS_OWN: "Flesh Hounds", HOUNDS_ALLIED: "Flesh Hounds"},
        {HOUNDS_OWN, HOUNDS_ALLIED},
        OLD,
        None,
        id="own-datasheet-offered-then",
    ),
    pytest.param(
        {HOUNDS_OWN: "Flesh Hounds", HOUNDS_ALLIED: "Flesh Hounds"},
        {HOUNDS_ALLIED},
        NEW,
        None,
        id="the-final-data-offers-its-own",
    ),
    pytest.param(
        {HOUNDS_OWN: "Flesh Hounds", HOUNDS_ALLIED: "Flesh Hounds", HOUNDS_OTHER: "Flesh Hounds"},
        {HOUNDS_ALLIED, HOUNDS_OTHER},
        OLD,
        None,
        id="two-candidates-not-guessed",
    ),
    pytest.param(
        {HOUNDS_OWN: "Flesh Hounds", BLOODLETTERS: "Bloodletters"},
        {BLOODLETTERS},
        OLD,
        None,
        id="no-datasheet-of-that-name-then",
    ),
]


@pytest.mark.parametrize(("sheets", "old_sizes", "release", "read"), PREDECESSORS)
def test_a_unit_the_month_fielded_from_another_catalogue(sheets, old_sizes, release, read):
    idx = index(sheets, old_sizes=old_sizes)
    found = idx.predecessor(100, release, idx._datasheets[HOUNDS_OWN])
    assert (found.id if found else None) == read


WARHOST, SEER_COUNCIL, YNNEAD, WARBAND = 1, 2, 3, 4
YVRAINE, FARSEER, HOUNDS = 11, 12, 13
FACTION_OF = {WARHOST: 100, SEER_COUNCIL: 100, YNNEAD: 100, WARBAND: 200}
BANS = [(WARHOST, YVRAINE), (SEER_COUNCIL, YVRAINE), (WARHOST, FARSEER), (WARBAND, HOUNDS)]

# (datasheets the month offers, detachments it prices enhancements of, bans kept).
IN_FORCE = [
    pytest.param(
        {YVRAINE, FARSEER, HOUNDS},
        {WARHOST, SEER_COUNCIL, YNNEAD, WARBAND},
        set(BANS),
        id="every-detachment-in-force",
    ),
    pytest.param(
        {YVRAINE, FARSEER, HOUNDS},
        {WARHOST, SEER_COUNCIL, WARBAND},
        {(WARHOST, FARSEER), (WARBAND, HOUNDS)},
        id="the-admitting-detachment-came-later",
    ),
    pytest.param(
        {YVRAINE, FARSEER},
        {WARHOST, SEER_COUNCIL, YNNEAD, WARBAND},
        {(WARHOST, YVRAINE), (SEER_COUNCIL, YVRAINE), (WARHOST, FARSEER)},
        id="the-banned-datasheet-came-later",
    ),
]


@pytest.mark.parametrize(("offered", "stated", "kept"), IN_FORCE)
def test_the_final_datas_bans_as_an_older_month_had_them(offered, stated, kept):
    found = forbidden_in_force(BANS, offered=offered, faction_of=FACTION_OF, stated=stated)
    assert set(found) == kept


# (detachments the month prices enhancements of, release, the detachment a list that names
# none is read under): only where the month had exactly one, and never in the final data.
ONLY = [
    pytest.param({1}, OLD, 1, id="the-only-one-that-month"),
    pytest.param({1, 2}, OLD, None, id="two-that-month"),
    pytest.param(set(), OLD, None, id="none-priced"),
    pytest.param({1}, NEW, None, id="the-final-data-has-them-all"),
    pytest.param({1}, None, None, id="no-release"),
]


@pytest.mark.parametrize(("priced", "release", "read"), ONLY)
def test_a_list_naming_no_detachment_under_the_months_only_one(priced, release, read):
    idx = index({BLOODLETTERS: "Bloodletters"}, old_sizes={BLOODLETTERS})
    idx._detachments = {100: [entry(1, "Combined Regiment"), entry(2, "Hammer of the Emperor")]}
    idx._current_release = NEW
    idx._priced = {OLD: frozenset(priced), NEW: frozenset({1, 2})}
    found = idx.only_detachment(100, release)
    assert (found.id if found else None) == read


PRINCE = core.Datasheet(
    name="Daemon Prince of Chaos",
    keywords=frozenset({"CHARACTER", "MONSTER"}),
    faction_keywords=frozenset({"LEGIONES DAEMONICA"}),
    brackets=(),
    model_types=(
        core.ModelType(
            "Daemon Prince of Chaos",
            1,
            1,
            (
                core.WargearGroup("Allegiance", ("Khorne", "Tzeentch"), 1, 1, (("Khorne", 1),)),
                core.WargearGroup("Infernal cannon", ("Infernal cannon",), 1, 1),
            ),
        ),
    ),
)

# (label, item, read as the unit's item): a label naming a choice group holding the item
# is that group's choice; any other label is a note.
LABELS = [
    pytest.param("Daemonic Allegiance", "Tzeentch", True, id="ends-with-the-group"),
    pytest.param("Allegiance", "Tzeentch", True, id="the-group"),
    pytest.param("Attached as", "Tzeentch", False, id="a-note"),
    pytest.param("Daemonic Allegiance", "Infernal cannon", False, id="not-that-groups-option"),
]


@pytest.mark.parametrize(("label", "item", "read"), LABELS)
def test_a_label_naming_a_choice_group_states_its_choice(label, item, read):
    gear = [GearLine(5, label, None, 1, item, labelled=True)]
    found = read_lines(PRINCE, "Daemon Prince of Chaos", gear)
    assert [(g.model, g.name) for g in found.lines] == ([(None, item)] if read else [])


def limit(maximum: int, *steps: tuple[int, list[list[dict[str, Any]]]]) -> dict[str, Any]:
    return {
        "label": "Armiger Warglaive",
        "maximum": maximum,
        "steps": [{"value": v, "clauses": c, "reason": "as stored"} for v, c in steps],
    }


LANCES = ["Freeblade Company", "Questor Forgepact", "Valourstrike Lance"]
UP_TO_SIX = limit(3, (6, [[{"detachments": ["Spearhead-at-Arms"]}]]))
THREE_IN_LANCES = limit(6, (3, [[{"detachments": LANCES}]]))
WITH_A_TYRANT = limit(3, (6, [[{"detachments": ["Spearhead-at-Arms"]}], [{"units": {}}]]))

# (limit, detachments the month had under those names, the steps' detachments kept, or
# None where the limit is not judged that month).
MONTH_LIMITS = [
    pytest.param(UP_TO_SIX, {"Spearhead-at-Arms"}, [["Spearhead-at-Arms"]], id="in-force"),
    pytest.param(UP_TO_SIX, {"Questor Forgepact"}, None, id="came-with-its-detachment"),
    pytest.param(THREE_IN_LANCES, {"Questor Forgepact"}, [["Questor Forgepact"]], id="narrowed"),
    pytest.param(THREE_IN_LANCES, set(), [], id="its-cap-stands-without-the-step"),
    pytest.param(WITH_A_TYRANT, set(), [[]], id="another-clause-still-holds"),
]


@pytest.mark.parametrize(("row", "in_force", "kept"), MONTH_LIMITS)
def test_the_final_datas_limits_as_an_older_month_had_them(row, in_force, kept):
    found = limits_in_force([row], in_force=in_force)
    if kept is None:
        assert found == []
        return
    [one] = found
    assert one["maximum"] == row["maximum"]
    assert [
        [d for clause in step["clauses"] for c in clause for d in c.get("detachments", ())]
        for step in one["steps"]
    ] == kept
