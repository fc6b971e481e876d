"""New Recruit's WTC family and plain texts, and ListForge's export."""

from __future__ import annotations

import pytest

from tests.formats.helpers import read, summary

pytestmark = pytest.mark.django_db

HEADER = """\
+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Chaos - World Eaters
+ DETACHMENT: Berzerker\u00a0Warband
+ TOTAL ARMY POINTS: 575pts
+
+ WARLORD: {warlord}
+ ENHANCEMENT: {enhancement}
+ NUMBER OF UNITS: 4
+ SECONDARY: - Bring It Down: (2x2) - Assassination: 2 Characters
+++++++++++++++++++++++++++++++++++++++++++++++
"""

WTC = (
    HEADER.format(
        warlord="Char2: Daemon Prince of Khorne",
        enhancement="Favoured of Khorne (on Char2: Daemon Prince of Khorne)",
    )
    + """
CHARACTER

Char1: 1x Khârn the Betrayer (85 pts)
1 with Gorechild, Plasma pistol

Char2: 1x Daemon Prince of Khorne (215 pts)
1 with Hellforged weapons, Infernal cannon
  • Warlord
Enhancement: Favoured of Khorne (+15 pts)

BATTLELINE

10x Khorne Berzerkers (180 pts)
• 1x Khorne Berzerker Champion
    1 with Chainblade, Plasma pistol
• 9x Khorne Berzerker
    9 with Bolt pistol, Chainblade

OTHER DATASHEETS

1x Chaos Rhino (85 pts)
1 with Armoured tracks, Combi-bolter, Havoc launcher
"""
)

WTC_COMPACT = (
    HEADER.format(
        warlord="Char2: Daemon Prince of Khorne",
        enhancement="Favoured of Khorne (on Char2: Daemon Prince of Khorne)",
    )
    + """
Char1: 1x Khârn the Betrayer (85 pts): Gorechild, Plasma pistol
Char2: 1x Daemon Prince of Khorne (215 pts): Warlord, Hellforged weapons, Infernal cannon
Enhancement: Favoured of Khorne (+15 pts)

10x Khorne Berzerkers (180 pts)
• 1x Khorne Berzerker Champion: Chainblade, Plasma pistol
• 9x Khorne Berzerker: 9 with Bolt pistol, Chainblade
1x Chaos Rhino (85 pts): Armoured tracks, Combi-bolter, Havoc launcher
"""
)

GW_STYLE = (
    HEADER.format(
        warlord="Char1: Daemon Prince of Khorne",
        enhancement="Favoured of Khorne (on Char2: Daemon Prince of Khorne)",
    )
    + """
CHARACTER

Khârn the Betrayer (85 pts)
• 1x Gorechild
• 1x Plasma pistol

Daemon Prince of Khorne (215 pts)
• 1x Hellforged weapons
• 1x Infernal cannon
• Warlord
• Favoured of Khorne (+15 pts)

BATTLELINE

Khorne Berzerkers (180 pts)
• 1x Khorne Berzerker Champion
    • 1x Chainblade
• 9x Khorne Berzerker
    • 9x Chainblade
    • Icon of Khorne

OTHER DATASHEETS

Chaos Rhino (85 pts)
• 1x Armoured tracks
• 1x Havoc launcher
"""
)

EXPECTED = [
    ("Khârn the Betrayer", 1, False, None),
    ("Daemon Prince of Khorne", 1, True, "Favoured of Khorne"),
    ("Khorne Berzerkers", 10, False, None),
    ("Chaos Rhino", 1, False, None),
]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [(WTC, "nr_wtc"), (WTC_COMPACT, "nr_wtc_compact"), (GW_STYLE, "nr_gw")],
    ids=["wtc", "wtc-compact", "gw-style"],
)
def test_wtc_family_reads_header_and_body(catalogue, release, text, fmt):
    resolved = read(text, release)
    assert resolved.problems == []
    assert resolved.parsed.format == fmt
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    assert resolved.parsed.stated_points == 575
    # WTC lists do not state the battle size; 575 points is an Incursion list.
    assert resolved.battle_size == "incursion"
    assert summary(resolved) == EXPECTED
    assert [u.stated_points for u in resolved.units] == [85, 215, 180, 85]


HEADER_ONLY = (
    HEADER.format(
        # The numbers disagree with the body: Char1 is Khârn there, not the Daemon Prince.
        warlord="Char1: Daemon Prince of Khorne",
        enhancement="Favoured of Khorne (on Char1: Daemon Prince of Khorne)",
    )
    + """
Char1: 1x Khârn the Betrayer (85 pts): Gorechild, Plasma pistol
Char2: 1x Daemon Prince of Khorne (215 pts): Hellforged weapons, Infernal cannon
Char3: 1x Slaughterbound (85 pts): Lacerator and daemonic claw
Char4: 1x Slaughterbound (95 pts): Lacerator and daemonic claw
"""
)


