"""Layouts the public lists show (issue 24): BattleScribe's roster text in both shapes,
WarOrgan's export, the numbered-slot roster ("Player Name :", "HQ 1 :"), and the ways
players write headings, warlords, enhancements and header values in the other dialects.
Every snippet here was written for these tests; none is a copy of a real list."""

from __future__ import annotations

import pytest

from rosters.formats.text_import import SUPPORTED_FORMATS, UnreadableList, list_parse
from rosters.formats.text_import.language import ENGLISH, FRENCH, french_header, text_language
from rosters.formats.text_import.model import ParsedList


def units(parsed: ParsedList) -> list[tuple[int, str, int | None, int | None, bool, str | None]]:
    """(line, name, models, points, warlord, enhancement) of every unit read."""
    return [
        (u.line, u.name, u.models, u.stated_points, u.warlord, u.enhancement) for u in parsed.units
    ]


def header(parsed: ParsedList) -> tuple[object, ...]:
    return (
        parsed.format,
        parsed.faction,
        parsed.detachment,
        parsed.battle_size,
        parsed.stated_points,
    )


BATTLESCRIBE = """++ Army Roster (Chaos - World Eaters) [1,000pts] ++

+ Configuration +

Battle Size: 1. Incursion (1000 Point limit)

Detachment Choice: Berzerker Warband

Show/Hide Options: Legends are visible, Unaligned Forces are visible

Khorne Daemons are visible

+ Character [170pts] +

Slaughterbound [85pts]: Warlord

Master of Executions [85pts]: Berzerker Glaive [25pts]

+ Battleline [180pts] +

Khorne Berzerkers [180pts]
. Khorne Berzerker Champion
. . Plasma pistol and Chainblade
. Khorne Berzerker w/ icon
. 8x Khorne Berzerker: 8x Bolt pistol, 8x Chainblade

++ Total: [1,000pts] ++

Created with BattleScribe (https://battlescribe.net)
"""

BATTLESCRIBE_PAGE = """Army Roster (Chaos - World Eaters) [350pts]
Battle Size Incursion (1000 Point limit)
Detachment Selections: Berzerker Warband

Slaughterbound [85pts]
Selections: Warlord, Favoured of Khorne [15pts]

Jakhals [65pts]
10x Jakhal
Selections: 10x Jakhal pistol, 10x Chainblade

Forgefiend [150pts] Selections: 2x Ectoplasma cannon
"""

WARORGAN = """Blood and Brass [1000 points]
World Eaters
Battle Size: Incursion (1000 point limit)

Detachment Choice: Berzerker Warband

Slaughterbound [85 points]
\t• Warlord
\t• Blood-glaive and Favoured of Khorne [+15 points]

Master of Executions [85 points]
\t• Berzerker Glaive [+25 points], Bolt pistol

Khorne Berzerkers [180 points]
\t• 1 Khorne Berzerker Champion with Plasma pistol and Chainblade
\t• 9 Khorne Berzerkers with Bolt pistol and Chainblade

Created with WarOrgan (https://warorgan.com)
"""

SLOT_ROSTER = """+++++++++++++++++++++++++++++++++++++++++++++++
Player Name : [player]
Factions used : World Eaters
Army points : 1000
Army Enhancements : Master of Executions : Berzerker Glaive Relic (25)
Detachment Rule : World Eaters – Berzerks Warband
+++++++++++++++++++++++++++++++++++++++++++++++

== World Eaters -  Berzerker Warband DETACHMENT : World Eaters [1000pts] ==

HQ 1 : Slaughterbound [85pts] - Warlord -
EL 1 : Master of Executions [110pts] Bolt pistol (0), Axe of dismemberment (0)
--- Optimisations : Berzerker Glaive Relic (25)
TR 1 : 10 Khorne Berzerkers [180pts] 9 Bolt pistol (0), 9 Chainblade (0)
--- Khorne Berzerker Champion,Plasma pistol (0), Chainblade (0)
HS1: 3 Eightbound [150pts] 2 Eightbound eviscerator (0)-- Eightbound Champion, Lacerators

Total >>> 525 points.
"""

