"""A detachment the catalogue lacks (one published after the data), named by a list.

The list is checked under it as written: DETACHMENT_UNKNOWN warns that its rules were not
judged, DETACHMENT_REQUIRED judges a list that names two, and what a unit takes from it is
kept as written and judged by no enhancement rule. Saving still needs the line settled,
since a saved roster holds one detachment of the catalogue.
"""

from __future__ import annotations

import pytest

from armybuilder.rules import codes
from rosters.formats import services

pytestmark = pytest.mark.django_db


def wtc(detachment: str, enhancement: str = "Helm of Brazen Ire") -> str:
    return (
        "+++++++++++++++++++++++++++++++++++++++++++++++\n"
        "+ FACTION KEYWORD: Chaos - World Eaters\n"
        f"+ DETACHMENT: {detachment}\n"
        "+ TOTAL ARMY POINTS: 500pts\n"
        "+ WARLORD: Char1: Daemon Prince of Khorne\n"
        "+++++++++++++++++++++++++++++++++++++++++++++++\n\n"
        "CHARACTER\n\n"
        "Char1: 1x Daemon Prince of Khorne (220 pts)\n"
        f"Enhancement: {enhancement} (+20 pts)\n\n"
        "BATTLELINE\n\n"
        f"10x Khorne Berzerkers (180 pts)\n{BERZERKERS_END}"
    )


BERZERKERS_END = "• 10x Khorne Berzerkers\n"


def checked(text: str) -> tuple[dict, services.ListCheck]:
    check = services.list_import_check(text=text)
    return services.list_check_json(check=check), check


def codes_of(payload: dict) -> list[tuple[str, str]]:
    return [(v["code"], v["severity"]) for v in payload["violations"]]


def test_a_labelled_detachment_the_catalogue_lacks_is_checked_as_written(catalogue):
    payload, check = checked(wtc("Chorus of Carnage", enhancement="Skull Chalice"))
    assert payload["unrecognised"] == []
    assert payload["detachment"] == "Chorus of Carnage"
    assert codes_of(payload) == [(codes.DETACHMENT_UNKNOWN, "warning")]
    assert payload["legal"] is True
    prince = payload["units"][0]
    assert prince["enhancement"] == "Skull Chalice"
    # Saving needs a detachment the catalogue has, or none: the line stays to settle.
    assert not check.resolved.complete
    assert {p.kind for p in check.resolved.problems} == {"detachment", "enhancement"}


def test_two_detachments_one_unknown_break_detachment_required(catalogue):
    payload, _ = checked(wtc("Chorus of Carnage, Berzerker Warband"))
    assert payload["unrecognised"] == []
    assert codes_of(payload) == [
        (codes.DETACHMENT_REQUIRED, "error"),
        (codes.DETACHMENT_UNKNOWN, "warning"),
    ]
    assert payload["legal"] is False
    # The known detachment's own enhancement is still read as the catalogue has it.
    assert payload["units"][0]["enhancement"] == "Helm of Brazen Ire"


def test_an_item_of_the_unknown_detachment_on_a_squad_is_not_judged(catalogue):
    text = wtc("Chorus of Carnage", enhancement="Skull Chalice").replace(
        BERZERKERS_END, BERZERKERS_END + "  Enhancement: Blood Banner (+15 pts)\n"
    )
    payload, _ = checked(text)
    assert [u["enhancement"] for u in payload["units"]] == ["Skull Chalice", "Blood Banner"]
    assert codes_of(payload) == [(codes.DETACHMENT_UNKNOWN, "warning")]


def test_an_unknown_enhancement_under_a_known_detachment_is_still_unrecognised(catalogue):
    payload, _ = checked(wtc("Berzerker Warband", enhancement="Skull Chalice"))
    assert [(p["kind"], p["text"]) for p in payload["unrecognised"]] == [
        ("enhancement", "Skull Chalice")
    ]
    assert payload["legal"] is False


def test_a_detachment_dropped_on_the_import_page_is_not_checked(catalogue):
    text = wtc("Chorus of Carnage")
    first = services.list_import_check(text=text)
    [problem] = [p for p in first.resolved.problems if p.kind == "detachment"]
    again = services.list_import_check(text=text, resolutions={problem.key: None})
    payload = services.list_check_json(check=again)
    assert payload["detachment"] is None
    assert (codes.DETACHMENT_REQUIRED, "error") in codes_of(payload)
    assert (codes.DETACHMENT_UNKNOWN, "warning") not in codes_of(payload)
