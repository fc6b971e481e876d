"""Names the public lists write their own way (issue 24): detachments with points, a faction
in front or two on a line; factions in the singular or run together; enhancements with a
word more; names in another word order; former names as of the list's release; a
datasheet the data recorded a month late; and French lists, which get one answer."""

from __future__ import annotations

import datetime

import pytest

from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    FormerName,
    PointsRelease,
    ReleaseUnitSize,
)
from rosters.formats import batch, services
from rosters.formats.text_import import UnreadableList, list_parse
from rosters.formats.text_import.index import READ_VARIANT, NameTable
from rosters.formats.text_import.index import name_entry as entry
from rosters.formats.text_import.language import FRENCH
from rosters.formats.text_import.resolver import DETACHMENT, UNIT, list_resolve
from tests.factories import make_detachment, make_release
from tests.formats.helpers import read

pytestmark = pytest.mark.django_db


def app_list(detachment: str, faction: str = "World Eaters", units: str = "") -> str:
    """An app export with the given header lines and a Warlord."""
    return (
        f"Test (1000 points)\n\n{faction}\n{detachment}\nIncursion (1000 points)\n\n"
        f"CHARACTERS\n\nSlaughterbound (85 points)\n  • Warlord\n{units}"
    )


# (detachment as written, note expected): the Berzerker Warband each time.
DETACHMENTS = [
    pytest.param("Berzerker Warband 1000pts", True, id="points-after"),
    pytest.param("World Eaters – Berzerker Warband", False, id="faction-in-front"),
    pytest.param("Chaos - World Eaters - Berzerker Warband", False, id="two-in-front"),
    pytest.param("Berzerker War band", True, id="spaced-differently"),
]


@pytest.mark.parametrize(("written", "noted"), DETACHMENTS)
def test_a_detachment_written_with_more_around_it_is_found(catalogue, release, written, noted):
    resolved = read(app_list(written), release)
    assert resolved.detachment == "Berzerker Warband"
    assert resolved.problems == []
    assert any("as “Berzerker Warband”" in n for n in resolved.notes) == noted


def test_two_detachments_on_a_line_read_the_known_one_and_name_the_other(catalogue, release):
    resolved = read(app_list("Blood Tithe Host, Berzerker Warband"), release)
    assert resolved.detachment == "Berzerker Warband"
    [problem] = resolved.problems
    assert (problem.kind, problem.text, problem.key) == (
        DETACHMENT,
        "Blood Tithe Host",
        "detachment-4-more",
    )
    assert "one detachment" in problem.message
    # Settling that line (dropping the extra name) keeps the detachment read.
    settled = read(app_list("Blood Tithe Host, Berzerker Warband"), release, {problem.key: None})
    assert settled.problems == [] and settled.detachment == "Berzerker Warband"


def test_a_banner_naming_the_detachment_is_tried_when_the_header_misspells_it(catalogue, release):
    text = (
        "Player Name : x\nFactions used : World Eaters\nArmy points : 1000\n"
        "Detachment Rule : World Eaters - Berzerks Warband\n\n"
        "== World Eaters - Berzerker Warband DETACHMENT : World Eaters [1000pts] ==\n\n"
        "HQ 1 : Slaughterbound [85pts] (Warlord)\n"
        "HQ 2 : Master of Executions [85pts]\n"
    )
    resolved = read(text, release)
    assert resolved.detachment == "Berzerker Warband"
    assert resolved.problems == []
    assert [(u.name, u.warlord) for u in resolved.units] == [
        ("Slaughterbound", True),
        ("Master of Executions", False),
    ]


# (faction as labelled, faction read).
FACTIONS = [
    pytest.param("Space Marines / Space Wolves", "Space Wolves", id="slash"),
    pytest.param("SPACE MARINE SPACE WOLVES", "Space Wolves", id="run-together-singular"),
    pytest.param("Imperium - Adeptus Astartes - Space Wolves", "Space Wolves", id="dashes"),
]


@pytest.mark.parametrize(("written", "faction"), FACTIONS)
def test_a_labelled_faction_is_found_in_the_ways_players_write_it(
    catalogue, release, written, faction
):
    text = (
        "+++++++++++++++++++++++++++++++++++++++++++++++\n"
        f"+ FACTION KEYWORD: {written}\n+ DETACHMENT: Saga of the Beastslayer\n"
        "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
        "Char1: 1x Wolf Lord on Thunderwolf (110 pts): Warlord\n"
    )
    resolved = read(text, release)
    assert resolved.faction == faction
    assert resolved.detachment == "Saga of the Beastslayer"
    assert [p.kind for p in resolved.problems if p.kind != "wargear"] == []


