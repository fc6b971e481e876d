"""The last-resort reader of hand-written lists (freehand.py) and the resolver's reading of
a unit name that runs on into its items (unit_split.py). The lines are real players'
lines from the public lists (mhq__namur-en-force-chapitre-xv-2024-05-12__04/__09,
mhq__paris-40k-waaaagh-entre-amis-n10-1000pts-solo-2024-02-10__02/__05)."""

from __future__ import annotations

import pytest

from rosters.formats.text_import import UnreadableList, freehand, list_parse
from rosters.formats.text_import.index import Entry, Match
from rosters.formats.text_import.model import ParsedUnit
from rosters.formats.text_import.unit_split import loose_name, split_unit_name, unit_copies
from tests.formats.helpers import read

# line -> (count, name, items, points, enhancement)
LINES = {
    "10 Strike Squad\t250": (10, "Strike Squad", [], 250, None),
    "Champion\t80": (None, "Champion", [], 80, None),
    "1x Death Jester": (1, "Death Jester", [], None, None),
    "1x troupe master (fusion pistol, troupe master Blade)": (
        1,
        "troupe master",
        ["fusion pistol", "troupe master Blade"],
        None,
        None,
    ),
    "- 5x rubric marine, icon of flame, aspiring sorcerer with warpflame pistol, "
    "4x warpflamers  1 cabal point = 105pts": (
        5,
        "rubric marine",
        ["icon of flame", "aspiring sorcerer with warpflame pistol", "4x warpflamers"],
        105,
        None,
    ),
    "- Ahriman 3 cabal points = 130pts": (None, "Ahriman", [], 130, None),
    "- Infernal master 2 cabal points + enhancement arcane vortex 25pts = 115pts": (
        None,
        "Infernal master",
        [],
        115,
        "arcane vortex",
    ),
    "- Thousand sons sorcerer warp flame pistol, force weapon & enhancement "
    "umbralific crystal 20pts =115pts": (
        None,
        "Thousand sons sorcerer warp flame pistol",
        ["force weapon"],
        115,
        "umbralific crystal",
    ),
    "- 3x tzaangor enlightened with fatecaster greatbows": (
        3,
        "tzaangor enlightened with fatecaster greatbows",
        [],
        None,
        None,
    ),
    "- Thousand sons sorcerer warp flame pistol, force weapon 95pts": (
        None,
        "Thousand sons sorcerer warp flame pistol",
        ["force weapon"],
        95,
        None,
    ),
}


@pytest.mark.parametrize(("raw", "expected"), LINES.items(), ids=range(len(LINES)))
def test_a_hand_written_line_reads_as_count_name_items_points(raw, expected):
    line = freehand.read_line(1, raw)
    assert line is not None
    assert (line.count, line.name, line.items, line.points, line.enhancement) == expected


HEADINGS = [
    "Epic hero: 130pts",
    "characters: 635pts",
    "Battle Line",
    "Battleline: 525pts",
    "QG",
    "Other Datasheet",
    "Dedicated transport",
    "Dedicated transport (70pts)",
    "Mounted: 135pts",
    "Total\t1000",
    "Battle size: Strike force (2000 point limit)",
]


@pytest.mark.parametrize("raw", HEADINGS)
def test_headings_and_totals_are_not_units(raw):
    assert freehand.read_line(1, raw) is None


