"""validate_list on twenty malformed inputs: exit 2, one clear line on stderr, no traceback."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command

from rosters.formats import batch

pytestmark = pytest.mark.django_db

LIST = """\
World Eaters
Berzerker Warband
Strike Force (2000 Points)

CHARACTERS

Daemon Prince of Khorne (220 Points)
  • Warlord
"""

Maker = Callable[[Path], list[str]]


def list_file(data: bytes) -> Maker:
    def make(tmp: Path) -> list[str]:
        (tmp / "list.txt").write_bytes(data)
        return [str(tmp / "list.txt")]

    return make


def declaration(data: bytes) -> Maker:
    def make(tmp: Path) -> list[str]:
        (tmp / "list.txt").write_text(LIST, encoding="utf-8")
        (tmp / "decl.json").write_bytes(data)
        return [str(tmp / "list.txt"), "--declaration", str(tmp / "decl.json")]

    return make


def zip_of(members: dict[str, bytes]) -> Maker:
    def make(tmp: Path) -> list[str]:
        with zipfile.ZipFile(tmp / "event.zip", "w") as archive:
            for name, data in members.items():
                archive.writestr(name, data)
        return [str(tmp / "event.zip")]

    return make


def raw(args: list[str]) -> Maker:
    return lambda tmp: [a.replace("TMP", str(tmp)) for a in args]


DIGITS = "9" * 5000
CASES: dict[str, Maker] = {
    "empty-file": list_file(b""),
    "only-spaces": list_file(b"   \n\t\n  "),
    "binary-noise": list_file(bytes(range(256)) * 8),
    "png-image": list_file(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64),
    "not-a-list": list_file(b"Dear organiser, here is my army. Cheers!"),
    "ten-megabytes": list_file(b"Khorne Berzerkers (180 Points)\n" * 340_000),
    "points-of-5000-digits": list_file(LIST.replace("220 Points", f"{DIGITS} Points").encode()),
    "count-of-5000-digits": list_file(
        LIST.replace("Daemon Prince", f"{DIGITS}x Daemon Prince").encode()
    ),
    "unit-line-of-16k-spaces": list_file(("Unit (1" + " " * 16_000 + "x\n").encode()),
    "unknown-faction": list_file(LIST.replace("World Eaters", "Squats of Votann").encode()),
    "missing-file": raw(["TMP/nowhere.txt"]),
    "declaration-not-utf8": declaration('{"hover": [1], "x": "é"}'.encode("latin-1")),
    "declaration-nested-100000-deep": declaration(b"[" * 100_000 + b"]" * 100_000),
    "declaration-5000-digit-number": declaration(f'{{"hover": [{DIGITS}]}}'.encode()),
    "declaration-not-an-object": declaration(b"[1, 2]"),
    "declaration-not-json": declaration(b"{hover: 1"),
    "declaration-unknown-key": declaration(b'{"teleport": [1]}'),
    "declaration-too-big": declaration(b'{"hover": [' + b"1, " * 40_000 + b"1]}"),
    "not-a-zip": raw(["TMP/fake.zip"]),
    "zip-without-lists": zip_of({"folder/": b""}),
    "unknown-release": lambda tmp: [*list_file(LIST.encode())(tmp), "--release", "MFM 1999"],
}


@pytest.mark.parametrize("make", CASES.values(), ids=CASES.keys())
def test_malformed_input_exits_2_with_one_line_and_no_traceback(catalogue, tmp_path, make):
    (tmp_path / "fake.zip").write_bytes(b"PK\x03\x04 this is no zip")
    args = make(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validate_list", *args, stdout=out, stderr=err)
    assert exited.value.code == batch.EXIT_UNREADABLE
    message = err.getvalue().strip()
    assert message and "\n" not in message
    assert "Traceback" not in message + out.getvalue()
    if out.getvalue().strip():
        assert json.loads(out.getvalue())["legal"] is False


def test_a_ten_megabyte_list_is_refused_before_it_is_read(catalogue, tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"x" * 10_000_000)
    with pytest.raises(batch.BatchError, match="larger than"):
        batch.read_limited(path, batch.MAX_LIST_BYTES)