# (text, format, (faction, detachment, battle size, points)).
HEADERS = {
    "battlescribe": (
        BATTLESCRIBE,
        ("battlescribe", "Chaos - World Eaters", "Berzerker Warband", "incursion", 1000),
    ),
    "battlescribe-page": (
        BATTLESCRIBE_PAGE,
        ("battlescribe", "Chaos - World Eaters", "Berzerker Warband", "incursion", 350),
    ),
    "warorgan": (
        WARORGAN,
        ("warorgan", "World Eaters", "Berzerker Warband", "incursion", 1000),
    ),
    "slot-roster": (
        SLOT_ROSTER,
        ("slot_roster", "World Eaters", "World Eaters – Berzerks Warband", None, 1000),
    ),
}


@pytest.mark.parametrize(("text", "expected"), HEADERS.values(), ids=HEADERS.keys())
def test_each_layout_is_told_and_its_header_read_with_no_line_left_over(text, expected):
    parsed = list_parse(text=text)
    assert header(parsed) == expected
    assert parsed.format in SUPPORTED_FORMATS
    assert parsed.unplaced == []


UNITS = {
    # Every BattleScribe bullet is a model: the champion, the icon bearer and 8 more;
    # ". ." lines are the champion's items. An item's price is taken off its name.
    "battlescribe": (
        BATTLESCRIBE,
        [
            (15, "Slaughterbound", None, 85, True, None),
            (17, "Master of Executions", None, 85, False, None),
            (21, "Khorne Berzerkers", 10, 180, False, None),
        ],
    ),
    "battlescribe-page": (
        BATTLESCRIBE_PAGE,
        [
            (5, "Slaughterbound", None, 85, True, None),
            (8, "Jakhals", 10, 65, False, None),
            (12, "Forgefiend", None, 150, False, None),
        ],
    ),
    # The priced item is the enhancement; the rest of its line stays wargear.
    "warorgan": (
        WARORGAN,
        [
            (7, "Slaughterbound", None, 85, True, "Favoured of Khorne"),
            (11, "Master of Executions", None, 85, False, "Berzerker Glaive"),
            # 1 Champion and 9 Berzerkers on its model lines: 10 models.
            (14, "Khorne Berzerkers", 10, 180, False, None),
        ],
    ),
    # The count is the unit's; "---" model lines add none.
    "slot-roster": (
        SLOT_ROSTER,
        [
            (11, "Slaughterbound", None, 85, True, None),
            (12, "Master of Executions", None, 110, False, "Berzerker Glaive Relic"),
            (14, "Khorne Berzerkers", 10, 180, False, None),
            (16, "Eightbound", 3, 150, False, None),
        ],
    ),
}


@pytest.mark.parametrize(("text", "expected"), UNITS.values(), ids=UNITS.keys())
def test_each_layout_reads_its_units_counts_warlord_and_enhancement(text, expected):
    assert units(list_parse(text=text)) == expected


def test_battlescribe_items_lose_their_prices_and_keep_their_names():
    parsed = list_parse(text=BATTLESCRIBE)
    assert parsed.units[1].items == ["Berzerker Glaive"]
    page = list_parse(text=BATTLESCRIBE_PAGE)
    assert page.units[0].items == ["Favoured of Khorne"]
    assert page.units[2].items == ["2x Ectoplasma cannon"]


def test_warorgan_keeps_the_rest_of_a_line_that_named_an_enhancement_as_wargear():
    parsed = list_parse(text=WARORGAN)
    texts = [g.name for g in parsed.units[0].gear] + [g.name for g in parsed.units[1].gear]
    assert not any("Favoured" in t or "Berzerker Glaive" in t for t in texts)
    assert any("Bolt pistol" in t for t in texts)


def test_slot_roster_model_lines_and_a_run_together_one_are_model_lines():
    parsed = list_parse(text=SLOT_ROSTER)
    berzerkers, eightbound = parsed.units[2], parsed.units[3]
    assert [w.name for w in berzerkers.wargear] == ["Khorne Berzerker Champion"]
    assert [w.name for w in eightbound.wargear] == ["Eightbound Champion"]
    # Counts written without an "x" are counts.
    assert berzerkers.items[:2] == ["9x Bolt pistol", "9x Chainblade"]


