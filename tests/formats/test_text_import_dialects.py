"""Dialects: New Recruit's WTC export of 2025-26, its older "+ KEY - value" header, and the
official app's French export. The samples in data/ were written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from rosters.formats.text_import import SUPPORTED_FORMATS, list_parse
from rosters.formats.text_import.model import ParsedList
from tests.formats.helpers import read, summary

DATA = Path(__file__).parent / "data"
WTC_2025 = (DATA / "nr_wtc_2025_deathguard_vectorium.txt").read_text(encoding="utf-8")
WTC_DASH = (DATA / "nr_wtc_dash_necrons_awakened.txt").read_text(encoding="utf-8")
FRENCH = (DATA / "gwapp_fr_worldeaters_berzerker.txt").read_text(encoding="utf-8")


def units(parsed: ParsedList) -> list[tuple[int, str, int | None, int | None, bool, str | None]]:
    """Return (line, name, models, points, warlord, enhancement) for every unit read."""
    return [
        (u.line, u.name, u.models, u.stated_points, u.warlord, u.enhancement) for u in parsed.units
    ]


def unplaced(parsed: ParsedList) -> list[tuple[int, str]]:
    return [(u.line, u.text) for u in parsed.unplaced]


HEADERS = {
    "nr-wtc-2025": (
        WTC_2025,
        "nr_wtc_2025",
        ("Chaos - Death Guard", 2, "Virulent Vectorium", 3, 600, None),
    ),
    "nr-wtc-dash": (WTC_DASH, "nr_wtc_dash", ("Necrons", 2, "Awakened Dynasty", 3, 355, None)),
    "gw-app-fr": (FRENCH, "gw_app_fr", (None, None, None, None, 565, "strike_force")),
}


@pytest.mark.parametrize(("text", "code", "header"), HEADERS.values(), ids=HEADERS.keys())
def test_each_dialect_is_detected_and_its_header_read(text, code, header):
    parsed = list_parse(text=text)
    assert parsed.format == code
    assert code in SUPPORTED_FORMATS
    assert (
        parsed.faction,
        parsed.faction_line,
        parsed.detachment,
        parsed.detachment_line,
        parsed.stated_points,
        parsed.battle_size,
    ) == header
    assert parsed.unplaced == []


UNITS = {
    "nr-wtc-2025": (
        WTC_2025,
        [
            (11, "Tallyman", 1, 50, True, "Revolting Regeneration"),
            (12, "Lord of Virulence", 1, 100, False, "Arch Contaminator"),
            (13, "Malignant Plaguecaster", 1, 60, False, None),
            (15, "Plague Marines", 10, 190, False, None),
            (18, "Poxwalkers", 10, 65, False, None),
            (19, "Foetid Bloat-drone", 1, 100, False, None),
        ],
    ),
    "nr-wtc-dash": (
        WTC_DASH,
        [
            (11, "Overlord", 1, 105, True, "Veil of Darkness"),
            (12, "Royal Warden", 1, 50, False, None),
            (13, "Necron Warriors", 10, 90, False, None),
            (14, "Immortals", 5, 70, False, None),
            (15, "Canoptek Scarab Swarms", 3, 40, False, None),
        ],
    ),
    # The app states no count for a one-model unit or one whose models are not listed
    # by name; the resolver works those out.
    "gw-app-fr": (
        FRENCH,
        [
            (9, "Daemon Prince of Khorne", None, 220, True, "Helm of Brazen Ire"),
            (17, "Khorne Berzerkers", 10, 180, False, None),
            (27, "Chaos Rhino", None, 85, False, None),
            (33, "Chaos Spawn", 2, 80, False, None),
        ],
    ),
}


@pytest.mark.parametrize(("text", "expected"), UNITS.values(), ids=UNITS.keys())
def test_each_dialect_reads_units_counts_warlord_and_enhancements(text, expected):
    assert units(list_parse(text=text)) == expected


def test_inline_wargear_stays_with_its_unit_and_the_enhancement_is_taken_out_of_it():
    parsed = list_parse(text=WTC_2025)
    assert parsed.units[0].items == ["plasma pistol", "plague knife"]
    dash = list_parse(text=WTC_DASH)
    # "Warlord" and the enhancement are read from the items, not left as wargear.
    assert dash.units[0].items == ["Overlord's blade", "Tachyon arrow"]


def test_the_2025_export_reads_without_its_fences():
    text = "\n".join(line for line in WTC_2025.splitlines() if not line.startswith("+++"))
    parsed = list_parse(text=text)
    assert parsed.format == "nr_wtc_2025"
    assert [u.name for u in parsed.units][:2] == ["Tallyman", "Lord of Virulence"]
    assert parsed.units[0].warlord


def test_the_warlord_prefix_breaks_a_tie_between_units_of_the_same_name():
    text = WTC_2025.replace("Char1 : Tallyman\n", "Char4 : Tallyman\n").replace(
        "1x Foetid Bloat-drone (100 pts) plaguespitters",
        "Char4: 1x Tallyman (50 pts) plasma pistol",
    )
    parsed = list_parse(text=text)
    tallymen = [(u.label, u.warlord) for u in parsed.units if u.name == "Tallyman"]
    assert tallymen == [("Char1", False), ("Char4", True)]


UNKNOWN = {
    # An enhancement that names no bearer cannot be placed, and is reported on its line.
    "enhancement-without-bearer": (
        WTC_2025.replace("Arch Contaminator (Lord of Virulence)", "Arch Contaminator"),
        [(7, "Arch Contaminator")],
        6,
    ),
    "enhancement-on-a-missing-unit": (
        WTC_2025.replace("(Lord of Virulence)", "(Typhus)"),
        [(7, "Arch Contaminator (on Typhus)")],
        6,
    ),
    "stray-body-line": (
        WTC_DASH.replace("Char1: 1x Overlord", "Shields up\nChar1: 1x Overlord"),
        [(11, "Shields up")],
        5,
    ),
    "stray-french-line": (
        FRENCH.replace("PERSONNAGES\n", "PERSONNAGES\nNotes du joueur\n"),
        [(8, "Notes du joueur")],
        4,
    ),
}


@pytest.mark.parametrize(("text", "expected", "count"), UNKNOWN.values(), ids=UNKNOWN.keys())
def test_lines_no_dialect_reads_are_reported_with_their_line_numbers(text, expected, count):
    parsed = list_parse(text=text)
    assert unplaced(parsed) == expected
    # The rest of the list is still read.
    assert len(parsed.units) == count


def test_a_warlord_naming_no_unit_is_reported():
    text = WTC_DASH.replace("+ WARLORD - Char1: Overlord", "+ WARLORD - Char9: Imotekh").replace(
        "Warlord, ", ""
    )
    parsed = list_parse(text=text)
    assert unplaced(parsed) == [(6, "Imotekh")]
    assert not any(u.warlord for u in parsed.units)


def test_a_sub_faction_in_the_dash_header_joins_the_main_faction():
    text = WTC_DASH.replace(
        "+ ARMY MAIN FACTION - Necrons",
        "+ ARMY MAIN FACTION - Space Marines\n+ ARMY SUB FACTION - Space Wolves",
    )
    parsed = list_parse(text=text)
    assert (parsed.faction, parsed.faction_line) == ("Space Marines - Space Wolves", 2)


FRENCH_SECTIONS = {
    # The French heading, then the English one the app writes for the same section.
    "PERSONNAGES": "CHARACTERS",
    "TROUPES DE LIGNE": "BATTLELINE",
    "TRANSPORTS DÉDIÉS": "DEDICATED TRANSPORTS",
    "TRANSPORTS DEDIES": "DEDICATED TRANSPORTS",
    "AUTRES FICHES TECHNIQUES": "OTHER DATASHEETS",
    "ALLIÉS": "ALLIED UNITS",
}


@pytest.mark.parametrize("section", FRENCH_SECTIONS, ids=list(FRENCH_SECTIONS.values()))
def test_every_french_section_heading_marks_the_french_app(section):
    # No battle size and no footer: the heading alone must tell the format.
    head = f"World Eaters\nBerzerker Warband\n\n{section}\n\n"
    text = head + "Chaos Spawn (80 Points)\n  • 2x Chaos Spawn\n"
    parsed = list_parse(text=text)
    assert parsed.format == "gw_app_fr"
    assert units(parsed) == [(6, "Chaos Spawn", 2, 80, False, None)]


SIZES = {
    "Incursion (1 000 Points)": "incursion",
    "Force de Frappe (2 000 Points)": "strike_force",
    "Assaut (3 000 Points)": "onslaught",
    "Taille de bataille: Force de Frappe": "strike_force",
}


@pytest.mark.parametrize(("line", "size"), SIZES.items(), ids=SIZES.keys())
def test_french_battle_sizes_are_read(line, size):
    parsed = list_parse(text=FRENCH.replace("Force de Frappe (2 000 Points)", line))
    assert (parsed.battle_size, parsed.battle_size_line) == (size, 5)


def test_the_english_app_export_keeps_its_own_format_code():
    english = (
        FRENCH.replace("PERSONNAGES", "CHARACTERS")
        .replace("TROUPES DE LIGNE", "BATTLELINE")
        .replace("TRANSPORTS DÉDIÉS", "DEDICATED TRANSPORTS")
        .replace("AUTRES FICHES TECHNIQUES", "OTHER DATASHEETS")
        .replace("Seigneur de Guerre", "Warlord")
        .replace("Amélioration", "Enhancements")
        .replace("Force de Frappe", "Strike Force")
        .replace("Exporté avec la Version de l'Appli", "Exported with App Version")
    )
    parsed = list_parse(text=english)
    assert parsed.format == "gw_app"
    assert units(parsed) == units(list_parse(text=FRENCH))


@pytest.mark.django_db
def test_the_french_sample_resolves_in_full_against_the_catalogue(catalogue, release):
    resolved = read(FRENCH, release)
    assert resolved.problems == []
    assert (resolved.faction, resolved.detachment, resolved.battle_size) == (
        "World Eaters",
        "Berzerker Warband",
        "strike_force",
    )
    assert summary(resolved) == [
        ("Daemon Prince of Khorne", 1, True, "Helm of Brazen Ire"),
        ("Khorne Berzerkers", 10, False, None),
        ("Chaos Rhino", 1, False, None),
        ("Chaos Spawn", 2, False, None),
    ]


@pytest.mark.django_db
def test_a_2025_wtc_list_resolves_warlord_and_enhancement_against_the_catalogue(catalogue, release):
    text = (
        "+ FACTION KEYWORD: Chaos - World Eaters\n"
        "+ DETACHMENT: Berzerker Warband\n"
        "+ TOTAL ARMY POINTS: 480\n"
        "+ WARLORD : Char2 : Daemon Prince of Khorne\n"
        "+ ENHANCEMENT : Favoured of Khorne (Char2 : Daemon Prince of Khorne)"
        " + Battle-lust (Master of Executions)\n"
        "\n"
        "Char1: 1x Master of Executions (70 pts) axe of dismemberment\n"
        "Char2: 1x Daemon Prince of Khorne (215 pts) hellforged weapons, infernal cannon\n"
        "10x Khorne Berzerkers (180 pts) chainblade, bolt pistol\n"
    )
    resolved = read(text, release)
    assert resolved.parsed.format == "nr_wtc_2025"
    assert resolved.problems == []
    assert summary(resolved) == [
        ("Master of Executions", 1, False, "Battle-lust"),
        ("Daemon Prince of Khorne", 1, True, "Favoured of Khorne"),
        ("Khorne Berzerkers", 10, False, None),
    ]


_WTC_BODY = """
Char1: 1x Morvenn Vahl (170 pts): Lance of Illumination, Paragon missile launcher
"""


@pytest.mark.parametrize(
    ("header", "detachment", "faction"),
    [
        # The WTC template players fill in by hand names the key "DETACHMENT USED".
        (
            "+++++\n+ FACTION KEYWORD: Adepta Sororitas\n+ DETACHMENT USED: Hallowed Martyrs\n"
            "+++++\n",
            "Hallowed Martyrs",
            "Adepta Sororitas",
        ),
        (
            "+++++\n+ FACTION KEYWORD : Adepta Sororitas\n+ DETACHMENT USED : Army of Faith\n"
            "+++++\n",
            "Army of Faith",
            "Adepta Sororitas",
        ),
        # The list's name in a fenced block of its own before the header.
        (
            "+++++\nSire on en a gros !\n+++++\n+ FACTION KEYWORD: Adepta Sororitas\n"
            "+ DETACHMENT: Army of Faith\n+++++\n",
            "Army of Faith",
            "Adepta Sororitas",
        ),
        # The player's name in a first block, the header in the next one.
        (
            "+++++\n+ PLAYER : someone\n+++++\n+++++\n+ FACTION KEYWORD: Adepta Sororitas\n"
            "+ DETACHMENT: Army of Faith\n+++++\n",
            "Army of Faith",
            "Adepta Sororitas",
        ),
    ],
    ids=["detachment-used", "detachment-used-spaced", "name-block", "player-block"],
)
def test_wtc_header_detachment_key_and_several_fenced_blocks(header, detachment, faction):
    parsed = list_parse(text=header + _WTC_BODY)
    assert (parsed.faction, parsed.detachment) == (faction, detachment)
    assert [u.name for u in parsed.units] == ["Morvenn Vahl"]
