"""``manage.py import_bsdata_history SOURCE``: every monthly BSData snapshot as a dated release."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from armybuilder.catalogue.importers.bsdata_history import release_import_bsdata_history
from armybuilder.catalogue.importers.bsdata_xml import BsdataError


class Command(BaseCommand):
    help = (
        "Import the monthly BSData wh40k-10e history (a directory of YYYY-MM-DD folders or "
        "the snapshots.tar.xz holding them) as published, dated points releases, with the "
        "model counts each allows, what only older data has, and former names. Safe to run "
        "again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source", type=Path, help="Directory or .tar.xz of dated snapshots")
        parser.add_argument(
            "--final",
            type=Path,
            help="Directory of the final catalogues (2026-06-14), when SOURCE lacks that date",
        )
        parser.add_argument("--jobs", type=int, help="Parser processes (default: one per core)")
        parser.add_argument(
            "--faction",
            action="append",
            default=[],
            metavar="NAME",
            help="Import only this faction (and its parents); repeatable",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Do everything, print the report, roll back"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = release_import_bsdata_history(
                source=options["source"],
                final=options["final"],
                jobs=options["jobs"],
                factions=options["faction"],
                dry_run=options["dry_run"],
            )
        except BsdataError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(report.text())