def test_slot_roster_banner_is_kept_as_another_name_for_the_detachment():
    parsed = list_parse(text=SLOT_ROSTER)
    assert parsed.detachment_alternatives == [(9, "World Eaters - Berzerker Warband")]


# Shapes of lines in the dialects that already read: (text, units, unplaced lines).
APP_HEAD = "Blood (1000 points)\n\nWorld Eaters\nIncursion (1000 points)\nBerzerker Warband\n\n"
WTC_HEAD = (
    "+++++++++++++++++++++++++++++++++++++++++++++++\n"
    "+ FACTION KEYWORD: Chaos - World Eaters\n"
    "+ DETACHMENT: Berzerker Warband\n"
    "+ TOTAL ARMY POINTS: 1000pts\n"
    "{extra}"
    "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
)
LINES = {
    # Section headings in title case are headings, not wargear or unplaced lines.
    "title-case-sections": (
        WTC_HEAD.format(extra="")
        + "Characters\n\nChar1: Slaughterbound (85 points)\n-Warlord\n\n"
        + "Others\n\nJakhals (65 points)\n",
        [("Slaughterbound", True, None), ("Jakhals", False, None)],
        [],
    ),
    # "Enhancement: X (N points)" states its price like a unit, but is the enhancement.
    "priced-enhancement-line": (
        WTC_HEAD.format(extra="")
        + "Char1: Slaughterbound (105 points)\n-Warlord\nEnhancement: Battle-lust (20 points)\n",
        [("Slaughterbound", True, "Battle-lust")],
        [],
    ),
    # A Warlord mark above its unit marks the unit that follows.
    "warlord-above-its-unit": (
        APP_HEAD + "CHARACTERS\n(Warlord)\nSlaughterbound (85 points)\n• 1x Blood-glaive\n",
        [("Slaughterbound", True, None)],
        [],
    ),
    # Rules text pasted before the first unit is a note, not a line to settle.
    "pasted-rules": (
        WTC_HEAD.format(extra="")
        + "== DETACHMENT World Eaters - Berzerker Warband :\n"
        + "Each time a unit from your army makes a Charge move, add 1 to it for the rest.\n\n"
        + "Char1: Slaughterbound (85 points)\n",
        [("Slaughterbound", False, None)],
        [],
    ),
    # "NA" states no enhancement; one without a bearer that the body names is placed there.
    "header-values": (
        WTC_HEAD.format(extra="+ ALLIED UNITS: NA\n+ ENHANCEMENT: Battle-lust\n")
        + "Char1: Slaughterbound (105 points)\nEnhancement: Battle-lust (+20 pts)\n",
        [("Slaughterbound", False, "Battle-lust")],
        [],
    ),
    # Enhancements joined by ", " or " ; " after their bearers.
    "joined-enhancements": (
        WTC_HEAD.format(
            extra="+ ENHANCEMENT: Battle-lust (on Char1: Slaughterbound) ; "
            "Berzerker Glaive (on Char2: Master of Executions)\n"
        )
        + "Char1: Slaughterbound (105 points)\nChar2: Master of Executions (85 points)\n",
        [
            ("Slaughterbound", False, "Battle-lust"),
            ("Master of Executions", False, "Berzerker Glaive"),
        ],
        [],
    ),
    # A label with a space ("Char 3:") and a count without an "x" ("3 Eightbound").
    "label-space-and-bare-count": (
        WTC_HEAD.format(extra="")
        + "Char 3: Slaughterbound (85 points)\n\n3 Eightbound (150 points)\n",
        [("Slaughterbound", False, None), ("Eightbound", False, None)],
        [],
    ),
    # A team's name and the player's, each with the army's total, are the list's title.
    "two-titles": (
        "Team (1000 points)\n\nPlayer (1000 points)\n\nWorld Eaters\nIncursion (1000 points)\n"
        "Berzerker Warband\n\nCHARACTERS\n\nSlaughterbound (85 points)\n",
        [("Slaughterbound", False, None)],
        [],
    ),
    # A header enhancement the list names nowhere else still has no bearer.
    "enhancement-without-bearer": (
        WTC_HEAD.format(extra="+ ENHANCEMENT: Battle-lust\n")
        + "Char1: Slaughterbound (85 points)\n",
        [("Slaughterbound", False, None)],
        [(5, "Battle-lust")],
    ),
}


