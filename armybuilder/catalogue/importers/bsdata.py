"""Import the BSData 10th-edition catalogue: parse it, then load the facts in one transaction.

``release_import_bsdata`` is the service. Parsing (``bsdata_parse``) is pure and builds plain
dataclasses; ``catalogue_write`` turns them into rows through the ``bsdata_*_write`` writers,
touching only rows whose values differ, so a second run on the same data changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path

from django.db import transaction

from ..models import ImportReport, PointsRelease
from .bsdata_datasheets_write import datasheets_write, leads_write, pools_write
from .bsdata_detachments_write import detachments_write, enhancements_write
from .bsdata_factions_write import availability_write, factions_write, limits_write
from .bsdata_facts import ParsedCatalogue, WriteStats
from .bsdata_parse import parse_bsdata
from .bsdata_prices_write import enhancement_prices_write, option_prices_write, unit_prices_write
from .bsdata_report import import_counts, report_text
from .bsdata_upgrades_write import write_upgrades
from .bsdata_wargear_write import wargear_write
from .bsdata_xml import BsdataError

DEFAULT_RELEASE_NAME = "Final 10th edition (BSData 2026-06-14)"
DEFAULT_RELEASE_DATE = date(2026, 6, 14)
ERROR_NOT_A_DIRECTORY = "{directory} is not a directory"
ERROR_UNKNOWN_FACTION = "Unknown faction {name!r}; choose from: {known}"

__all__ = [
    "DEFAULT_RELEASE_DATE",
    "DEFAULT_RELEASE_NAME",
    "BsdataError",
    "catalogue_write",
    "release_import_bsdata",
]


class _DryRun(Exception):
    """Raised inside the transaction to roll a dry run back."""


def release_import_bsdata(
    *,
    directory: Path,
    release_name: str = DEFAULT_RELEASE_NAME,
    release_date: date = DEFAULT_RELEASE_DATE,
    factions: Sequence[str] = (),
    dry_run: bool = False,
    allow_broken: bool = False,
) -> ImportReport:
    """Import a BSData directory under ``release_name`` and return the saved report."""
    # Raises BsdataError for unreadable data (nothing is written). A dry run does all the work,
    # rolls it back and returns an unsaved report.
    directory = Path(directory)
    if not directory.is_dir():
        raise BsdataError(ERROR_NOT_A_DIRECTORY.format(directory=directory))
    try:
        parsed = parse_bsdata(directory, factions or None, allow_broken=allow_broken)
    except KeyError as exc:
        known = ", ".join(_faction_names(directory))
        raise BsdataError(ERROR_UNKNOWN_FACTION.format(name=exc.args[0], known=known)) from exc
    report: ImportReport | None = None
    try:
        with transaction.atomic():
            release = _release(release_name, release_date)
            stats = catalogue_write(parsed, release)
            report = ImportReport(
                kind=ImportReport.Kind.BSDATA,
                release=release,
                source=str(directory)[:300],
                dry_run=dry_run,
                counts=import_counts(parsed, stats),
                unmapped=[item.as_dict() for item in parsed.unmapped],
            )
            report.text = report_text(parsed, stats, release_name, directory, dry_run)
            report.save()
            if dry_run:
                raise _DryRun
    except _DryRun:
        assert report is not None
        report.pk = None
        report.release = None
    assert report is not None
    return report


def _faction_names(directory: Path) -> list[str]:
    try:
        parsed = parse_bsdata(directory, allow_broken=True)
    except (BsdataError, KeyError):
        return []
    return [f.name for f in parsed.factions]


def _release(name: str, published: date) -> PointsRelease:
    release: PointsRelease | None = PointsRelease.objects.filter(name=name).first()
    if release is None:
        current = PointsRelease.objects.filter(is_current=True).exists()
        release = PointsRelease.objects.create(
            name=name,
            published=published,
            notes="Imported from BSData (github.com/BSData/wh40k-10e).",
            is_current=not current,
        )
    elif not PointsRelease.objects.filter(is_current=True).exists():
        release.is_current = True
        release.save(update_fields=["is_current"])
    return release


def catalogue_write(parsed: ParsedCatalogue, release: PointsRelease) -> WriteStats:
    """Load parsed facts into the catalogue, writing only rows that differ."""
    stats = WriteStats()
    factions = factions_write(parsed, stats)
    sheets = datasheets_write(parsed, factions, stats)
    leads_write(parsed, sheets, stats)
    pools_write(parsed, sheets, stats)
    wargear_write(datasheets=parsed.datasheets, sheets=sheets, stats=stats)
    availability_write(parsed, factions, sheets, stats)
    detachments = detachments_write(parsed, factions, sheets, stats)
    enhancements = enhancements_write(parsed, detachments, stats)
    unit_prices_write(parsed, sheets, release, stats)
    option_prices_write(parsed, sheets, release, stats)
    enhancement_prices_write(parsed, enhancements, release, stats)
    limits_write(parsed, factions, stats)
    write_upgrades(parsed, detachments, sheets, release, stats)
    return stats