def test_wtc_header_numbers_that_disagree_with_the_body_match_by_name(catalogue, release):
    resolved = read(HEADER_ONLY, release)
    assert resolved.problems == []
    assert summary(resolved) == [
        ("Khârn the Betrayer", 1, False, None),
        ("Daemon Prince of Khorne", 1, True, "Favoured of Khorne"),
        ("Slaughterbound", 1, False, None),
        ("Slaughterbound", 1, False, None),
    ]


def test_wtc_header_number_breaks_a_tie_between_units_of_one_name(catalogue, release):
    text = HEADER_ONLY.replace(
        "+ ENHANCEMENT: Favoured of Khorne (on Char1: Daemon Prince of Khorne)",
        "+ ENHANCEMENT: Favoured of Khorne (on Char2: Daemon Prince of Khorne)\n"
        "& Battle-lust (on Char4: Slaughterbound)",
    )
    resolved = read(text, release)
    assert resolved.problems == []
    enhancements = [(u.name, u.stated_points, u.enhancement) for u in resolved.kept()]
    assert enhancements[2:] == [
        ("Slaughterbound", 85, None),
        ("Slaughterbound", 95, "Battle-lust"),
    ]


def test_wtc_header_naming_a_unit_the_body_lacks_is_reported(catalogue, release):
    text = HEADER_ONLY.replace(
        "(on Char1: Daemon Prince of Khorne)", "(on Char9: Master of Executions)"
    )
    resolved = read(text, release)
    [problem] = resolved.problems
    assert (problem.kind, problem.line) == ("line", 7)
    assert "Master of Executions" in problem.text


NR_TEXT = """\
Chaos - World Eaters - Fiendish! - [580 pts]

# ++ Army Roster ++ [580 pts]
## Configuration
Battle Size: Strike Force (2000 Point limit)
Blessings of Khorne Reference
Detachment: Berzerker Warband (Relentless Rage)
Show/Hide Options

## Epic Hero [85 pts]
Khârn the Betrayer [85 pts]: Gorechild, Plasma pistol

## Character [215 pts]
Daemon Prince of Khorne [215 pts]: Warlord, Favoured of Khorne, Hellforged weapons

## Battleline [180 pts]
Khorne Berzerkers [180 pts]:
• 1x Khorne Berzerker Champion: Chainblade, Plasma pistol, Icon of Khorne
• 5x Khorne Berzerker: Bolt pistol, Chainblade
• 2x Khorne Berzerker w/ chainblade and plasma pistol: Chainblade, Plasma pistol
• 2x Khorne Berzerker w/ eviscerator and bolt pistol: Bolt pistol, Khornate eviscerator

## Dedicated Transport [85 pts]
Chaos Rhino [85 pts]: Armoured tracks, 2x Combi-bolter, Havoc launcher
"""


def test_new_recruit_default_text(catalogue, release):
    resolved = read(NR_TEXT, release)
    assert resolved.problems == []
    assert resolved.parsed.format == "nr_text"
    assert resolved.parsed.name == "Fiendish!"
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    assert resolved.battle_size == "strike_force"
    # The enhancement sits among the wargear; it is found by its exact name.
    assert summary(resolved) == EXPECTED


NR_SHORT = """\
Khârn the Betrayer (85pts): Gorechild, Plasma pistol
Daemon Prince of Khorne (215pts): Warlord, Favoured of Khorne, Hellforged weapons

10x Khorne Berzerkers (180pts)
Chaos Rhino (85pts): Armoured tracks, Havoc launcher
"""


def test_new_recruit_short_text_takes_the_faction_from_its_units(catalogue, release):
    resolved = read(NR_SHORT, release)
    assert resolved.parsed.format == "nr_short"
    assert resolved.faction == "World Eaters"
    # The short text names no detachment; the rules core will say one is missing.
    assert resolved.detachment is None
    assert summary(resolved) == EXPECTED
    assert any("Faction taken from the units" in note for note in resolved.notes)


LISTFORGE = """\
Fiendish! - World Eaters - Berzerker Warband (585 Points)


Epic Hero:
Khârn the Betrayer (85 pts)
  • Gorechild
  • Plasma pistol


Character:
World Eaters Daemon Prince (215 pts)
  • Hellforged weapons
  • E: Favoured of Khorne
  • Warlord


Battleline:
Khorne Berzerkers (180 pts)
  • Khorne Berzerker Champion
    • Bolt pistol
  • Icon of Khorne
  • 4x Khorne Berzerker w/ alternate weapons
    • 2x Khornate eviscerator
  • 5x Khorne Berzerker
    • 5x Bolt pistol


Dedicated Transport:
World Eaters Rhino (85 pts)
  • Armoured tracks
  • Havoc launcher
"""


def test_listforge_export(catalogue, release):
    resolved = read(LISTFORGE, release)
    assert resolved.problems == []
    assert resolved.parsed.format == "listforge"
    assert resolved.parsed.name == "Fiendish!"
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    # "World Eaters Daemon Prince" and "World Eaters Rhino" lose the faction prefix and
    # then fit one datasheet each by leading words or by all their words.
    assert summary(resolved) == EXPECTED
