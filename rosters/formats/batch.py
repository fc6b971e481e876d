"""Check many pasted lists at once: an event's lists from files, a folder or a zip.

validate_list (several files, a folder or a zip) and the organisers' page share this.
Each list is checked from the warm catalogue snapshot (no query per list); with more than
one job, worker processes are forked after the snapshot is built, so each inherits it
warm. Nothing is saved.

Every input has a stated size limit, refused before it is read in full: a list file
MAX_LIST_BYTES, a declaration MAX_DECLARATION_BYTES, a zip MAX_ZIP_BYTES holding at most
MAX_ZIP_MEMBERS lists of MAX_LIST_BYTES each and MAX_ZIP_TOTAL_BYTES in all (sizes are
checked as members are inflated, so a zip bomb's false headers do not help it).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from django.utils.translation import gettext_lazy, ngettext

from armybuilder.catalogue.snapshot import CatalogueSnapshot
from armybuilder.rules import model as core
from rosters.formats import services
from rosters.formats.result_json import unreadable_to_json
from rosters.formats.text_import import UnreadableList
from rosters.formats.text_import.common import decode_text

EXIT_LEGAL: Final = 0
EXIT_ILLEGAL: Final = 1
EXIT_UNREADABLE: Final = 2

# UTF-16 takes two bytes a character: a file of the longest readable list fits.
MAX_LIST_BYTES: Final = 4 * services.MAX_LIST_CHARS
MAX_DECLARATION_BYTES: Final = 64 * 1024
MAX_ZIP_BYTES: Final = 20 * 1024 * 1024
MAX_ZIP_MEMBERS: Final = 1000
MAX_ZIP_TOTAL_BYTES: Final = 100 * 1024 * 1024
# Longest run of digits a declaration number may have (unit positions are small).
MAX_JSON_DIGITS: Final = 9

ERR_READ: Final = gettext_lazy("Cannot read {path}: {reason}")
ERR_FILE_TOO_BIG: Final = gettext_lazy(
    "{path} is larger than {limit:,} bytes, the most a list file may be."
)
ERR_NOT_UTF8: Final = gettext_lazy("{path} is not UTF-8 text.")
ERR_JSON: Final = gettext_lazy("{path} is not valid JSON: {problem}")
ERR_JSON_DEEP: Final = gettext_lazy("{path} is nested too deeply to be a declaration.")
ERR_JSON_NUMBER: Final = gettext_lazy("{path} holds a number with more than {digits} digits.")
ERR_DECL_TOO_BIG: Final = gettext_lazy(
    "{path} is larger than {limit:,} bytes, the most a declaration may be."
)
ERR_ZIP: Final = gettext_lazy("{path} is not a zip file we can read: {reason}")
ERR_ZIP_TOO_BIG: Final = gettext_lazy(
    "{path} is larger than {limit:,} bytes, the most an event's zip may be."
)
ERR_ZIP_MEMBERS: Final = gettext_lazy(
    "{path} holds more than {limit:,} files; split the event's lists."
)
ERR_ZIP_TOTAL: Final = gettext_lazy("{path} inflates to more than {limit:,} bytes; it is refused.")
ERR_ZIP_EMPTY: Final = gettext_lazy("{path} holds no list files.")
ERR_UNCHECKED: Final = gettext_lazy("The list could not be checked.")


class BatchError(ValueError):
    """An input that cannot be read at all (not one list among many); the message says why."""


@dataclass(frozen=True)
class ListSource:
    """One list to check: its name (file, or file inside a zip) and bytes, or why not."""

    name: str
    data: bytes | None
    error: str | None = None


@dataclass(frozen=True)
class ListOutcome:
    source: str
    code: int
    result: dict[str, Any]

    def envelope(self) -> dict[str, Any]:
        """The JSON Lines record: the source, its exit code and the result_json document."""
        return {"source": self.source, "exit": self.code, "result": self.result}


def read_limited(path: Path, limit: int) -> bytes:
    """Read at most limit bytes of a file; raise BatchError when it holds more."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise BatchError(ERR_READ.format(path=path, reason=exc.strerror or exc)) from None
    if len(data) > limit:
        raise BatchError(ERR_FILE_TOO_BIG.format(path=path, limit=limit))
    return data


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise OverflowError(text)
    return int(text)


