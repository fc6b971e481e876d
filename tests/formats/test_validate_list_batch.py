"""validate_list over a whole event: several files, a folder or a zip; summary, JSONL, xlsx."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from rosters.formats import batch

pytestmark = pytest.mark.django_db

LEGAL = """\
{name} (485 Points)

World Eaters
Berzerker Warband
Strike Force (2000 Points)

CHARACTERS

Daemon Prince of Khorne (220 Points)
  • Warlord
  • Enhancements: Helm of Brazen Ire

BATTLELINE

Khorne Berzerkers (180 Points)
  • 10x Khorne Berzerkers

DEDICATED TRANSPORTS

Chaos Rhino (85 Points)
  • 1x Chaos Rhino
"""
# Five Daemon Princes: the Rule of Three is broken.
ILLEGAL = LEGAL.replace("BATTLELINE", "Daemon Prince of Khorne (200 Points)\n\n" * 4 + "BATTLELINE")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("validate_list", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def event_zip(tmp_path: Path) -> Path:
    """Twenty players' lists: eighteen legal, one illegal (player 07), one unreadable (13)."""
    path = tmp_path / "event.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for n in range(1, 21):
            text = LEGAL.format(name=f"Player {n:02}")
            if n == 7:
                text = ILLEGAL.format(name="Player 07")
            if n == 13:
                text = "This is not an army list at all."
            archive.writestr(f"lists/player-{n:02}.txt", text.encode("utf-8"))
        archive.writestr("__MACOSX/._player-01.txt", b"\x00\x05\x16\x07")
    return path


def test_a_zip_of_twenty_lists_gives_the_summary_exit_status_and_xlsx(
    catalogue, event_zip, tmp_path
):
    report = tmp_path / "report.xlsx"
    code, out, err = run(str(event_zip), "--xlsx", str(report))
    assert code == batch.EXIT_UNREADABLE
    lines = out.splitlines()
    assert lines[0].split("\t")[0] == "file" and len(lines) == 22
    assert lines[-1] == "20 lists: 18 legal, 1 illegal, 1 unreadable"
    status = {line.split("\t")[0].rsplit("/", 1)[1]: line.split("\t")[5] for line in lines[1:-1]}
    assert status["player-07.txt"] == "illegal" and status["player-13.txt"] == "unreadable"
    assert sum(1 for s in status.values() if s == "legal") == 18
    assert "DATASHEET_LIMIT" in lines[7]
    # The unreadable list is named on standard error, in one line, and nothing else is.
    assert err.strip().count("\n") == 0 and "player-13.txt" in err

    workbook = load_workbook(report, read_only=True)
    rows = list(workbook[batch.LISTS_SHEET].iter_rows(values_only=True))
    assert rows[0] == batch.LISTS_HEADER
    assert len(rows) == 21
    by_name = {r[1]: r for r in rows[1:]}
    assert by_name["Player 07"][2:8] == (
        "World Eaters",
        "Berzerker Warband",
        1285,
        2000,
        "illegal",
        False,
    )
    assert by_name["Player 01"][6:8] == ("legal", True)
    violations = list(workbook[batch.VIOLATIONS_SHEET].iter_rows(values_only=True))
    codes = {(r[0].rsplit("/", 1)[1], r[2]) for r in violations[1:]}
    assert ("player-07.txt", "DATASHEET_LIMIT") in codes
    assert any(name == "player-13.txt" and c == "UNREADABLE" for name, c in codes)


def test_only_legal_lists_exit_0_and_an_illegal_one_exits_1(catalogue, tmp_path):
    for n in range(3):
        (tmp_path / f"p{n}.txt").write_text(LEGAL.format(name=f"P{n}"), encoding="utf-8")
    assert run(str(tmp_path))[0] == batch.EXIT_LEGAL
    (tmp_path / "p9.txt").write_text(ILLEGAL.format(name="P9"), encoding="utf-8")
    code, out, err = run(str(tmp_path))
    assert code == batch.EXIT_ILLEGAL and err == ""
    assert out.splitlines()[-1] == "4 lists: 3 legal, 1 illegal, 0 unreadable"