GREY_KNIGHTS = (
    "Champion\t80\n10 Strike Squad\t250\n\nChapelain\t75\n- Inescapable Wrath\t15\n"
    "5 Terminator\t210\n\n5 Interceptor Squad\t135\n\nLibrarian\t100\n\nTotal\t1000\n"
)
HARLEQUINS = (
    "QG\n1x Death Jester\nfate messanger\n1x Illic NightSpear\n"
    "1x troupe master (fusion pistol, troupe master Blade)\n\nBattle Line\n"
    "5x troupe (4 Harlequin spécial weapon, 1 power sword, 2 fusion, 2 neuro, 1 shuriken)\n\n"
    "Dedicated transport\n1x Starweaver\n\nOther Datasheet\n\n2x Skyweaver\n1x Warp Spiders\n"
)
THOUSAND_SONS = (
    "Battle size: Strike force (2000 point limit)\n\n15 cabal points\n\nEpic hero: 130pts\n"
    "- Ahriman 3 cabal points = 130pts\n\ncharacters: 635pts\n"
    "- Infernal master 2 cabal points + enhancement arcane vortex 25pts = 115pts\n\n"
    "Monster: 495pts\n- Mutalith vortex beast\n- Mutalith vortex beast\n"
)


def summary(text: str) -> list[tuple[str, int | None, int | None, list[str], str | None]]:
    parsed = list_parse(text=text)
    assert parsed.format == freehand.FORMAT
    return [(u.name, u.models, u.stated_points, u.items, u.enhancement) for u in parsed.units]


def test_a_list_of_names_and_points_reads_with_its_items_under_their_unit():
    assert summary(GREY_KNIGHTS) == [
        ("Champion", None, 80, [], None),
        ("Strike Squad", 10, 250, [], None),
        # The bulleted line under an unbulleted unit is its item (an enhancement, maybe).
        ("Chapelain", None, 75, ["Inescapable Wrath"], None),
        ("Terminator", 5, 210, [], None),
        ("Interceptor Squad", 5, 135, [], None),
        ("Librarian", None, 100, [], None),
    ]
    assert list_parse(text=GREY_KNIGHTS).stated_points == 1000


def test_a_list_of_counted_units_reads_a_bare_line_as_the_unit_above_s_item():
    assert summary(HARLEQUINS) == [
        # "1x" is one unit: its model count is left to the datasheet.
        ("Death Jester", None, None, ["fate messanger"], None),
        ("Illic NightSpear", None, None, [], None),
        ("troupe master", None, None, ["fusion pistol", "troupe master Blade"], None),
        (
            "troupe",
            5,
            None,
            ["4 Harlequin spécial weapon", "1 power sword", "2 fusion", "2 neuro", "1 shuriken"],
            None,
        ),
        ("Starweaver", None, None, [], None),
        ("Skyweaver", 2, None, [], None),
        ("Warp Spiders", None, None, [], None),
    ]


def test_the_items_of_a_hand_written_line_are_not_read_as_wargear():
    # Too loose to place ("2 fusion", "4 Harlequin spécial weapon"): kept for the
    # enhancement only, so the datasheet's defaults stand rather than a wrong placement.
    parsed = list_parse(text=HARLEQUINS)
    assert all(u.header_items == 0 and not u.gear for u in parsed.units)


def test_a_bulleted_list_under_headings_reads_its_battle_size_and_enhancements():
    parsed = list_parse(text=THOUSAND_SONS)
    assert parsed.format == freehand.FORMAT
    assert parsed.battle_size == "strike_force"
    assert [(u.name, u.stated_points, u.enhancement) for u in parsed.units] == [
        ("Ahriman", 130, None),
        ("Infernal master", 115, "arcane vortex"),
        ("Mutalith vortex beast", None, None),
        ("Mutalith vortex beast", None, None),
    ]
    # "15 cabal points" is a tally, not a unit.
    assert parsed.unplaced == []


@pytest.mark.parametrize(
    "text",
    [
        "Some notes about my army\nand a second line of them\n",
        "hello\nthis is not an army list\n",
        "10 Strike Squad\t250\n",  # one line is not a list
    ],
)
def test_text_that_is_no_list_is_still_unreadable(text):
    with pytest.raises(UnreadableList, match="not in a format we can read"):
        list_parse(text=text)