def declaration_read(*, path: str) -> core.Declaration:
    """Read a declaration file (validate_list's --declaration); raise BatchError if unreadable."""
    raw = read_limited_declaration(Path(path))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BatchError(ERR_NOT_UTF8.format(path=path)) from None
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except RecursionError:
        raise BatchError(ERR_JSON_DEEP.format(path=path)) from None
    except OverflowError:
        raise BatchError(ERR_JSON_NUMBER.format(path=path, digits=MAX_JSON_DIGITS)) from None
    except ValueError as exc:
        raise BatchError(ERR_JSON.format(path=path, problem=exc)) from None
    if not isinstance(data, dict):
        raise BatchError(services.ERR_DECLARATION.format(problem="it must be a JSON object"))
    try:
        return services.declaration_from_positions(data=data)
    except services.ListImportError as exc:
        raise BatchError(str(exc)) from None


def read_limited_declaration(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_DECLARATION_BYTES + 1)
    except OSError as exc:
        raise BatchError(ERR_READ.format(path=path, reason=exc.strerror or exc)) from None
    if len(data) > MAX_DECLARATION_BYTES:
        raise BatchError(ERR_DECL_TOO_BIG.format(path=path, limit=MAX_DECLARATION_BYTES))
    return data


def zip_sources(*, data: IO[bytes], name: str) -> list[ListSource]:
    """Return the lists in a zip; raise BatchError for a zip that is refused as a whole."""
    try:
        archive = zipfile.ZipFile(data)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise BatchError(ERR_ZIP.format(path=name, reason=exc)) from None
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir() and not _hidden(m.filename)]
        if len(members) > MAX_ZIP_MEMBERS:
            raise BatchError(ERR_ZIP_MEMBERS.format(path=name, limit=MAX_ZIP_MEMBERS))
        if sum(m.file_size for m in members) > MAX_ZIP_TOTAL_BYTES:
            raise BatchError(ERR_ZIP_TOTAL.format(path=name, limit=MAX_ZIP_TOTAL_BYTES))
        sources: list[ListSource] = []
        total = 0
        for member in sorted(members, key=lambda m: m.filename):
            label = f"{name}/{member.filename}"
            if member.file_size > MAX_LIST_BYTES:
                error = ERR_FILE_TOO_BIG.format(path=label, limit=MAX_LIST_BYTES)
                sources.append(ListSource(label, None, error))
                continue
            try:
                with archive.open(member) as handle:
                    # Headers can lie about sizes: read no more than the limit allows.
                    body = handle.read(MAX_LIST_BYTES + 1)
            except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
                sources.append(ListSource(label, None, ERR_ZIP.format(path=label, reason=exc)))
                continue
            total += len(body)
            if total > MAX_ZIP_TOTAL_BYTES:
                raise BatchError(ERR_ZIP_TOTAL.format(path=name, limit=MAX_ZIP_TOTAL_BYTES))
            if len(body) > MAX_LIST_BYTES:
                error = ERR_FILE_TOO_BIG.format(path=label, limit=MAX_LIST_BYTES)
                sources.append(ListSource(label, None, error))
                continue
            sources.append(ListSource(label, body))
    if not sources:
        raise BatchError(ERR_ZIP_EMPTY.format(path=name))
    return sources


def _hidden(name: str) -> bool:
    parts = Path(name).parts
    return any(p.startswith(".") or p == "__MACOSX" for p in parts)


def sources_collect(*, paths: Sequence[str], stdin: IO[bytes] | None = None) -> list[ListSource]:
    """Turn validate_list's arguments (files, '-', folders, zips) into lists to check.

    A file that cannot be read becomes an unreadable source (the others are still checked);
    a zip refused as a whole raises BatchError.
    """
    sources: list[ListSource] = []
    for arg in paths:
        if arg == "-":
            data = stdin.read(MAX_LIST_BYTES + 1) if stdin is not None else b""
            if len(data) > MAX_LIST_BYTES:
                error = ERR_FILE_TOO_BIG.format(path="standard input", limit=MAX_LIST_BYTES)
                sources.append(ListSource("-", None, error))
            else:
                sources.append(ListSource("-", data))
            continue
        path = Path(arg)
        if path.is_dir():
            files = sorted(
                p for p in path.rglob("*") if p.is_file() and not _hidden(str(p.relative_to(path)))
            )
            for file in files:
                sources.extend(_file_sources(file))
            continue
        sources.extend(_file_sources(path))
    return sources


def _file_sources(path: Path) -> list[ListSource]:
    if path.suffix.casefold() == ".zip":
        try:
            size = path.stat().st_size
        except OSError as exc:
            return [ListSource(str(path), None, ERR_READ.format(path=path, reason=exc.strerror))]
        if size > MAX_ZIP_BYTES:
            raise BatchError(ERR_ZIP_TOO_BIG.format(path=path, limit=MAX_ZIP_BYTES))
        with path.open("rb") as handle:
            return zip_sources(data=handle, name=str(path))
    try:
        return [ListSource(str(path), read_limited(path, MAX_LIST_BYTES))]
    except BatchError as exc:
        return [ListSource(str(path), None, str(exc))]


