"""Find and parse the dated BSData snapshots of the monthly history, in parallel processes.

Pure (no database): a snapshot is a folder named by its date (``2024-07-01/``) holding
the ``.gst`` and ``.cat`` files, either in a directory or in a ``.tar.xz`` that is
unpacked to a temporary directory first (never into the repository).
"""

from __future__ import annotations

import os
import re
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path

from .bsdata_parse import ParsedCatalogue, parse_bsdata
from .bsdata_xml import BsdataError

ERROR_NO_SNAPSHOTS = "{source} holds no snapshot folders named by date (YYYY-MM-DD)"
ERROR_NOT_FOUND = "{source} is neither a directory nor a .tar.xz archive"
ERROR_UNSAFE_MEMBER = "{source}: member {name!r} would unpack outside the scratch folder"
_DATE_DIR = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Snapshot:
    day: date
    directory: Path


@contextmanager
def snapshots_open(source: Path) -> Iterator[list[Snapshot]]:
    """Yield the dated snapshots of a directory or a .tar.xz, oldest first."""
    source = Path(source)
    if source.is_dir():
        yield _snapshots(source, source)
        return
    if not (source.is_file() and tarfile.is_tarfile(source)):
        raise BsdataError(ERROR_NOT_FOUND.format(source=source))
    with tempfile.TemporaryDirectory(prefix="bsdata-history-") as scratch:
        with tarfile.open(source) as archive:
            members = archive.getmembers()
            for member in members:
                if not (member.isfile() or member.isdir()) or ".." in Path(member.name).parts:
                    raise BsdataError(ERROR_UNSAFE_MEMBER.format(source=source, name=member.name))
            archive.extractall(scratch, members=members, filter="data")
        yield _snapshots(Path(scratch), source)


def _snapshots(root: Path, source: Path) -> list[Snapshot]:
    found = [
        Snapshot(date.fromisoformat(path.name), path)
        for path in root.iterdir()
        if path.is_dir() and _DATE_DIR.match(path.name)
    ]
    if not found:
        raise BsdataError(ERROR_NO_SNAPSHOTS.format(source=source))
    return sorted(found, key=lambda s: s.day)


def _parse_one(directory: Path, factions: Sequence[str] = ()) -> ParsedCatalogue:
    # Older snapshots carry links BSData later repaired; they are reported, not fatal.
    return parse_bsdata(directory, list(factions) or None, allow_broken=True)


def snapshots_parse(
    snapshots: list[Snapshot], *, jobs: int | None = None, factions: Sequence[str] = ()
) -> list[ParsedCatalogue]:
    """Parse every snapshot (only ``factions`` and their parents, when given), in ``jobs``
    processes (default: one per core, at most 4)."""
    workers = jobs or min(os.cpu_count() or 1, 4)
    directories = [s.directory for s in snapshots]
    parse = partial(_parse_one, factions=tuple(factions))
    if workers <= 1 or len(directories) <= 1:
        return [parse(d) for d in directories]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(parse, directories))