def test_a_french_text_is_never_read_by_hand():
    text = (
        "Faction : Nécrons\n\nlimite de points : 1000 points\n\n"
        "détachement : phalanges d'obéissance\n\n- tétrarque 95 points (seigneur de guerre)\n"
        "- 10 guerriers nécrons 100 points\n"
    )
    with pytest.raises(UnreadableList) as raised:
        list_parse(text=text)
    assert raised.value.language == "fr"


def test_an_export_keeps_its_own_dialect():
    # A unit line any export writes is read by the export's reader, not the free-hand one.
    parsed = list_parse(text="Khorne Berzerkers (180 pts)\nLord Invocatus (140 pts)\n")
    assert parsed.format != freehand.FORMAT


def _entry(pk: int, name: str) -> Entry:
    norm = " ".join(name.casefold().split())
    return Entry(pk, name, norm, frozenset(norm.split()))


SHEETS = {
    e.norm: e
    for e in (
        _entry(1, "Leman Russ Battle Tank"),
        _entry(2, "Catachan Jungle Fighters"),
        _entry(3, "Heavy Weapons Squad"),
        _entry(4, "Infantry Squad"),
        _entry(5, "Tempestus Scions"),
    )
}
SIZES = {1: ((1, 1), ((1, 170),)), 2: ((20, 20), ((20, 110),)), 3: ((3, 3), ((3, 60),))}
SIZES |= {4: ((10, 10), ((10, 60),)), 5: ((5, 10), ((5, 50), (10, 100)))}


def _find(text: str) -> Match:
    """As the name table finds: exactly, or the one name holding all the words."""
    words = frozenset(text.casefold().split())
    holding = [e for e in SHEETS.values() if words <= e.tokens]
    return Match(holding[0] if len(holding) == 1 else None)


# name, count, points -> (datasheet, name, leading items) or None (left unread)
SPLITS = {
    ("Leman Russ battle tank with lascannon, hunter killer missile", 2, 340): (
        1,
        "Leman Russ battle tank",
        ["lascannon", "hunter killer missile"],
    ),
    ("Heavy Weapons squad 3x mortar", None, 60): (3, "Heavy Weapons squad", ["3x mortar"]),
    # One letter off a single datasheet's name.
    ("Infantery squad with mortar", None, 60): (4, "Infantery squad", ["mortar"]),
    ("Scions with plasma pistol, power weapon", 2, 100): (
        5,
        "Scions",
        ["plasma pistol", "power weapon"],
    ),
    # A count the datasheet cannot have, as models or copies, where the cut was found:
    # unsure, left unread.
    ("Heavy Weapons squad 3x mortar", 4, 60): None,
    ("Leman Russ battle tank with lascannon", 3, 340): None,
    # A name the list ends with a colon is sure: its count is the list's (UNIT_SIZE).
    ("Catachan jungle fighters: 2x flamer, 1 voxcaster", 4, 220): (
        2,
        "Catachan jungle fighters",
        ["2x flamer", "1 voxcaster"],
    ),
    ("Catachan jungle fighters: 2x flamer", 20, 110): (
        2,
        "Catachan jungle fighters",
        ["2x flamer"],
    ),
    ("Chimera hunter killer missile", None, 70): None,
}


@pytest.mark.parametrize(("written", "expected"), SPLITS.items(), ids=range(len(SPLITS)))
def test_a_unit_name_run_on_into_its_items_is_cut_where_a_datasheet_ends(written, expected):
    name, count, points = written
    unit = ParsedUnit(1, name, stated_points=points, models=count, models_explicit=bool(count))
    match, split = split_unit_name(_find, unit, list(SHEETS.values()), SIZES.__getitem__)
    if expected is None:
        assert (match.entry, split) == (None, unit)
        return
    assert match.entry is not None
    assert (match.entry.id, split.name, split.items[: split.header_items]) == expected