def list_check_source(
    *,
    source: ListSource,
    snapshot: CatalogueSnapshot,
    profile: str = "core-10",
    declaration: core.Declaration | None = None,
) -> ListOutcome:
    """Check one list from the snapshot: its exit code and result_json document."""

    def unreadable(error: str, **extra: Any) -> ListOutcome:
        result = unreadable_to_json(
            error=error, profile=profile, release=snapshot.release.name, **extra
        )
        return ListOutcome(source.name, EXIT_UNREADABLE, result)

    if source.data is None:
        return unreadable(source.error or str(ERR_UNCHECKED))
    try:
        check = services.list_import_check(
            text=decode_text(source.data),
            snapshot=snapshot,
            profile=profile,
            declaration=declaration,
        )
    except UnreadableList as exc:
        return unreadable(
            str(exc),
            language=exc.language,
            faction=exc.faction,
            detachment=exc.detachment,
            stated_points=exc.stated_points,
            source_format=exc.parsed.format if exc.parsed is not None else None,
        )
    except services.ListImportError as exc:
        return unreadable(str(exc))
    payload = services.list_check_json(check=check, profile=profile)
    if payload["error"] is not None or payload["unrecognised"]:
        return ListOutcome(source.name, EXIT_UNREADABLE, payload)
    if check.result is not None and not check.result.legal:
        return ListOutcome(source.name, EXIT_ILLEGAL, payload)
    return ListOutcome(source.name, EXIT_LEGAL, payload)


# A forked worker's view of the job: the snapshot it inherited, and the options.
_worker: dict[str, Any] = {}


def _worker_check(source: ListSource) -> ListOutcome:
    return list_check_source(
        source=source,
        snapshot=_worker["snapshot"],
        profile=_worker["profile"],
        declaration=_worker["declaration"],
    )


