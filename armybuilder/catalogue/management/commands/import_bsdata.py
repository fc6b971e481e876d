"""``manage.py import_bsdata DIR``: load the BSData catalogue under a points release."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from armybuilder.catalogue.importers.bsdata import (
    DEFAULT_RELEASE_DATE,
    DEFAULT_RELEASE_NAME,
    BsdataError,
    release_import_bsdata,
)

ERROR_BAD_DATE = "{value!r} is not a date in YYYY-MM-DD form"


def _iso_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(ERROR_BAD_DATE.format(value=value)) from exc


class Command(BaseCommand):
    help = (
        "Import factions, datasheets, detachments, enhancements and points from a BSData "
        "wh40k-10e directory (facts only, never rules text). Safe to run again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "directory", type=Path, help="Directory holding the .gst and .cat files"
        )
        parser.add_argument(
            "--release", default=DEFAULT_RELEASE_NAME, help="Points release to load prices into"
        )
        parser.add_argument(
            "--date",
            type=_iso_date,
            default=DEFAULT_RELEASE_DATE,
            help="Publication date for a new release (YYYY-MM-DD)",
        )
        parser.add_argument(
            "--faction",
            action="append",
            default=[],
            metavar="NAME",
            help="Import only this faction (and its parents); repeatable",
        )
        parser.add_argument(
            "--allow-broken",
            action="store_true",
            help="Import even if links point at missing targets; the report lists each one",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Do everything, print the report, roll back"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = release_import_bsdata(
                directory=options["directory"],
                release_name=options["release"],
                release_date=options["date"],
                factions=options["faction"],
                dry_run=options["dry_run"],
                allow_broken=options["allow_broken"],
            )
        except BsdataError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(report.text)