COPIES = {
    # "2x Leman Russ battle tank (340pts)": two tanks of 170.
    ((1, 1), ((1, 170),), 2, 340): (2, 1, 170),
    # Two units of five Scions at 50 (2 is no unit size of theirs).
    ((5, 10), ((5, 50), (10, 100)), 2, 100): (2, 5, 50),
    # A count the datasheet allows is its models.
    ((5, 10), ((5, 50), (10, 100)), 5, 100): (1, 5, 100),
    # Points that fit no bracket so many times: kept as written.
    ((20, 20), ((20, 110),), 4, 220): (1, 4, 220),
}


@pytest.mark.parametrize(("given", "expected"), COPIES.items(), ids=range(len(COPIES)))
def test_a_count_is_read_as_copies_only_where_the_points_say_so(given, expected):
    size, brackets, count, points = given
    unit = ParsedUnit(1, "x", stated_points=points, models=count, models_explicit=True)
    copies, one = unit_copies(unit, size, brackets)
    assert (copies, one.models, one.stated_points) == expected


def test_a_free_hand_name_may_end_before_any_word_and_its_rest_is_no_wargear():
    sheets = [_entry(7, "Sorcerer"), _entry(8, "Sorcerer in Terminator Armour")]

    def find(text: str) -> Match:
        folded = " ".join(text.casefold().split()).removeprefix("thousand sons ")
        return Match(next((e for e in sheets if e.norm == folded), None))

    unit = ParsedUnit(1, "Thousad sons sorcerer warp flame pistol", stated_points=115)
    # No colon, comma, "with" or count: an export's name is not cut there.
    assert split_unit_name(find, unit, sheets, prefixes=("thousand sons",))[0].entry is None
    match, split = split_unit_name(find, unit, sheets, loose=True, prefixes=("thousand sons",))
    # One letter off the faction's name in front of the datasheet's.
    assert match.entry is not None and match.entry.id == 7
    assert (split.items, split.header_items) == (["warp flame pistol"], 0)


ENHANCEMENTS = [_entry(1, "Lord of Forbidden Lore"), _entry(2, "Umbralefic Crystal")]
ENHANCEMENTS += [_entry(3, "Arcane Might"), _entry(4, "Arcane Vortex")]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("lord of the forbidden lore", 1),
        ("umbralific crystal", 2),
        ("arcane mights", None),  # two names one letter off, or none: no guess
        ("forbidden", None),
    ],
)
def test_an_enhancement_is_found_by_its_words_less_articles_or_one_letter_off(written, expected):
    found = loose_name(ENHANCEMENTS, written).entry
    assert (found.id if found else None) == expected


def test_labelled_faction_and_detachment_lines_are_the_list_s_header():
    text = "Faction: Grey Knights\nDetachment: Teleport Strike Force\n" + GREY_KNIGHTS
    parsed = list_parse(text=text)
    assert parsed.format == freehand.FORMAT
    assert (parsed.faction, parsed.faction_line) == ("Grey Knights", 1)
    assert (parsed.detachment, parsed.detachment_line) == ("Teleport Strike Force", 2)
    assert parsed.units[0].name == "Champion"


@pytest.mark.django_db
def test_a_hand_written_list_resolves_against_the_catalogue(catalogue, release):
    text = (
        "Faction: World Eaters\nDetachment: Berzerker Warband\n\nEpic hero\n"
        "Kharn the Betrayer\t85\n\nBattleline\n"
        "10 Khorne Berzerkers with chainblades, bolt pistols\t180\n"
    )
    resolved = read(text, release)
    assert resolved.parsed.format == freehand.FORMAT
    assert (resolved.faction, resolved.detachment) == ("World Eaters", "Berzerker Warband")
    assert resolved.problems == []
    # The name ran on into its items: cut before "with", the rest not placed as wargear.
    assert [(u.name, u.models) for u in resolved.kept()] == [
        ("Khârn the Betrayer", 1),
        ("Khorne Berzerkers", 10),
    ]
    assert all(not u.loadout and not u.unread for u in resolved.kept())