def test_jsonl_gives_one_record_per_list_in_order(catalogue, tmp_path):
    paths = []
    for n, text in enumerate([LEGAL, ILLEGAL, LEGAL]):
        path = tmp_path / f"list-{n}.txt"
        path.write_text(text.format(name=f"L{n}"), encoding="utf-8")
        paths.append(str(path))
    code, out, _ = run(*paths, "--jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["source"] for r in records] == paths
    assert [r["exit"] for r in records] == [0, 1, 0]
    assert [r["result"]["name"] for r in records] == ["L0", "L1", "L2"]
    assert code == batch.EXIT_ILLEGAL


def test_two_jobs_give_the_same_outcomes_as_one(catalogue, event_zip):
    one = run(str(event_zip), "--jsonl", "--jobs", "1")
    two = run(str(event_zip), "--jsonl", "--jobs", "2")
    assert one == two


def test_text_starting_with_equals_is_kept_as_text_in_the_report(catalogue, tmp_path):
    (tmp_path / "=cmd.txt").write_text(LEGAL.format(name="=HYPERLINK(1)"), encoding="utf-8")
    report = tmp_path / "r.xlsx"
    run(str(tmp_path / "=cmd.txt"), str(tmp_path / "=cmd.txt"), "--xlsx", str(report))
    workbook = load_workbook(report)
    cell = workbook[batch.LISTS_SHEET]["B2"]
    assert cell.value == "=HYPERLINK(1)" and cell.data_type == "s"


def make_bomb(path: Path, *, members: int = 1, size: int = 0) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for n in range(members):
            archive.writestr(f"m{n}.txt", b"0" * size)
    return path


def test_a_zip_bomb_is_refused_before_it_is_inflated(catalogue, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "MAX_ZIP_TOTAL_BYTES", 1_000_000)
    code, _, err = run(str(make_bomb(tmp_path / "bomb.zip", members=5, size=300_000)))
    assert code == batch.EXIT_UNREADABLE and "inflates to more than" in err


def test_a_zip_of_too_many_files_is_refused(catalogue, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "MAX_ZIP_MEMBERS", 10)
    code, _, err = run(str(make_bomb(tmp_path / "many.zip", members=11, size=1)))
    assert code == batch.EXIT_UNREADABLE and "more than 10 files" in err


def test_a_member_that_lies_about_its_size_is_refused(catalogue):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.txt", b"x" * (batch.MAX_LIST_BYTES + 10))
    raw = bytearray(data.getvalue())
    # Rewrite the central directory's uncompressed size (offset 24 in the entry) to 10.
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 24 : central + 28] = (10).to_bytes(4, "little")
    sources = batch.zip_sources(data=io.BytesIO(bytes(raw)), name="lie.zip")
    # Refused either way: no more than the declared size is inflated, and that fails its CRC.
    assert sources[0].data is None and sources[0].error


class Terminal(io.StringIO):
    """Standard error as a terminal: the one place a progress bar belongs."""

    def isatty(self) -> bool:
        return True


def folder_of(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    for n in range(1, count + 1):
        (folder / f"player-{n:02}.txt").write_text(LEGAL.format(name=f"Player {n:02}"))
    return folder


def run_on(stream: io.StringIO, *args: str) -> int:
    try:
        call_command("validate_list", *args, "--jobs", "1", stdout=io.StringIO(), stderr=stream)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_a_long_batch_shows_a_progress_bar_on_a_terminal(catalogue, tmp_path):
    terminal = Terminal()
    assert run_on(terminal, str(folder_of(tmp_path, 32))) == 0
    drawn = terminal.getvalue()
    # tqdm redraws at most every 0.1 s and, leave=False, wipes the bar at the end.
    assert "/32 [" in drawn and "lists/s" in drawn


@pytest.mark.parametrize(
    ("stream", "count", "quiet"),
    [
        (Terminal(), 32, True),  # --quiet
        (Terminal(), 31, False),  # a short batch
        (io.StringIO(), 32, False),  # standard error is a file or a pipe
    ],
)
def test_no_progress_bar_when_quiet_short_or_not_a_terminal(
    catalogue, tmp_path, stream, count, quiet
):
    args = [str(folder_of(tmp_path, count)), *(["--quiet"] if quiet else [])]
    assert run_on(stream, *args) == 0
    assert stream.getvalue() == ""


def test_the_closing_count_and_reasons_speak_the_commands_language(catalogue, event_zip):
    code, out, err = run(str(event_zip), "--lang", "ru", "--jobs", "1")
    assert code == 2
    assert out.splitlines()[-1] == "20 списков: допустимы 18, недопустимы 1, не прочитаны 1"
    assert "lists:" not in out and " more)" not in err


def test_the_violations_sheet_gives_the_lines_each_violation_is_about(catalogue, tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "five-princes.txt").write_text(ILLEGAL.format(name="Five"), encoding="utf-8")
    (folder / "legal.txt").write_text(LEGAL.format(name="Fine"), encoding="utf-8")
    report = tmp_path / "report.xlsx"
    code, _, _ = run(str(folder), "--xlsx", str(report), "--jobs", "1")
    assert code == 1
    sheet = list(load_workbook(report)[batch.VIOLATIONS_SHEET].iter_rows(values_only=True))
    assert sheet[0][-1] == "Lines"
    limit = [r for r in sheet if r[2] == "DATASHEET_LIMIT"]
    assert len(limit) == 1
    # The five Daemon Princes' lines of the list, as the organiser's text editor counts them.
    text = ILLEGAL.format(name="Five").splitlines()
    princes = [n for n, line in enumerate(text, 1) if line.startswith("Daemon Prince")]
    assert limit[0][-1] == ", ".join(map(str, princes))
