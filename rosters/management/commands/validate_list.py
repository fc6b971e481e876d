"""Check pasted army lists from the command line: one list, or a whole event's at once.

One list file (or '-' for standard input) prints its result as JSON. Several files, a
folder or a zip print a summary of every list (or, with --jsonl, one JSON record per
list) and can write an xlsx report. Nothing is saved. A long batch shows a progress bar
on standard error when that is a terminal (never with --quiet, never into a file or pipe).

Exit status: 0 every list legal; 1 some list has error-severity violations; 2 some list
(or the declaration) could not be read, or has lines that name nothing we know. Anything
unreadable is named in one line on standard error, never with a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import IO, Any, Final

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext

EXIT_LEGAL: Final = 0
EXIT_ILLEGAL: Final = 1
EXIT_UNREADABLE: Final = 2
PROFILES: Final = ("core-10", "matched-10", "nine-10")
ERR_DECLARATION_BATCH: Final = gettext_lazy(
    "--declaration names unit positions of one list; give one list."
)
ERR_INTERNAL: Final = gettext_lazy("validate_list: the lists could not be checked ({error}).")
ERR_BAD_DATE: Final = gettext_lazy("{value!r} is not a date in YYYY-MM-DD form")
# Below this many lists a batch ends before a bar would tell anyone anything.
PROGRESS_FROM: Final = 32
PROGRESS_LABEL: Final = gettext_lazy("lists")
LINE_PROBLEM: Final = gettext_lazy("line {line}: {message}")


class Command(BaseCommand):
    help = (
        "Import text army lists without saving them, validate them, and print JSON or a "
        "summary. Exit 0 all legal, 1 any illegal, 2 any unreadable or with unrecognised lines."
    )

    # The command only reads; skipping the system checks keeps a run well under a second.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--lang",
            choices=["en", "ru"],
            default="en",
            help="Language of the messages (JSON keys and codes never change).",
        )
        parser.add_argument(
            "files",
            nargs="+",
            metavar="FILE",
            help="List files, folders of them, or zips of them; '-' reads standard input.",
        )
        parser.add_argument(
            "--declaration",
            help='Battle formations JSON by unit position (one list only): {"hover": [p], '
            '"attach": [[leader, bodyguard]], "embark": [[unit, transport]], '
            '"strategic_reserves": [p], "deep_strike": [p]}.',
        )
        parser.add_argument("--profile", choices=PROFILES, default="core-10")
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--release", help="Points release name (default: the current one).")
        which.add_argument(
            "--as-of",
            type=_iso_date,
            metavar="YYYY-MM-DD",
            help="Price under the release in force that day: the latest published on or before it.",
        )
        parser.add_argument(
            "--jobs",
            type=int,
            default=0,
            help="Worker processes (default: every core for 32 lists or more, else one).",
        )
        parser.add_argument(
            "--jsonl", action="store_true", help="Print one JSON record per list (JSON Lines)."
        )
        parser.add_argument("--xlsx", metavar="REPORT.xlsx", help="Write the summary workbook.")
        parser.add_argument(
            "--quiet", action="store_true", help="No progress bar on standard error."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options.get("lang") or "en"):
            self._handle(*args, **options)

    def _handle(self, *args: Any, **options: Any) -> None:
        try:
            code = self.run(options)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            self.stderr.write(ERR_INTERNAL.format(error=exc))
            code = EXIT_UNREADABLE
        if code != EXIT_LEGAL:
            sys.exit(code)

    def run(self, options: dict[str, Any]) -> int:
        # Imported here so that `manage.py help` and Django start-up stay light.
        from rosters.formats import batch

        paths: list[str] = options["files"]
        single = len(paths) == 1 and (paths[0] == "-" or not _is_batch(Path(paths[0])))
        if options["declaration"] and not single:
            self.stderr.write(str(ERR_DECLARATION_BATCH))
            return EXIT_UNREADABLE
        try:
            outcomes = self.check_lists(
                paths=paths,
                declaration_path=options["declaration"],
                profile=options["profile"],
                release_name=options["release"],
                as_of=options["as_of"],
                jobs=options["jobs"],
                quiet=options["quiet"],
            )
        except batch.BatchError as exc:
            self.stderr.write(str(exc))
            if single:
                self.stdout.write(json.dumps(self.failure(str(exc), options), indent=2))
            return EXIT_UNREADABLE
        rows = batch.summary_rows(outcomes)
        if options["jsonl"]:
            for line in batch.jsonl(outcomes):
                self.stdout.write(line)
        elif single:
            self.stdout.write(json.dumps(outcomes[0].result, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(batch.summary_text(rows), ending="")
        for outcome in outcomes:
            if outcome.code == EXIT_UNREADABLE:
                self.stderr.write(f"{outcome.source}: {_why(outcome.result)}")
        if options["xlsx"]:
            Path(options["xlsx"]).write_bytes(batch.summary_xlsx(rows))
        return batch.batch_exit(outcomes)

    def failure(self, error: str, options: dict[str, Any]) -> dict[str, Any]:
        from rosters.formats.result_json import unreadable_to_json

        return unreadable_to_json(error=error, profile=options["profile"])

    def check_lists(
        self,
        *,
        paths: list[str],
        declaration_path: str | None = None,
        profile: str = "core-10",
        release_name: str | None = None,
        as_of: date | None = None,
        jobs: int = 0,
        quiet: bool = True,
    ) -> list[Any]:
        """The in-process entry point: check the lists and return their outcomes in order.

        Raise batch.BatchError when the release, the declaration or a zip is refused.
        """
        from rosters.formats import batch, services

        declaration = batch.declaration_read(path=declaration_path) if declaration_path else None
        try:
            snapshot = services.list_snapshot(release_name=release_name, as_of=as_of)
        except services.ListImportError as exc:
            raise batch.BatchError(str(exc)) from None
        sources = batch.sources_collect(paths=paths, stdin=sys.stdin.buffer)
        # BaseCommand wraps standard error; the bar asks the stream itself whether it is a tty.
        stream = getattr(self.stderr, "_out", sys.stderr)
        with progress_bar(total=len(sources), quiet=quiet, stream=stream) as progress:
            return batch.lists_check(
                sources=sources,
                snapshot=snapshot,
                profile=profile,
                declaration=declaration,
                jobs=jobs or batch.default_jobs(len(sources)),
                progress=progress,
            )


@contextmanager
def progress_bar(
    *, total: int, quiet: bool, stream: IO[str]
) -> Iterator[Callable[[int, int], None] | None]:
    """A tqdm bar for a long batch on a terminal; None (no bar) for a short batch, with
    --quiet, or when standard error is a file or a pipe."""
    if quiet or total < PROGRESS_FROM or not stream.isatty():
        yield None
        return
    from tqdm import tqdm

    # No monitor thread: it would outlive the forked workers' parent in odd states.
    tqdm.monitor_interval = 0
    with tqdm(total=total, file=stream, unit=str(PROGRESS_LABEL), leave=False) as bar:

        def advance(done: int, _total: int) -> None:
            bar.update(done - bar.n)

        yield advance


def _iso_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(ERR_BAD_DATE.format(value=value)) from exc


def _is_batch(path: Path) -> bool:
    return path.is_dir() or path.suffix.casefold() == ".zip"


def _why(result: dict[str, Any]) -> str:
    if result["error"]:
        return str(result["error"])
    problems = result["unrecognised"]
    first = problems[0]
    more = len(problems) - 1
    why = LINE_PROBLEM.format(line=first["line"], message=first["message"])
    return why + (
        ngettext(" (and {n} more)", " (and {n} more)", more).format(n=more) if more else ""
    )