@pytest.mark.parametrize(("text", "expected", "left"), LINES.values(), ids=LINES.keys())
def test_headings_warlords_enhancements_and_header_values_are_read(text, expected, left):
    parsed = list_parse(text=text)
    assert [(u.name, u.warlord, u.enhancement) for u in parsed.units] == expected
    assert [(u.line, u.text) for u in parsed.unplaced] == left


def test_two_titles_make_the_list_name():
    parsed = list_parse(text=LINES["two-titles"][0])
    assert parsed.name == "Team / Player"
    assert parsed.stated_points == 1000


def test_pasted_rules_are_kept_as_notes():
    parsed = list_parse(text=LINES["pasted-rules"][0])
    assert len([n for n in parsed.notes if n.endswith("(not read)")]) == 2


def test_a_hand_written_list_with_bulleted_units_reads_them():
    text = (
        "Character\n- Slaughterbound (Warlord) (85pts)\n"
        "- Master of Executions (85pts)\n- Axe of dismemberment\n\n"
        "Battleline\n- Khorne Berzerkers (180pts)\n"
    )
    parsed = list_parse(text=text)
    # The Warlord mark after the name is not part of it.
    assert [(u.name, u.stated_points, u.warlord) for u in parsed.units] == [
        ("Slaughterbound", 85, True),
        ("Master of Executions", 85, False),
        ("Khorne Berzerkers", 180, False),
    ]
    assert parsed.unplaced == []


# (text, language): French lists by their words, English ones from French events too.
LANGUAGES = [
    pytest.param(
        "Personnages 1 : Seigneur de la Destruction [85pts] Épée de la Guerre (0)\n"
        "Ligne 1 : 10 Berzerkers de Khorne [180pts] avec pistolets et épées tronçonneuses",
        FRENCH,
        id="french",
    ),
    pytest.param(
        "Liste finale (2000 points)\nWorld Eaters\nStrike Force (2000 points)\n"
        "Berzerker Warband\n\nCHARACTERS\n\nAngron (415 points)\n• 1x Samni’arius and "
        "Spinegrinder\n\nKhorne Berzerkers (180 points)\n• 9x Khorne Berzerker\n"
        "◦ 9x Bolt pistol\n◦ 9x Chainblade",
        ENGLISH,
        id="english-with-a-french-title",
    ),
    pytest.param("", ENGLISH, id="empty"),
]


@pytest.mark.parametrize(("text", "language"), LANGUAGES)
def test_the_language_is_told_by_its_words(text, language):
    assert text_language(text) == language


def test_a_french_text_in_no_layout_is_unreadable_as_french_with_its_header():
    text = (
        "Faction : Nécrons\n\nlimite de points : 1000 points\n\n"
        "détachement : phalanges d'obéissance\n\n- tétrarque 95 points (seigneur de guerre)\n"
        "- orbe de résurrection\n"
    )
    with pytest.raises(UnreadableList) as raised:
        list_parse(text=text)
    assert raised.value.language == FRENCH
    parsed = raised.value.parsed
    assert parsed is not None
    assert (parsed.faction, parsed.detachment, parsed.stated_points) == (
        "Nécrons",
        "phalanges d'obéissance",
        1000,
    )


def test_an_english_text_in_no_layout_is_still_not_a_format_we_read():
    with pytest.raises(UnreadableList) as raised:
        list_parse(text="Some notes about my army\nand a second line of them\n")
    assert raised.value.language == ENGLISH
    assert raised.value.parsed is None
    assert "not in a format we can read" in str(raised.value)


def test_the_french_header_reads_a_faction_named_first_on_the_title_line():
    parsed = french_header([(1, "T'au Empire : 2000pts liste de tournoi"), (2, "")])
    assert (parsed.faction, parsed.stated_points) == ("t'au empire", 2000)