def test_a_name_given_to_a_unit_in_front_of_its_datasheet_is_passed_over(catalogue, release):
    text = app_list("Berzerker Warband", units="\nBloodhand : Jakhals (65 points)\n")
    resolved = read(text, release)
    assert [u.name for u in resolved.kept()] == ["Slaughterbound", "Jakhals"]
    assert resolved.problems == []


def test_an_enhancement_with_a_word_more_is_read_as_the_one_it_starts_with(catalogue, release):
    text = app_list(
        "Berzerker Warband",
        units="\nMaster of Executions (110 points)\n  • Enhancements: Berzerker Glaive Relic\n",
    )
    resolved = read(text, release)
    assert [u.enhancement for u in resolved.units] == [None, "Berzerker Glaive"]
    assert any("“Berzerker Glaive Relic” as “Berzerker Glaive”" in n for n in resolved.notes)


def test_an_enhancement_whose_name_has_a_comma_is_found_across_two_items(catalogue, release):
    warband = Detachment.objects.get(name="Berzerker Warband")
    enhancement = Enhancement.objects.create(detachment=warband, name="Gorefather, the Red")
    EnhancementPrice.objects.create(release=release, enhancement=enhancement, points=10)
    text = (
        "++ Army Roster (Chaos - World Eaters) [95pts] ++\n+ Configuration +\n"
        "Detachment Choice: Berzerker Warband\n+ Character +\n"
        "Slaughterbound [95pts]: Gorefather, the Red [10pts], Warlord\n"
    )
    [unit] = read(text, release).units
    assert unit.enhancement == "Gorefather, the Red"


def test_names_in_another_order_and_number_fit_one_entry():
    table = NameTable([entry(1, "Centurion Devastator Squad"), entry(2, "Centurion Assault Squad")])
    match = table.find("Centurions Devastators")
    assert match.entry is not None and match.entry.id == 1
    assert match.read_as == READ_VARIANT
    assert table.find("Centurions").entry is None  # two fit: not guessed


def test_only_a_table_that_allows_it_reads_a_name_with_words_more():
    names = [entry(1, "Berzerker Glaive"), entry(2, "Berzerker Glaive of Khorne")]
    assert NameTable(names, longer=True).find("Berzerker Glaive Relic").entry.id == 1
    assert NameTable(names, longer=True).find("Berzerker Glaive of Khorne Relic").entry.id == 2
    assert NameTable(names).find("Berzerker Glaive Relic").entry is None


@pytest.fixture
def april(release) -> PointsRelease:
    """A dated release of April 2025, before the current one (September 2025)."""
    return make_release("BSData 2025-04-01", current=False, published=datetime.date(2025, 4, 1))


def enhancement_list(enhancement: str) -> str:
    return app_list("Berzerker Warband", units=f"  • Enhancements: {enhancement}\n")


def test_a_former_name_two_entries_had_is_read_as_the_one_bearing_it_at_the_release(
    catalogue, release, april
):
    lust = Enhancement.objects.get(name="Battle-lust")
    favoured = Enhancement.objects.get(name="Favoured of Khorne")
    # "Old Aura" was Favoured of Khorne's name until December 2024, Battle-lust's until June
    # 2025: in April 2025 it named Battle-lust.
    FormerName.objects.create(enhancement=favoured, name="Old Aura", last_seen="2024-12-01")
    FormerName.objects.create(enhancement=lust, name="Old Aura", last_seen="2025-06-01")
    parsed = list_parse(text=enhancement_list("Old Aura"))
    [unit] = list_resolve(parsed=parsed, release_id=april.pk).units
    assert unit.enhancement == "Battle-lust"
    # Under the current release the name is no entry's any more, and two had it: not guessed.
    current = read(enhancement_list("Old Aura"), release)
    assert [p.kind for p in current.problems] == ["enhancement"]


def test_the_chosen_detachments_enhancement_wins_a_former_name_two_share(catalogue, release):
    host = make_detachment(
        Detachment.objects.get(name="Berzerker Warband").faction,
        "Blood Host",
        [("Crimson Crown", 20)],
        release,
    )
    crown = Enhancement.objects.get(detachment=host)
    lust = Enhancement.objects.get(name="Battle-lust")
    FormerName.objects.create(enhancement=crown, name="Old Trinket", last_seen="2025-05-01")
    FormerName.objects.create(enhancement=lust, name="Old Trinket", last_seen="2025-05-01")
    [unit] = read(enhancement_list("Old Trinket"), release).units
    assert unit.enhancement == "Battle-lust"