def lists_check(
    *,
    sources: Sequence[ListSource],
    snapshot: CatalogueSnapshot,
    profile: str = "core-10",
    declaration: core.Declaration | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[ListOutcome]:
    """Check every list, in order; with jobs > 1, in that many forked worker processes."""
    jobs = max(1, min(jobs, len(sources)))
    outcomes: list[ListOutcome] = []
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        for source in sources:
            outcomes.append(
                list_check_source(
                    source=source, snapshot=snapshot, profile=profile, declaration=declaration
                )
            )
            if progress is not None:
                progress(len(outcomes), len(sources))
        return outcomes
    # Workers check from the inherited snapshot and never query. The parent's database
    # connections are left alone: closing them would end a caller's transaction, and a
    # forked worker never touches them (it leaves by os._exit, running no finalizer).
    _worker.update(snapshot=snapshot, profile=profile, declaration=declaration)
    context = multiprocessing.get_context("fork")
    chunk = max(1, len(sources) // (jobs * 4))
    try:
        with context.Pool(jobs) as pool:
            for outcome in pool.imap(_worker_check, sources, chunksize=chunk):
                outcomes.append(outcome)
                if progress is not None:
                    progress(len(outcomes), len(sources))
    finally:
        _worker.clear()
    return outcomes


def default_jobs(count: int) -> int:
    """All cores for a big batch; one process for a few lists, where forking costs more."""
    return (os.cpu_count() or 1) if count >= 32 else 1


def batch_exit(outcomes: Iterable[ListOutcome]) -> int:
    """0 when every list is legal, 2 when any is unreadable, else 1."""
    codes = {o.code for o in outcomes}
    if EXIT_UNREADABLE in codes:
        return EXIT_UNREADABLE
    return EXIT_ILLEGAL if EXIT_ILLEGAL in codes else EXIT_LEGAL


@dataclass(frozen=True)
class SummaryRow:
    source: str
    name: str
    faction: str
    detachment: str
    points: int | None
    points_limit: int | None
    legal: bool
    status: str
    # (code, severity, message, the list's line numbers it is about)
    violations: tuple[tuple[str, str, str, str], ...]
    # The points release that priced and judged the list.
    release: str = ""

    @property
    def codes(self) -> str:
        return ", ".join(dict.fromkeys(code for code, _, _, _ in self.violations))


STATUS: Final[Mapping[int, str]] = {
    EXIT_LEGAL: "legal",
    EXIT_ILLEGAL: "illegal",
    EXIT_UNREADABLE: "unreadable",
}


def violation_lines(violation: dict[str, Any], result: dict[str, Any]) -> str:
    """The list's line numbers a violation is about, for an organiser to find them: its own
    lines (a wargear line not read), else the lines of the units it names."""
    own = [line["line"] for line in violation["lines"] if line["line"] is not None]
    if not own:
        line_of = {u["position"]: u["line"] for u in result["units"]}
        own = [line_of[p] for p in violation["unit_positions"] if line_of.get(p) is not None]
    return ", ".join(str(n) for n in dict.fromkeys(own))


def summary_rows(outcomes: Iterable[ListOutcome]) -> list[SummaryRow]:
    """One row per list: who or which file, faction, detachment, points, legal, violations."""
    rows = []
    for outcome in outcomes:
        result = outcome.result
        violations = [
            (v["code"], v["severity"], v["message"], violation_lines(v, result))
            for v in result["violations"]
        ]
        violations += [
            ("UNRECOGNISED", "error", p["message"], str(p["line"])) for p in result["unrecognised"]
        ]
        if result["error"]:
            violations.append(("UNREADABLE", "error", result["error"], ""))
        rows.append(
            SummaryRow(
                source=outcome.source,
                name=result["name"] or "",
                faction=result["faction"] or "",
                detachment=result["detachment"] or "",
                points=result["points"],
                points_limit=result["points_limit"],
                legal=bool(result["legal"]),
                status=STATUS[outcome.code],
                violations=tuple(violations),
                release=result.get("release") or "",
            )
        )
    return rows


def summary_text(rows: Sequence[SummaryRow]) -> str:
    """The summary as tab-separated lines, with a header and a closing count."""
    lines = ["file\tlist\tfaction\tdetachment\tpoints\tstatus\tviolations"]
    for r in rows:
        points = "" if r.points is None else f"{r.points}/{r.points_limit}"
        cells = (r.source, r.name, r.faction, r.detachment, points, r.status, r.codes)
        lines.append("\t".join(c.replace("\t", " ").replace("\n", " ") for c in cells))
    counts = {s: sum(1 for r in rows if r.status == s) for s in STATUS.values()}
    # The closing count is for a reader, in the command's language; the columns above are
    # data (status codes), the same in every language.
    lines.append(
        ngettext(
            "{count} list: {legal} legal, {illegal} illegal, {unreadable} unreadable",
            "{count} lists: {legal} legal, {illegal} illegal, {unreadable} unreadable",
            len(rows),
        ).format(count=len(rows), **counts)
    )
    return "\n".join(lines) + "\n"


LISTS_SHEET: Final = "Lists"
VIOLATIONS_SHEET: Final = "Violations"
LISTS_HEADER: Final = (
    "File",
    "List",
    "Faction",
    "Detachment",
    "Points",
    "Limit",
    "Status",
    "Legal",
    "Codes",
    "Release",
)
VIOLATIONS_HEADER: Final = ("File", "List", "Code", "Severity", "Message", "Lines")


def summary_xlsx(rows: Sequence[SummaryRow]) -> bytes:
    """The summary as a workbook: one row per list, then a sheet of every violation."""
    from openpyxl import Workbook

    from rosters.formats.xlsx import text_cell

    wb = Workbook(write_only=True)
    lists = wb.create_sheet(LISTS_SHEET)
    lists.append([text_cell(lists, h, bold=True) for h in LISTS_HEADER])
    for r in rows:
        lists.append(
            [
                text_cell(lists, r.source),
                text_cell(lists, r.name),
                text_cell(lists, r.faction),
                text_cell(lists, r.detachment),
                r.points,
                r.points_limit,
                text_cell(lists, r.status),
                r.legal,
                text_cell(lists, r.codes),
                text_cell(lists, r.release),
            ]
        )
    sheet = wb.create_sheet(VIOLATIONS_SHEET)
    sheet.append([text_cell(sheet, h, bold=True) for h in VIOLATIONS_HEADER])
    for r in rows:
        for code, severity, message, lines in r.violations:
            sheet.append(
                [
                    text_cell(sheet, r.source),
                    text_cell(sheet, r.name),
                    text_cell(sheet, code),
                    text_cell(sheet, severity),
                    text_cell(sheet, message),
                    text_cell(sheet, lines),
                ]
            )
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def jsonl(outcomes: Iterable[ListOutcome]) -> Iterator[str]:
    for outcome in outcomes:
        yield json.dumps(outcome.envelope(), ensure_ascii=False)
