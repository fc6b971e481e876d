"""Wargear never blocks a list (WARGEAR_UNREAD): validate_list exits 0 or 1 on its other
merits, one list or an event's worth, and the organisers' workbook counts it as read, with
the warning listed; the JSON gives the line, its text and the nearest names."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from rosters.formats import batch
from tests.formats.test_event_check_page import event_zip
from tests.formats.test_validate_list_batch import LEGAL, run

pytestmark = pytest.mark.django_db

# The Champion's line states a plasma pistol and an icon the data does not name; the
# Berzerkers' line states only their chainblades (their pistols are the defaults).
UNREAD = LEGAL.replace(
    "  • 10x Khorne Berzerkers\n",
    "  • 1x Khorne Berzerker Champion\n"
    "     ◦ 1x Plasma pistol\n"
    "     ◦ 1x Icon of Khorne\n"
    "  • 9x Khorne Berzerker\n"
    "     ◦ 9x Chainblade\n",
)
# Five Daemon Princes besides: the Rule of Three is broken, and only that is an error.
UNREAD_ILLEGAL = UNREAD.replace(
    "BATTLELINE", "Daemon Prince of Khorne (200 Points)\n\n" * 4 + "BATTLELINE"
)


def _json(tmp_path: Path, text: str) -> tuple[int, dict]:
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(str(path))
    return code, json.loads(out)


@pytest.mark.parametrize(
    ("text", "exit_code"),
    [
        pytest.param(UNREAD, batch.EXIT_LEGAL, id="legal but for the line: exit 0"),
        pytest.param(UNREAD_ILLEGAL, batch.EXIT_ILLEGAL, id="boundary: illegal otherwise: 1"),
    ],
)
def test_a_line_not_read_never_makes_the_list_unreadable(
    berzerkers, tmp_path, text, exit_code
) -> None:
    code, data = _json(tmp_path, text.format(name="Skulls"))
    icon_line = 1 + text.splitlines().index("     ◦ 1x Icon of Khorne")
    assert code == exit_code
    assert data["legal"] is (exit_code == batch.EXIT_LEGAL)
    # Not unrecognised: a warning on its unit, with the line as written.
    assert data["unrecognised"] == []
    [found] = [v for v in data["violations"] if v["code"] == "WARGEAR_UNREAD"]
    assert found["severity"] == "warning"
    assert found["lines"] == [{"line": icon_line, "text": "Icon of Khorne", "nearest": []}]
    assert f"line {icon_line} “Icon of Khorne”" in found["message"]
    squad = next(u for u in data["units"] if u["name"] == "Khorne Berzerkers")
    assert found["unit_positions"] == [squad["position"]]
    # The unit keeps its stated models; what the list leaves out takes the defaults.
    assert squad["models"] == 10
    assert squad["wargear"] == [
        {
            "model": "Khorne Berzerker Champion",
            "models": 1,
            "wargear": {"Chainblade": 1, "Plasma pistol": 1},
        },
        {"model": "Khorne Berzerker", "models": 9, "wargear": {"Bolt pistol": 9, "Chainblade": 9}},
    ]
    assert not any(v["code"] == "WARGEAR_CHOICE" for v in data["violations"])


def test_an_event_with_lines_not_read_counts_every_list_as_read(berzerkers, tmp_path) -> None:
    for n, text in enumerate([UNREAD, UNREAD, UNREAD_ILLEGAL, LEGAL]):
        (tmp_path / f"p{n}.txt").write_text(text.format(name=f"P{n}"), encoding="utf-8")
    report = tmp_path / "report.xlsx"
    code, out, err = run(str(tmp_path), "--xlsx", str(report))
    assert code == batch.EXIT_ILLEGAL and err == ""
    lines = out.splitlines()
    assert lines[-1] == "4 lists: 3 legal, 1 illegal, 0 unreadable"
    assert "WARGEAR_UNREAD" in lines[1]
    workbook = load_workbook(report, read_only=True)
    rows = {r[1]: r for r in workbook[batch.LISTS_SHEET].iter_rows(values_only=True)}
    assert rows["P0"][6:9] == ("legal", True, "WARGEAR_UNREAD")
    assert rows["P2"][6] == "illegal"
    violations = list(workbook[batch.VIOLATIONS_SHEET].iter_rows(values_only=True))
    unread = [r for r in violations if r[2] == "WARGEAR_UNREAD"]
    assert [(r[1], r[3]) for r in unread] == [
        ("P0", "warning"),
        ("P1", "warning"),
        ("P2", "warning"),
    ]
    assert all("Icon of Khorne" in r[4] for r in unread)


def test_the_organisers_workbook_counts_such_a_list_as_read(client, berzerkers, organiser):
    client.force_login(organiser)
    upload = event_zip(UNREAD.format(name="Ann"), UNREAD_ILLEGAL.format(name="Bob"))
    response = client.post("/organisers/check/", {"lists": upload, "profile": "core-10"})
    assert response.status_code == 200
    assert (response["X-Lists-Checked"], response["X-Lists-Exit"]) == ("2", "1")
    workbook = load_workbook(io.BytesIO(response.content))
    rows = list(workbook[batch.LISTS_SHEET].values)
    assert [(r[1], r[6]) for r in rows[1:]] == [("Ann", "legal"), ("Bob", "illegal")]
    codes = [(r[1], r[2], r[3]) for r in list(workbook[batch.VIOLATIONS_SHEET].values)[1:]]
    assert ("Ann", "WARGEAR_UNREAD", "warning") in codes