@pytest.fixture
def months(catalogue, release) -> tuple[PointsRelease, PointsRelease]:
    """July and August 2024 releases recording every datasheet's size, but July not Jakhals."""
    july = make_release("BSData 2024-07-01", current=False, published=datetime.date(2024, 7, 1))
    august = make_release("BSData 2024-08-01", current=False, published=datetime.date(2024, 8, 1))
    for sheet in Datasheet.objects.all():
        for month in (july, august):
            if month is july and sheet.name == "Jakhals":
                continue
            ReleaseUnitSize.objects.create(
                release=month,
                datasheet=sheet,
                min_models=sheet.min_models,
                max_models=sheet.max_models,
            )
    return july, august


JAKHALS = app_list("Berzerker Warband", units="\nOTHER DATASHEETS\n\nJakhals (65 points)\n")


def test_a_datasheet_the_next_months_data_records_is_read_under_the_month_before(months):
    july, _ = months
    resolved = list_resolve(parsed=list_parse(text=JAKHALS), release_id=july.pk)
    assert [u.name for u in resolved.kept()] == ["Slaughterbound", "Jakhals"]
    assert resolved.problems == []


def test_a_datasheet_neither_month_records_is_not_offered(months):
    july, august = months
    ReleaseUnitSize.objects.filter(release=august, datasheet__name="Jakhals").delete()
    resolved = list_resolve(parsed=list_parse(text=JAKHALS), release_id=july.pk)
    assert [(p.kind, p.text) for p in resolved.problems] == [(UNIT, "Jakhals")]


FRENCH_LIST = (
    "+++++++++++++++++++++++++++++++++++++++++++++++\n"
    "Nom du joueur : [player]\nFactions utilisées : World Eaters\n"
    "Points d'armée : 1000\nRègle de détachement : World Eaters - Berzerker Warband\n"
    "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
    "Personnages 1 : Seigneur de la Destruction [85pts] [Seigneur de guerre]\n"
    "Ligne 1 : 10 Berzerkers de Khorne [180pts] 9 Pistolet bolter (0), 9 Épée tronçonneuse (0)\n"
    "--- Champion des Berzerkers,Pistolet à plasma (0)\n"
)


def test_a_french_list_gets_one_answer_with_what_could_be_read(catalogue, release):
    with pytest.raises(UnreadableList) as raised:
        services.list_import_check(text=FRENCH_LIST, snapshot=services.list_snapshot())
    error = raised.value
    assert error.language == FRENCH
    assert (error.faction, error.detachment, error.stated_points) == (
        "World Eaters",
        "Berzerker Warband",
        1000,
    )
    assert "in French" in str(error)
    assert "faction World Eaters, detachment Berzerker Warband, 1000 points" in str(error)


def test_the_batch_result_says_the_language_and_the_faction_read(catalogue, release):
    snapshot = services.list_snapshot()
    french = batch.list_check_source(
        source=batch.ListSource("fr.txt", FRENCH_LIST.encode()), snapshot=snapshot
    )
    assert french.code == batch.EXIT_UNREADABLE
    result = french.result
    assert (result["language"], result["faction"], result["detachment"]) == (
        "fr",
        "World Eaters",
        "Berzerker Warband",
    )
    assert (result["format"], result["stated_points"]) == ("slot_roster", 1000)
    english = batch.list_check_source(
        source=batch.ListSource("en.txt", app_list("Berzerker Warband").encode()),
        snapshot=snapshot,
    )
    assert english.result["language"] == "en"
    assert english.result["faction"] == "World Eaters"


def test_a_french_text_in_no_layout_gets_the_french_answer_not_the_formats(catalogue, release):
    text = "Faction : World Eaters\nlimite de points : 1000 points\n\n- seigneur de la guerre\n"
    outcome = batch.list_check_source(
        source=batch.ListSource("fr.txt", text.encode()), snapshot=services.list_snapshot()
    )
    assert outcome.result["language"] == "fr"
    assert outcome.result["faction"] == "World Eaters"
    assert "not in a format" not in outcome.result["error"]
    assert "1000 points" in outcome.result["error"]
