"""Find and parse the dated BSData snapshots of the monthly history, in parallel processes.

Pure (no database): a snapshot is a folder named by its date (``2024-07-01/``) holding
the ``.gst`` and ``.cat`` files, either in a directory or in a ``.tar.xz`` that is
unpacked to a temporary directory first (never into the repository).

A faction's catalogue of a month can be an empty stub (Necrons of July 2023: a name and no
entries, written before the faction's data was): that month states nothing of the faction,
so ``stubs_filled`` gives it the faction's data of its first later month with any.
"""

from __future__ import annotations

import os
import re
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from pathlib import Path

from .bsdata_parse import ParsedCatalogue, parse_bsdata
from .bsdata_xml import BsdataError

ERROR_NO_SNAPSHOTS = "{source} holds no snapshot folders named by date (YYYY-MM-DD)"
ERROR_NOT_FOUND = "{source} is neither a directory nor a .tar.xz archive"
ERROR_UNSAFE_MEMBER = "{source}: member {name!r} would unpack outside the scratch folder"
_DATE_DIR = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# A catalogue holding entries is kilobytes at least; only a smaller one is read for a stub.
STUB_BYTES = 2048


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


def stub_catalogues(directory: Path) -> frozenset[str]:
    """The ids of the snapshot's catalogues that hold nothing (no entries, no links)."""
    found = set()
    for path in Path(directory).glob("*.cat"):
        if path.stat().st_size > STUB_BYTES:
            continue
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        if all(child.tag.rpartition("}")[2] == "xmlns" for child in root) and root.get("id"):
            found.add(root.get("id", ""))
    return frozenset(found)


def stubs_filled(
    parsed: Sequence[ParsedCatalogue], stubs: Sequence[frozenset[str]]
) -> list[ParsedCatalogue]:
    """Give each month's stub catalogues (by id, oldest month first) the faction's data of
    its first later month that has any: its datasheets, detachments, enhancements and what
    it offers. A stub no later month fills stays empty."""
    out = list(parsed)
    for month, ids in enumerate(stubs[: len(parsed)]):
        for catalogue_id in sorted(ids):
            for later in parsed[month + 1 :]:
                faction = next((f for f in later.factions if f.catalogue_id == catalogue_id), None)
                if faction is None or not any(s.faction == faction.name for s in later.datasheets):
                    continue
                data, name = out[month], faction.name
                out[month] = replace(
                    data,
                    factions=[
                        *(f for f in data.factions if f.catalogue_id != catalogue_id),
                        faction,
                    ],
                    datasheets=[
                        *data.datasheets,
                        *(s for s in later.datasheets if s.faction == name),
                    ],
                    detachments=[
                        *data.detachments,
                        *(d for d in later.detachments if d.faction == name),
                    ],
                    enhancements=[
                        *data.enhancements,
                        *(e for e in later.enhancements if e.faction == name),
                    ],
                    availabilities=[
                        *data.availabilities,
                        *(a for a in later.availabilities if a.faction == name),
                    ],
                )
                break
    return out
