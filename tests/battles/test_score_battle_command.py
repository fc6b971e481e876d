"""manage.py score_battle: BATTLE.json in, the result JSON out; unreadable input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

REPO = Path(__file__).resolve().parents[2]

BATTLE: dict[str, Any] = {
    "battle_size": 2000,
    "profile": "kill-points-4",
    "sides": [
        {
            "name": "Olivia",
            "faction": "Space Marines",
            "rounds": {"1": 5},
            "units": [
                {"id": "a1", "name": "Rhino", "points": 75, "models": 1, "can_be_damaged": True}
            ],
            "states": {"a1": "damaged"},
            "secondaries": ["Linebreaker"],
        },
        {
            "name": "Ivan",
            "faction": "Orks",
            "units": [{"id": "b1", "name": "Boyz", "points": 85, "models": 10}],
            "states": {"b1": "below_half"},
        },
    ],
}


def run(tmp_path: Path, data: Any, *args: str) -> dict[str, Any]:
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = StringIO()
    call_command("score_battle", str(path), *args, stdout=out)
    return json.loads(out.getvalue())


def test_prints_the_result_json(tmp_path: Path) -> None:
    result = run(tmp_path, BATTLE)
    # Olivia: 5 + half of 85 (42); Ivan: half of 75 (37).
    assert [s["vp"] for s in result["sides"]] == [47, 37]
    assert (result["schema"], result["winner_name"], result["victory_level"]) == (1, "Olivia", None)


def test_profile_and_victory_level_options_override_the_file(tmp_path: Path) -> None:
    result = run(tmp_path, BATTLE, "--profile", "only-war-10", "--victory-level")
    assert result["profile"] == "only-war-10"
    # Round 1 is not scored under only-war-10, and end states give no VP.
    assert [s["vp"] for s in result["sides"]] == [0, 0]
    assert [v["code"] for v in result["violations"]] == ["SCORE_ROUND"]
    assert result["victory_level"]["points"] == [13, 7]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "is not JSON"),
        ('{"sides": []}', "sides: expected a list of exactly two sides"),
        ('{"sides": [{}, {"rounds": {"2": "three"}}]}', "sides[1].rounds[2]: expected a whole"),
        ('{"sides": [{}, {}], "profile": "only-war-11"}', "profile: unknown scoring profile"),
        ('{"sides": [{"states": {"x": "dead"}}, {}]}', "sides[0].states[x]: 'dead' is not a unit"),
        ('{"sides": [{}, {}], "battle_size": "huge"}', "battle_size: expected points"),
    ],
    ids=["not-json", "sides", "vp", "profile", "state", "size"],
)
def test_unreadable_input_exits_2_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "battle.json"
    path.write_text(text, encoding="utf-8")
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score_battle", str(path), stdout=out, stderr=err)
    assert exit_info.value.code == 2
    assert out.getvalue() == ""
    assert message in err.getvalue()
    assert len(err.getvalue().strip().splitlines()) == 1


def test_a_missing_file_exits_2_without_a_traceback(tmp_path: Path) -> None:
    # A real process: the exit status and stderr are what a shell script sees.
    done = subprocess.run(
        [sys.executable, "manage.py", "score_battle", str(tmp_path / "nope.json")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr.count("\n")) == (2, 1)
    assert "cannot read" in done.stderr
    assert "Traceback" not in done.stderr
