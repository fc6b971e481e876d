"""manage.py validate_list: JSON shape, exit codes, declarations, profiles and releases."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

LEGAL = """\
Skulls (485 points)

World Eaters
Berzerker Warband
Strike Force (2000 points)

CHARACTERS

Daemon Prince of Khorne (220 points)
  • Warlord
  • Enhancements: Helm of Brazen Ire

BATTLELINE

Khorne Berzerkers (180 points)
  • 10x Khorne Berzerkers

DEDICATED TRANSPORTS

Chaos Rhino (85 points)
  • 1x Chaos Rhino
"""

TOP_KEYS = {
    "schema",
    "format",
    "name",
    "faction",
    "detachment",
    "battle_size",
    "points_limit",
    "points",
    "stated_points",
    "profile",
    "release",
    "legal",
    "units",
    "unrecognised",
    "violations",
    "meters",
    "error",
    "language",
}
UNIT_KEYS = {
    "position",
    "line",
    "name",
    "models",
    "points",
    "stated_points",
    "enhancement",
    "warlord",
    "options",
    "upgrades",
    "note",
    "wargear",
}


def run(tmp_path: Path, text: str, *args: str, declaration: Any = None) -> tuple[int, dict]:
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    extra = list(args)
    if declaration is not None:
        decl = tmp_path / "decl.json"
        decl.write_text(json.dumps(declaration), encoding="utf-8")
        extra += ["--declaration", str(decl)]
    out = io.StringIO()
    try:
        call_command("validate_list", str(path), *extra, stdout=out)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, json.loads(out.getvalue())


def test_legal_list_exits_0_with_the_documented_shape(catalogue, tmp_path):
    code, data = run(tmp_path, LEGAL)
    assert code == 0
    assert set(data) == TOP_KEYS
    assert data["legal"] is True
    assert (data["faction"], data["detachment"]) == ("World Eaters", "Berzerker Warband")
    assert (data["battle_size"], data["points_limit"]) == ("strike_force", 2000)
    assert (data["points"], data["stated_points"]) == (485, 485)
    assert data["profile"] == "core-10" and data["release"] == "MFM 2025-09"
    assert data["unrecognised"] == [] and data["violations"] == [] and data["error"] is None
    assert all(set(u) == UNIT_KEYS for u in data["units"])
    assert data["units"][0] == {
        "position": 1,
        "line": 9,
        "name": "Daemon Prince of Khorne",
        "models": 1,
        "points": 220,
        "stated_points": 220,
        "enhancement": "Helm of Brazen Ire",
        "warlord": True,
        "options": [],
        "upgrades": [],
        "note": None,
        # The test catalogue states no model types for it.
        "wargear": [],
    }
    assert [u["models"] for u in data["units"]] == [1, 10, 1]


def test_error_violations_exit_1_and_name_unit_positions(catalogue, tmp_path):
    text = LEGAL.replace("  • Warlord\n", "").replace("10x Khorne", "25x Khorne")
    code, data = run(tmp_path, text)
    assert code == 1
    assert data["legal"] is False
    found = {v["code"]: v for v in data["violations"]}
    assert {"WARLORD", "UNIT_SIZE"} <= set(found)
    assert found["UNIT_SIZE"]["unit_positions"] == [2]
    assert set(found["UNIT_SIZE"]) == {"code", "severity", "message", "unit_positions", "lines"}
    assert found["UNIT_SIZE"]["lines"] == []
    assert found["UNIT_SIZE"]["severity"] == "error"


def test_a_misspelt_unit_its_points_confirm_is_read_with_a_note(catalogue, tmp_path):
    code, data = run(tmp_path, LEGAL.replace("Chaos Rhino (85", "Chaos Rhyno (85"))
    assert code == 0
    assert not data["unrecognised"]
    rhino = data["units"][-1]
    assert rhino["name"] == "Chaos Rhino"
    assert "“Chaos Rhyno” as “Chaos Rhino”" in rhino["note"]


def test_unrecognised_lines_exit_2_with_line_numbers(catalogue, tmp_path):
    # Misspelt, and its points are no price of the one datasheet near it: not guessed.
    code, data = run(tmp_path, LEGAL.replace("Chaos Rhino (85", "Chaos Rhyno (90"))
    assert code == 2
    assert data["legal"] is False
    [line] = data["unrecognised"]
    assert set(line) == {"line", "kind", "text", "message", "suggestions"}
    assert (line["line"], line["kind"], line["text"]) == (20, "unit", "Chaos Rhyno")
    assert "Chaos Rhino" in line["suggestions"]
    # The rest of the list is still checked, with its file positions.
    assert [u["position"] for u in data["units"]] == [1, 2]


def test_unreadable_text_exits_2_and_names_the_formats(catalogue, tmp_path):
    code, data = run(tmp_path, "just some words\n")
    assert code == 2
    assert set(data) == TOP_KEYS
    assert "Supported formats" in data["error"]
    assert data["units"] == [] and data["legal"] is False


def test_a_declaration_by_position_reaches_the_rules(catalogue, tmp_path):
    declaration = {"embark": [[2, 3]], "strategic_reserves": [1, 3]}
    text = LEGAL.replace("Strike Force (2000 points)", "Incursion (1000 points)")
    code, data = run(tmp_path, text, declaration=declaration)
    assert code == 1
    # The Berzerkers ride in the Rhino, so they count towards the 250-point cap too.
    meter = next(m for m in data["meters"] if m["code"] == "STRATEGIC_RESERVES_CAP")
    assert (meter["used"], meter["cap"]) == (485, 250)
    cap = [v for v in data["violations"] if v["code"] == "STRATEGIC_RESERVES_CAP"]
    assert cap and set(cap[0]["unit_positions"]) <= {1, 2, 3}
    assert any(m["code"] == "STRATEGIC_RESERVES_CAP" and m["over"] for m in data["meters"])


def test_profile_option_is_used_and_reported(catalogue, tmp_path):
    code, data = run(tmp_path, LEGAL, "--profile", "matched-10")
    assert code == 0
    assert data["profile"] == "matched-10"


@pytest.mark.parametrize(
    ("args", "declaration", "needle"),
    [
        (("--release", "No Such Release"), None, "No Such Release"),
        ((), {"embark": [[2]]}, "pairs"),
        ((), {"teleport": [1]}, "unknown keys"),
        ((), [1, 2], "JSON object"),
    ],
    ids=["unknown-release", "bad-pair", "unknown-key", "not-an-object"],
)
def test_bad_options_exit_2_with_a_reason(catalogue, tmp_path, args, declaration, needle):
    code, data = run(tmp_path, LEGAL, *args, declaration=declaration)
    assert code == 2
    assert needle in data["error"]


def test_a_missing_file_exits_2(catalogue, tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("validate_list", str(tmp_path / "absent.txt"), stdout=out)
    assert caught.value.code == 2
    assert "Cannot read" in json.loads(out.getvalue())["error"]


def test_lang_ru_prints_russian_messages_with_the_same_keys_and_codes(catalogue, tmp_path):
    # WARLORD (RULES.md): without the Warlord line the list marks none, a warning (the
    # export left it out); --lang changes words only.
    no_warlord = LEGAL.replace("  • Warlord\n", "")
    code_en, english = run(tmp_path, no_warlord)
    code_ru, russian = run(tmp_path, no_warlord, "--lang", "ru")
    assert code_en == code_ru == 0
    assert set(russian) == set(english) == TOP_KEYS
    assert [v["code"] for v in russian["violations"]] == [v["code"] for v in english["violations"]]
    messages = {v["code"]: v["message"] for v in russian["violations"]}
    assert messages["WARLORD"] == "Список не называет Военачальника: его выбирают перед битвой"
    english_messages = {v["code"]: v["message"] for v in english["violations"]}
    assert english_messages["WARLORD"] == (
        "The list names no Warlord: one is chosen before the battle"
    )
