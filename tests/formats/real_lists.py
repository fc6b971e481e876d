"""The public real lists (../shared/samples/lists-public) checked as of each list's date.

Shared by the real-lists test (tests/formats/test_real_lists_public.py) and the benchmark
(benchmarks/real_lists.py), so that both judge the lists the same way. Each file holds
``# source: ...`` on line 1, ``# date: YYYY-MM-DD`` on line 2, then the list as the player
wrote it. The two header lines are ours, not the player's: they are blanked (not removed),
so every line number in a result is the file's own.

A list *reads* when the check's exit status is below 2 and every unit was recognised. A
*false error* is a list with an error-severity violation other than ``POINTS_LIMIT`` that
docs/real-lists.md does not rule on (a real player's list can be illegal; the document
says which rule it breaks and why).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_DIR = Path(__file__).resolve().parent.parent.parent
PUBLIC_LISTS = REPO_DIR.parent / "shared" / "samples" / "lists-public"
RULINGS = REPO_DIR / "docs" / "real-lists.md"
FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
HISTORY = REPO_DIR / "fixtures" / "catalogue-10e-history.json.xz"
FORMER_NAMES = REPO_DIR / "fixtures" / "former-names-10e.json"

DATE_RE = re.compile(r"^# date: (\d{4}-\d\d-\d\d)\s*$")
SOURCE_RE = re.compile(r"^# source: ")
# A ruling row of docs/real-lists.md: | `file.txt` | CODE, CODE | why |
RULING_RE = re.compile(r"^\|\s*`(?P<file>[^`]+\.txt)`\s*\|\s*(?P<codes>[A-Z_, ]+)\|")


@dataclass(frozen=True)
class RealList:
    """One public list: its file (relative to the folder), its event's date and its text."""

    file: str
    day: datetime.date | None
    text: str


@dataclass
class Checked:
    """One list's check: the batch exit status and the result_json document."""

    real: RealList
    exit: int
    result: dict[str, Any]

    @property
    def unit_problems(self) -> int:
        return sum(1 for p in self.result.get("unrecognised", []) if p.get("kind") == "unit")

    @property
    def read(self) -> bool:
        return self.exit != 2 and bool(self.result.get("units")) and self.unit_problems == 0

    @property
    def wargear_unread(self) -> int:
        """Wargear lines not placed: WARGEAR_UNREAD warnings (and any still unrecognised)."""
        warnings = sum(
            len(v.get("lines") or [None])
            for v in self.result.get("violations", [])
            if v.get("code") == "WARGEAR_UNREAD"
        )
        lines = sum(1 for p in self.result.get("unrecognised", []) if p.get("kind") == "wargear")
        return warnings + lines

    @property
    def error_codes(self) -> set[str]:
        return {
            v["code"]
            for v in self.result.get("violations", [])
            if v.get("severity") == "error" and v.get("code") != "POINTS_LIMIT"
        }


@dataclass
class Figures:
    lists: int = 0
    read: int = 0
    units: int = 0
    units_stated: int = 0
    wargear_unread_lines: int = 0
    wargear_unread_lists: int = 0
    false_errors: list[str] = field(default_factory=list)
    ruled: list[str] = field(default_factory=list)
    # Rulings whose list no longer has the ruled error (the document is stale).
    stale_rulings: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"real_lists_units={self.units}/{self.units_stated}",
            f"real_lists_wargear_unread={self.wargear_unread_lines}",
            f"real_lists_wargear_unread_lists={self.wargear_unread_lists}/{self.lists}",
            f"real_lists_ruled_illegal={len(self.ruled)}",
            f"real_lists_read={self.read}/{self.lists}",
            f"real_lists_false_errors={len(self.false_errors)}",
        ]


def read_real_list(path: Path, folder: Path = PUBLIC_LISTS) -> RealList:
    from rosters.formats.text_import.common import decode_text

    lines = decode_text(path.read_bytes()).split("\n")
    day = None
    for i, line in enumerate(lines[:3]):
        found = DATE_RE.match(line)
        if found:
            day = datetime.date.fromisoformat(found[1])
            lines[i] = ""
        elif SOURCE_RE.match(line):
            lines[i] = ""
    return RealList(str(path.relative_to(folder)), day, "\n".join(lines))


def real_lists(folder: Path = PUBLIC_LISTS, *, french: bool = False) -> list[RealList]:
    """The folder's lists (``french`` for the ones in its french/ subfolder), by name."""
    base = folder / "french" if french else folder
    return [read_real_list(p, folder) for p in sorted(base.glob("*.txt"))]


def rulings(path: Path = RULINGS) -> dict[str, set[str]]:
    """The lists docs/real-lists.md rules illegal, with the codes it names for each."""
    if not path.exists():
        return {}
    found: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = RULING_RE.match(line)
        if row:
            codes = {c.strip() for c in row["codes"].split(",") if c.strip()}
            found.setdefault(row["file"], set()).update(codes)
    return found


def check_all(lists: Sequence[RealList]) -> list[Checked]:
    """Check each list, from the warm snapshot of the release in force on its date."""
    from rosters.formats import batch, services

    checked = []
    for real in lists:
        try:
            snapshot = services.list_snapshot(as_of=real.day)
        except services.ListImportError:
            snapshot = services.list_snapshot()
        source = batch.ListSource(real.file, real.text.encode("utf-8"))
        outcome = batch.list_check_source(source=source, snapshot=snapshot)
        checked.append(Checked(real, outcome.code, outcome.result))
    return checked


def figures(checked: Iterable[Checked], ruled: dict[str, set[str]] | None = None) -> Figures:
    ruled = rulings() if ruled is None else ruled
    out = Figures()
    for one in checked:
        out.lists += 1
        out.read += one.read
        out.units += len(one.result.get("units") or [])
        out.units_stated += len(one.result.get("units") or []) + one.unit_problems
        out.wargear_unread_lines += one.wargear_unread
        out.wargear_unread_lists += one.wargear_unread > 0
        codes = one.error_codes
        if codes and ruled.get(one.real.file, set()) >= codes:
            out.ruled.append(one.real.file)
        elif codes:
            out.false_errors.append(one.real.file)
        elif one.real.file in ruled:
            out.stale_rulings.append(one.real.file)
    return out


def load_catalogue_with_history() -> None:
    """Load the final catalogue, its former names and the monthly history releases."""
    from django.core.management import call_command

    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    if FORMER_NAMES.exists():
        call_command("loaddata", str(FORMER_NAMES), verbosity=0)
    if HISTORY.exists():
        call_command("load_history", verbosity=0)
