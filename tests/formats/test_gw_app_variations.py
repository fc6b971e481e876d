"""The official app's export in each of its real variations, one small case per variation."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from tests.formats.helpers import read, summary

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Style:
    title: bool = True
    size_first: bool = False
    thousands: bool = False
    word: str = "Points"
    enhancement: str = "Enhancements"
    # "v129": sub-bullets (◦); "v140": nested bullets, unbulleted wargear continuations;
    # "stripped": indentation removed by tournament software; "plain": no indent, no ◦;
    # "unbulleted-wargear": wargear under every model line without bullets.
    layout: str = "v129"
    trailer: bool = True
    crlf: bool = False
    bom: bool = False


def world_eaters_list(style: Style) -> str:
    """Write a three-unit World Eaters list the way one app version would."""
    pts = style.word
    limit = "2,000" if style.thousands else "2000"
    pad, sub, deep = {
        "v129": ("  • ", "     ◦ ", "  • "),
        "v140": ("  • ", "    • ", "    "),
        "stripped": ("• ", "◦ ", ""),
        "plain": ("• ", "• ", ""),
        "unbulleted-wargear": ("  • ", "    ", "    "),
    }[style.layout]
    lines = []
    if style.title:
        lines += [f"Blood for the Blood God (485 {pts})", ""]
    size = f"Strike Force ({limit} {pts})"
    lines += ["World Eaters"]
    lines += [size, "Berzerker Warband"] if style.size_first else ["Berzerker Warband", size]
    lines += ["", "CHARACTERS", "", f"Daemon Prince of Khorne (220 {pts})", f"{pad}Warlord"]
    lines += [f"{pad}1x Hellforged weapons", f"{deep}1x Infernal cannon"]
    lines += [f"{pad}{style.enhancement}: Helm of Brazen Ire", ""]
    lines += ["BATTLELINE", "", f"Khorne Berzerkers (180 {pts})"]
    lines += [f"{pad}1x Khorne Berzerker Champion", f"{sub}1x Chainblade", f"{sub}1x Plasma pistol"]
    lines += [f"{pad}9x Khorne Berzerker", f"{sub}7x Bolt pistol", f"{sub}9x Chainblade", ""]
    lines += ["DEDICATED TRANSPORTS", "", f"Chaos Rhino (85 {pts})", f"{pad}1x Armoured tracks"]
    lines += [f"{deep}2x Combi-bolter", ""]
    if style.trailer:
        lines.append("Exported with App Version: v1.29.0 (2), Data Version: v579")
    text = ("\r\n" if style.crlf else "\n").join(lines)
    return ("\ufeff" if style.bom else "") + text


BASE = Style()
VARIATIONS = {
    "as-exported": BASE,
    "no-list-name-line": replace(BASE, title=False),
    "battle-size-before-detachment": replace(BASE, size_first=True),
    "thousands-separator": replace(BASE, thousands=True),
    "lower-case-points": replace(BASE, word="points"),
    "enhancement-singular": replace(BASE, enhancement="Enhancement"),
    "nested-bullets-v140": replace(BASE, layout="v140"),
    "indentation-stripped": replace(BASE, layout="stripped"),
    "no-indent-no-sub-bullets": replace(BASE, layout="plain"),
    # Without bulleted wargear the model lines look like wargear; the stated points tell.
    "wargear-without-bullets": replace(BASE, layout="unbulleted-wargear"),
    "no-app-version-trailer": replace(BASE, trailer=False),
    "windows-line-ends-and-bom": replace(BASE, crlf=True, bom=True),
}

EXPECTED = [
    ("Daemon Prince of Khorne", 1, True, "Helm of Brazen Ire"),
    ("Khorne Berzerkers", 10, False, None),
    ("Chaos Rhino", 1, False, None),
]


@pytest.mark.parametrize("style", VARIATIONS.values(), ids=VARIATIONS.keys())
def test_every_variation_reads_the_same_army(catalogue, release, style):
    resolved = read(world_eaters_list(style), release)
    assert resolved.problems == []
    assert resolved.parsed.format == "gw_app"
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    assert resolved.battle_size == "strike_force"
    assert summary(resolved) == EXPECTED
    assert [u.stated_points for u in resolved.units] == [220, 180, 85]


@pytest.mark.parametrize(
    ("style", "name", "total"),
    [(BASE, "Blood for the Blood God", 485), (replace(BASE, title=False), "", None)],
    ids=["with-title", "without-title"],
)
def test_the_list_name_line_gives_name_and_stated_total(catalogue, release, style, name, total):
    parsed = read(world_eaters_list(style), release).parsed
    assert (parsed.name, parsed.stated_points) == (name, total)


SPACE_WOLVES = """\
Wolves (375 points)

Space Marines
Space Wolves
Stormlance Task Force
Strike Force (2,000 points)

CHARACTERS

Wolf Lord on Thunderwolf (135 points)
  • Warlord
  • 1x Crushing teeth and claws
  • Enhancements: Fury of the Storm

OTHER DATASHEETS

Thunderwolf Cavalry (240 points)
  • 1x Thunderwolf Cavalry Pack Leader
     ◦ 1x Heirloom weapon
  • 5x Thunderwolf Cavalry
     ◦ 5x Heirloom weapon
"""


def test_super_faction_line_above_the_faction_picks_the_chapter(catalogue, release):
    resolved = read(SPACE_WOLVES, release)
    assert resolved.problems == []
    assert resolved.faction == "Space Wolves"
    # The detachment belongs to the parent faction; the chapter may take it.
    assert resolved.detachment == "Stormlance Task Force"
    assert summary(resolved) == [
        ("Wolf Lord on Thunderwolf", 1, True, "Fury of the Storm"),
        ("Thunderwolf Cavalry", 6, False, None),
    ]


NEWER_APP = """\
Leaders (2,000 Points)

Space Marines
Space Wolves
Strike Force (2,000 Points)
Stormlance Task Force
Force Dispositions: Purge the Foe

ATTACHED UNITS

Attached unit 1

Wolf Lord on Thunderwolf (110 Points)
• Attached as: Leader (Character)
• Warlord
• 1x Crushing teeth and claws

Thunderwolf Cavalry (120 Points)
• Attached as: Bodyguard
• 1x Thunderwolf Cavalry Pack Leader
◦ 1x Heirloom weapon
• 2x Thunderwolf Cavalry
◦ 2x Heirloom weapon

.
"""


def test_attached_unit_blocks_and_dispositions_are_chrome(catalogue, release):
    resolved = read(NEWER_APP, release)
    assert resolved.problems == []
    assert summary(resolved) == [
        ("Wolf Lord on Thunderwolf", 1, True, None),
        ("Thunderwolf Cavalry", 3, False, None),
    ]
