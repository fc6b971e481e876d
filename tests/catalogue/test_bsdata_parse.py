"""Parsing a small hand-made catalogue into facts, without the database."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.catalogue.importers.bsdata_parse import (
    ParsedCatalogue,
    ParsedDatasheet,
    faction_name,
    parse_bsdata,
)

MINI = Path(__file__).parent / "data" / "bsdata_mini"


@pytest.fixture(scope="module")
def mini() -> ParsedCatalogue:
    return parse_bsdata(MINI)


def sheet(parsed: ParsedCatalogue, name: str) -> ParsedDatasheet:
    return next(s for s in parsed.datasheets if s.name == name)


@pytest.mark.parametrize(
    ("catalogue", "name", "alliance"),
    [
        ("Imperium - Adeptus Astartes - Space Wolves", "Space Wolves", "Imperium"),
        ("Chaos - World Eaters", "World Eaters", "Chaos"),
        ("Imperium - Space Marines", "Space Marines", "Imperium"),
        ("Necrons", "Necrons", ""),
        ("Xenos - T'au Empire", "T'au Empire", "Xenos"),
    ],
)
def test_faction_name_is_the_last_segment(catalogue: str, name: str, alliance: str) -> None:
    assert faction_name(catalogue) == (name, alliance)


def test_factions_keywords_and_parent(mini: ParsedCatalogue) -> None:
    factions = {f.name: f for f in mini.factions}
    assert set(factions) == {"Test Marines", "Test Chapter"}
    chapter = factions["Test Chapter"]
    assert (chapter.keyword, chapter.parent, chapter.slug) == (
        "TEST CHAPTER",
        "Test Marines",
        "test-chapter",
    )
    assert factions["Test Marines"].keyword == "TEST MARINES"
    assert factions["Test Marines"].source_file == "Test - Marines.cat"


def test_datasheet_is_defined_once_under_its_catalogue(mini: ParsedCatalogue) -> None:
    assert [s.faction for s in mini.datasheets if s.name == "Battle Squad"] == ["Test Marines"]
    assert sheet(mini, "Chapter Champion").faction == "Test Chapter"


def test_keywords_and_faction_keywords(mini: ParsedCatalogue) -> None:
    champion = sheet(mini, "Chapter Champion")
    assert champion.keywords == ("CHARACTER", "INFANTRY")
    assert champion.faction_keywords == ("TEST CHAPTER", "TEST MARINES")
    assert "FORTIFICATION" in sheet(mini, "Drop Bunker").keywords
    assert {"AIRCRAFT", "FLY"} <= set(sheet(mini, "Skyship").keywords)
    assert {"DEDICATED TRANSPORT", "TRANSPORT"} <= set(sheet(mini, "Carrier").keywords)
    assert {"CHARACTER", "EPIC HERO"} <= set(sheet(mini, "Hero Captain").keywords)


def test_rule_of_three_by_constraint_and_by_category(mini: ParsedCatalogue) -> None:
    # A roster "max" on the entry, and a category named after the unit with a force "max".
    assert sheet(mini, "Hero Captain").limit == 1
    assert sheet(mini, "Heavy Squad").limit == 2
    # Six for a BATTLELINE unit is the default, so no override is stored.
    assert sheet(mini, "Battle Squad").limit is None


def test_legends_deep_strike_hover_warlord(mini: ParsedCatalogue) -> None:
    jump = sheet(mini, "Jump Troop")
    assert jump.legends and not jump.deep_strike  # only its leader has Deep Strike
    assert sheet(mini, "Drop Bunker").deep_strike
    assert sheet(mini, "Skyship").hover
    assert sheet(mini, "Hero Captain").warlord == "must"
    assert sheet(mini, "Lieutenant").warlord == "may"
    assert sheet(mini, "Ally Agent").warlord == "cannot"


def test_leaders_resolve_own_faction_then_parent(mini: ParsedCatalogue) -> None:
    assert sheet(mini, "Hero Captain").leads == (
        ("Test Marines", "Battle Squad"),
        ("Test Marines", "Heavy Squad"),
    )
    lieutenant = sheet(mini, "Lieutenant")
    assert lieutenant.leads == (("Test Marines", "Battle Squad"),)
    assert lieutenant.joins_led_unit
    assert sheet(mini, "Chapter Champion").leads == (("Test Marines", "Heavy Squad"),)
    missing = [u for u in mini.unmapped if u.kind == "leader target"]
    assert [(u.name, u.file, u.entry_id) for u in missing] == [
        ("Mystery Squad", "Test - Marines.cat", "hero-captain")
    ]


def test_transport_pool(mini: ParsedCatalogue) -> None:
    (pool,) = sheet(mini, "Carrier").pools
    assert pool.capacity == 10
    assert pool.allowed == (("TEST MARINES", "INFANTRY"),)
    assert pool.forbidden == ("TERMINATOR",)
    assert dict(pool.space) == {"JUMP PACK": 2}
    assert pool.complete


def test_transport_the_parser_cannot_express_is_flagged(mini: ParsedCatalogue) -> None:
    barge = sheet(mini, "Assault Barge")
    (pool,) = barge.pools
    assert (pool.capacity, pool.complete) == (20, False)
    assert pool.note and "transport" in barge.review_note
    assert "invented cannon" not in barge.review_note


def test_enhancements_belong_to_the_detachment_that_reveals_them(mini: ParsedCatalogue) -> None:
    by_detachment = {
        (e.detachment, e.name): (e.points, e.required_keywords) for e in mini.enhancements
    }
    assert by_detachment == {
        ("Strike Group", "Iron Will"): (15, ()),
        ("Strike Group", "Captain's Blade"): (20, (("CAPTAIN",),)),
        ("Siege Group", "Bastion Plate"): (10, ()),
    }


def test_detachments_skip_other_game_modes(mini: ParsedCatalogue) -> None:
    assert [(d.faction, d.name) for d in mini.detachments] == [
        ("Test Marines", "Strike Group"),
        ("Test Marines", "Siege Group"),
    ]


def test_detachment_battleline_and_forbidden(mini: ParsedCatalogue) -> None:
    siege = next(d for d in mini.detachments if d.name == "Siege Group")
    assert siege.battleline == (("Test Marines", "Heavy Squad"),)
    assert siege.forbidden == (("Test Marines", "Skyship"),)


def test_availability_and_allies(mini: ParsedCatalogue) -> None:
    chapter = {
        a.datasheet: a.ally_keyword for a in mini.availabilities if a.faction == "Test Chapter"
    }
    assert chapter[("Test Chapter", "Chapter Champion")] is None
    assert chapter[("Test Marines", "Battle Squad")] is None
    assert chapter[("Test Marines", "Ally Agent")] == "TEST ALLIES"
    rules = {(r.faction, r.keyword): r.points_cap for r in mini.ally_rules}
    assert rules == {("Test Chapter", "TEST ALLIES"): 500, ("Test Marines", "TEST ALLIES"): 500}


def test_crusade_only_entries_are_skipped(mini: ParsedCatalogue) -> None:
    assert all(s.name != "Crusade Only Squad" for s in mini.datasheets)


def test_no_rules_prose_leaves_the_parser(mini: ParsedCatalogue) -> None:
    dump = repr(mini)
    assert "Rules text the importer must not keep" not in dump
    assert "Invented footnote" not in dump


def test_faction_filter_keeps_parents(mini: ParsedCatalogue) -> None:
    parsed = parse_bsdata(MINI, ["test-chapter"])
    assert parsed.scope == frozenset({"Test Chapter", "Test Marines"})
    with pytest.raises(KeyError):
        parse_bsdata(MINI, ["Nobody"])
