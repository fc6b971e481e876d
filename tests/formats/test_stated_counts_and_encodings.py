"""A pasted list is never rewritten: stated model counts stay, odd encodings still read."""

from __future__ import annotations

import codecs

import pytest

from rosters.formats import services
from rosters.formats.text_import.common import decode_text
from rosters.formats.text_import.resolver import NOTE_MODELS_ASSUMED, NOTE_MODELS_FROM_POINTS

pytestmark = pytest.mark.django_db

HEADER = """\
World Eaters
Berzerker Warband
Strike Force (2000 Points)

CHARACTERS

Daemon Prince of Khorne (220 Points)
  • Warlord
  • Enhancements: Helm of Brazen Ire

OTHER DATASHEETS

"""


def check(body: str) -> dict:
    result = services.list_import_check(text=HEADER + body)
    return services.list_check_json(check=result)


def unit_size_positions(data: dict) -> list[list[int]]:
    return [v["unit_positions"] for v in data["violations"] if v["code"] == "UNIT_SIZE"]


@pytest.mark.parametrize(
    ("body", "models"),
    [
        pytest.param(
            "Chaos Spawn (40 Points)\n  • 1x Chaos Spawn\n", 1, id="UNIT_SIZE-fixed-size-smaller"
        ),
        pytest.param(
            "Chaos Spawn (80 Points)\n  • 3x Chaos Spawn\n", 3, id="UNIT_SIZE-fixed-size-larger"
        ),
        pytest.param(
            "Khorne Berzerkers (360 Points)\n  • 1x Khorne Berzerker Champion\n"
            "  • 24x Khorne Berzerker\n",
            25,
            id="UNIT_SIZE-out-of-range-summed",
        ),
        pytest.param(
            "Jakhals (65 Points)\n  • 5x Jakhals\n", 5, id="UNIT_SIZE-out-of-range-stated"
        ),
    ],
)
def test_a_stated_count_the_datasheet_forbids_is_kept_and_reported(catalogue, body, models):
    data = check(body)
    unit = data["units"][1]
    assert unit["models"] == models
    assert unit["note"] is None
    assert unit_size_positions(data) == [[2]]
    assert data["legal"] is False


def test_an_allowed_stated_count_is_kept_whatever_the_points_say(catalogue):
    # 10 Berzerkers cost 180; the list's 360 is a points mismatch, not a reason to read 20.
    data = check("Khorne Berzerkers (360 Points)\n  • 10x Khorne Berzerkers\n")
    assert data["units"][1]["models"] == 10
    assert data["units"][1]["points"] == 180
    assert unit_size_positions(data) == []


def test_a_missing_count_is_inferred_from_the_points_and_noted(catalogue):
    data = check("Jakhals (130 Points)\n")
    unit = data["units"][1]
    assert unit["models"] == 20
    assert unit["note"] == NOTE_MODELS_FROM_POINTS.format(models=20, points=130)
    assert unit_size_positions(data) == []


def test_a_missing_count_the_points_do_not_tell_is_the_smallest_unit_noted(catalogue):
    data = check("Jakhals (100 Points)\n")
    unit = data["units"][1]
    assert unit["models"] == 10
    assert unit["note"] == NOTE_MODELS_ASSUMED.format(models=10)


def test_a_fixed_size_unit_without_a_count_needs_no_note(catalogue):
    data = check("Chaos Spawn (80 Points)\n")
    assert (data["units"][1]["models"], data["units"][1]["note"]) == (2, None)


TEXT = HEADER + "Khârn the Betrayer (85 Points)\n"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(TEXT.encode("utf-8"), id="utf-8"),
        pytest.param(codecs.BOM_UTF8 + TEXT.encode("utf-8"), id="utf-8-bom"),
        pytest.param(TEXT.encode("utf-16"), id="utf-16-bom-native"),
        pytest.param(codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), id="utf-16-le-bom"),
        pytest.param(codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), id="utf-16-be-bom"),
        pytest.param(TEXT.replace("\n", "\r\n").encode("cp1252"), id="cp1252-crlf"),
    ],
)
def test_every_encoding_reads_the_same_list(catalogue, data):
    assert decode_text(data).replace("\r\n", "\n") == TEXT
    result = services.list_check_json(check=services.list_import_check(text=decode_text(data)))
    assert [u["name"] for u in result["units"]] == ["Daemon Prince of Khorne", "Khârn the Betrayer"]
    assert result["unrecognised"] == []
