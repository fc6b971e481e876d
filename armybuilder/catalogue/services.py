"""Points-release services: copy, publish, and the xlsx export and import.

Each service loads rows, turns them into plain tuples, and hands those to the pure
functions of points_xlsx.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from armybuilder.catalogue import points_xlsx
from armybuilder.catalogue.models import (
    Datasheet,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    Enhancement,
    EnhancementPrice,
    ImportReport,
    OptionPrice,
    PointsRelease,
    ReleaseUnitSize,
    UnitPrice,
)
from armybuilder.catalogue.points_xlsx import ENHANCEMENTS, OPTIONS, UNITS, UPGRADES, PriceRow

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

ERR_UNKNOWN_DATASHEET = gettext_lazy(
    "Sheet '{sheet}' row {row}: no datasheet '{entry}' in faction '{faction}'."
)
ERR_UNKNOWN_ENHANCEMENT = gettext_lazy(
    "Sheet '{sheet}' row {row}: no enhancement '{key}' in detachment '{entry}' ({faction})."
)
ERR_UNKNOWN_UPGRADE = gettext_lazy(
    "Sheet '{sheet}' row {row}: no detachment upgrade '{key}' in detachment '{entry}' ({faction})."
)
ERR_PREVIEW_NOT_CLEAN = gettext_lazy("The workbook has errors; fix them and upload it again.")
ERR_REVERT_CURRENT = gettext_lazy(
    "This version of {release} is {then}, but the release is {now}; reverting to it would "
    "leave the site without exactly one current published release. Publish another release "
    "instead, or revert to a version with the same state."
)
ERR_DELETE_CURRENT = gettext_lazy(
    "{release} is the current release; publish another one before deleting it."
)
COPY_REASON = "Copied from {source}"
IMPORT_REASON = "xlsx import"

ChangeKind = Literal["changed", "added", "unchanged", "unknown"]
User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class PriceChange:
    row: int
    sheet: str
    label: str
    kind: ChangeKind
    old: int | None
    new: int


@dataclass
class ImportPreview:
    changes: list[PriceChange] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def of_kind(self, kind: ChangeKind) -> list[PriceChange]:
        return [c for c in self.changes if c.kind == kind]

    @property
    def ok(self) -> bool:
        return not self.errors


def release_copy(
    *, source: PointsRelease, name: str, published: datetime.date, user: User | None = None
) -> PointsRelease:
    """Create a new, unpublished release holding a copy of every price of source."""
    reason = COPY_REASON.format(source=source.name)
    history_user = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        release = PointsRelease.objects.create(
            name=name, published=published, notes=reason, is_current=False, is_published=False
        )
        bulk_create_with_history(
            [
                UnitPrice(
                    release=release,
                    datasheet_id=p.datasheet_id,
                    models_count=p.models_count,
                    points=p.points,
                )
                for p in source.unit_prices.all()
            ],
            UnitPrice,
            default_user=history_user,
            default_change_reason=reason,
        )
        bulk_create_with_history(
            [
                EnhancementPrice(release=release, enhancement_id=p.enhancement_id, points=p.points)
                for p in source.enhancement_prices.all()
            ],
            EnhancementPrice,
            default_user=history_user,
            default_change_reason=reason,
        )
        bulk_create_with_history(
            [
                OptionPrice(
                    release=release,
                    datasheet_id=p.datasheet_id,
                    name=p.name,
                    points=p.points,
                    max_count=p.max_count,
                )
                for p in source.option_prices.all()
            ],
            OptionPrice,
            default_user=history_user,
            default_change_reason=reason,
        )
        bulk_create_with_history(
            [
                DetachmentUpgradePrice(release=release, upgrade_id=p.upgrade_id, points=p.points)
                for p in source.upgrade_prices.all()
            ],
            DetachmentUpgradePrice,
            default_user=history_user,
            default_change_reason=reason,
        )
        # A dated release's unit sizes go with its prices, or the copy would price the old
        # brackets under today's sizes.
        ReleaseUnitSize.objects.bulk_create(
            [
                ReleaseUnitSize(
                    release=release,
                    datasheet_id=size.datasheet_id,
                    min_models=size.min_models,
                    max_models=size.max_models,
                    keywords=size.keywords,
                )
                for size in source.unit_sizes.all()
            ],
            batch_size=1000,
        )
    return release


def release_publish(*, release: PointsRelease) -> PointsRelease:
    """Make release the one current, published release; the previous one stays readable.

    Both rows change in one transaction, so every reader sees exactly one current release.
    """
    with transaction.atomic():
        PointsRelease.objects.select_for_update().filter(is_current=True).exclude(
            pk=release.pk
        ).update(is_current=False)
        if not (release.is_current and release.is_published):
            release.is_current = True
            release.is_published = True
            release.save(update_fields=["is_current", "is_published"])
    return release


def _state(release: PointsRelease) -> str:
    if release.is_current:
        return "current"
    return "published" if release.is_published else "a draft"


def release_revert_refusal(*, version: PointsRelease) -> str:
    """Say why reverting a release to an old version is refused, or "" if it may go ahead.

    A revert may change a release's name, date and notes, never whether it is current or
    published: that would leave no current release, or two.
    """
    present = PointsRelease.objects.filter(pk=version.pk).first()
    if present is None:
        return ""
    if (version.is_current, version.is_published) != (
        present.is_current,
        present.is_published,
    ):
        return ERR_REVERT_CURRENT.format(
            release=present.name, then=_state(version), now=_state(present)
        )
    return ""


def release_price_rows(*, release: PointsRelease) -> list[PriceRow]:
    """Return every price of a release as plain rows, in workbook order."""
    rows = [
        PriceRow(UNITS, faction, datasheet, models, points)
        for faction, datasheet, models, points in release.unit_prices.order_by(
            "datasheet__faction__name", "datasheet__name", "models_count"
        ).values_list("datasheet__faction__name", "datasheet__name", "models_count", "points")
    ]
    rows += [
        PriceRow(ENHANCEMENTS, faction, detachment, name, points)
        for faction, detachment, name, points in release.enhancement_prices.order_by(
            "enhancement__detachment__faction__name",
            "enhancement__detachment__name",
            "enhancement__name",
        ).values_list(
            "enhancement__detachment__faction__name",
            "enhancement__detachment__name",
            "enhancement__name",
            "points",
        )
    ]
    rows += [
        PriceRow(OPTIONS, faction, datasheet, name, points)
        for faction, datasheet, name, points in release.option_prices.order_by(
            "datasheet__faction__name", "datasheet__name", "name"
        ).values_list("datasheet__faction__name", "datasheet__name", "name", "points")
    ]
    rows += [
        PriceRow(UPGRADES, faction, detachment, name, points)
        for faction, detachment, name, points in release.upgrade_prices.order_by(
            "upgrade__detachment__faction__name", "upgrade__detachment__name", "upgrade__name"
        ).values_list(
            "upgrade__detachment__faction__name",
            "upgrade__detachment__name",
            "upgrade__name",
            "points",
        )
    ]
    return rows


def release_export_xlsx(*, release: PointsRelease) -> bytes:
    """Write a release's prices as a workbook that release_import_xlsx reads back."""
    return points_xlsx.workbook_write(rows=release_price_rows(release=release))


@dataclass
class _Plan:
    preview: ImportPreview
    unit_updates: list[UnitPrice] = field(default_factory=list)
    unit_creates: list[UnitPrice] = field(default_factory=list)
    enhancement_updates: list[EnhancementPrice] = field(default_factory=list)
    enhancement_creates: list[EnhancementPrice] = field(default_factory=list)
    option_updates: list[OptionPrice] = field(default_factory=list)
    option_creates: list[OptionPrice] = field(default_factory=list)
    upgrade_updates: list[DetachmentUpgradePrice] = field(default_factory=list)
    upgrade_creates: list[DetachmentUpgradePrice] = field(default_factory=list)


def _fold(*parts: object) -> tuple[str, ...]:
    return tuple(str(p).casefold() for p in parts)


def _plan(release: PointsRelease, parsed: points_xlsx.ParsedWorkbook) -> _Plan:
    plan = _Plan(ImportPreview(errors=list(parsed.errors)))
    datasheets = {
        _fold(faction, name): pk
        for pk, faction, name in Datasheet.objects.values_list("pk", "faction__name", "name")
    }
    enhancements = {
        _fold(faction, detachment, name): pk
        for pk, faction, detachment, name in Enhancement.objects.values_list(
            "pk", "detachment__faction__name", "detachment__name", "name"
        )
    }
    upgrades = {
        _fold(faction, detachment, name): pk
        for pk, faction, detachment, name in DetachmentUpgrade.objects.values_list(
            "pk", "detachment__faction__name", "detachment__name", "name"
        )
    }
    upgrade_prices = {p.upgrade_id: p for p in release.upgrade_prices.all()}
    unit_prices = {(p.datasheet_id, p.models_count): p for p in release.unit_prices.all()}
    enhancement_prices = {p.enhancement_id: p for p in release.enhancement_prices.all()}
    option_prices = {(p.datasheet_id, p.name.casefold()): p for p in release.option_prices.all()}

    for number, row in parsed.rows:
        existing: UnitPrice | EnhancementPrice | OptionPrice | DetachmentUpgradePrice | None
        if row.sheet == UPGRADES:
            found = upgrades.get(_fold(row.faction, row.entry, row.key))
            if found is None:
                _unknown(plan, number, row, ERR_UNKNOWN_UPGRADE)
                continue
            existing = upgrade_prices.get(found)
            if existing is None:
                plan.upgrade_creates.append(
                    DetachmentUpgradePrice(release=release, upgrade_id=found, points=row.points)
                )
            elif existing.points != row.points:
                plan.upgrade_updates.append(existing)
        elif row.sheet == ENHANCEMENTS:
            target = enhancements.get(_fold(row.faction, row.entry, row.key))
            if target is None:
                _unknown(plan, number, row, ERR_UNKNOWN_ENHANCEMENT)
                continue
            existing = enhancement_prices.get(target)
            if existing is None:
                plan.enhancement_creates.append(
                    EnhancementPrice(release=release, enhancement_id=target, points=row.points)
                )
            elif existing.points != row.points:
                plan.enhancement_updates.append(existing)
        else:
            datasheet = datasheets.get(_fold(row.faction, row.entry))
            if datasheet is None:
                _unknown(plan, number, row, ERR_UNKNOWN_DATASHEET)
                continue
            if row.sheet == UNITS:
                assert isinstance(row.key, int)
                existing = unit_prices.get((datasheet, row.key))
                if existing is None:
                    plan.unit_creates.append(
                        UnitPrice(
                            release=release,
                            datasheet_id=datasheet,
                            models_count=row.key,
                            points=row.points,
                        )
                    )
                elif existing.points != row.points:
                    plan.unit_updates.append(existing)
            else:
                existing = option_prices.get((datasheet, str(row.key).casefold()))
                if existing is None:
                    plan.option_creates.append(
                        OptionPrice(
                            release=release,
                            datasheet_id=datasheet,
                            name=str(row.key),
                            points=row.points,
                        )
                    )
                elif existing.points != row.points:
                    plan.option_updates.append(existing)
        old = existing.points if existing is not None else None
        kind: ChangeKind = (
            "added" if existing is None else ("unchanged" if old == row.points else "changed")
        )
        if existing is not None:
            existing.points = row.points
        plan.preview.changes.append(
            PriceChange(number, row.sheet, row.label, kind, old, row.points)
        )
    return plan


def _unknown(plan: _Plan, number: int, row: PriceRow, template: _StrOrPromise) -> None:
    plan.preview.errors.append(
        template.format(
            sheet=row.sheet, row=number, entry=row.entry, faction=row.faction, key=row.key
        )
    )
    plan.preview.changes.append(
        PriceChange(number, row.sheet, row.label, "unknown", None, row.points)
    )


def release_import_preview(*, release: PointsRelease, data: bytes) -> ImportPreview:
    """List every changed, added, unchanged and unknown row of a workbook; save nothing."""
    return _plan(release, points_xlsx.workbook_read(data=data)).preview


def release_import_parse(
    *, release: PointsRelease, data: bytes
) -> tuple[ImportPreview, points_xlsx.ParsedWorkbook]:
    """Preview a workbook and return its parsed rows, which release_import_rows applies."""
    parsed = points_xlsx.workbook_read(data=data)
    return _plan(release, parsed).preview, parsed


def release_import_xlsx(
    *, release: PointsRelease, data: bytes, user: User | None = None, source: str = ""
) -> ImportPreview:
    """Apply a workbook's prices to a release, all or nothing; rows not in it stay as they are."""
    return release_import_rows(
        release=release, parsed=points_xlsx.workbook_read(data=data), user=user, source=source
    )


def release_import_rows(
    *,
    release: PointsRelease,
    parsed: points_xlsx.ParsedWorkbook,
    user: User | None = None,
    source: str = "",
) -> ImportPreview:
    """Apply parsed workbook rows to a release, all or nothing."""
    history_user = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        plan = _plan(release, parsed)
        if not plan.preview.ok:
            return plan.preview
        history = {"default_user": history_user, "default_change_reason": IMPORT_REASON}
        if plan.unit_updates:
            bulk_update_with_history(plan.unit_updates, UnitPrice, ["points"], **history)
        if plan.enhancement_updates:
            bulk_update_with_history(
                plan.enhancement_updates, EnhancementPrice, ["points"], **history
            )
        if plan.option_updates:
            bulk_update_with_history(plan.option_updates, OptionPrice, ["points"], **history)
        bulk_create_with_history(plan.unit_creates, UnitPrice, **history)
        bulk_create_with_history(plan.enhancement_creates, EnhancementPrice, **history)
        bulk_create_with_history(plan.option_creates, OptionPrice, **history)
        if plan.upgrade_updates:
            bulk_update_with_history(
                plan.upgrade_updates, DetachmentUpgradePrice, ["points"], **history
            )
        bulk_create_with_history(plan.upgrade_creates, DetachmentUpgradePrice, **history)
        counts = {
            kind: len(plan.preview.of_kind(kind)) for kind in ("changed", "added", "unchanged")
        }
        ImportReport.objects.create(
            kind=ImportReport.Kind.XLSX,
            release=release,
            source=source,
            counts=counts,
            text="\n".join(
                f"{c.sheet} row {c.row}: {c.label}: {c.old} -> {c.new}"
                for c in plan.preview.changes
                if c.kind in ("changed", "added")
            ),
        )
    return plan.preview


UNIT = "Unit"
ENHANCEMENT = "Enhancement"
OPTION = "Option"
UPGRADE = "Detachment upgrade"


@dataclass(frozen=True)
class ComparedPrice:
    """One price that differs between two releases; old or new is None if absent there."""

    faction: str
    kind: str
    entry: str
    old: int | None
    new: int | None

    @property
    def difference(self) -> int:
        return (self.new or 0) - (self.old or 0)

    @property
    def change(self) -> str:
        if self.old is None:
            return "added"
        return "removed" if self.new is None else "changed"


@dataclass(frozen=True)
class ReleaseComparison:
    old: PointsRelease
    new: PointsRelease
    rows: list[ComparedPrice]

    def by_faction(self) -> list[tuple[str, list[ComparedPrice]]]:
        groups: dict[str, list[ComparedPrice]] = {}
        for row in self.rows:
            groups.setdefault(row.faction, []).append(row)
        return list(groups.items())


_PriceKey = tuple[str, str, str]


def _release_price_map(release: PointsRelease, faction_id: int | None) -> dict[_PriceKey, int]:
    units = release.unit_prices.all()
    enhancements = release.enhancement_prices.all()
    options = release.option_prices.all()
    upgrades = release.upgrade_prices.all()
    if faction_id is not None:
        units = units.filter(datasheet__faction_id=faction_id)
        enhancements = enhancements.filter(enhancement__detachment__faction_id=faction_id)
        options = options.filter(datasheet__faction_id=faction_id)
        upgrades = upgrades.filter(upgrade__detachment__faction_id=faction_id)
    prices: dict[_PriceKey, int] = {}
    for faction, datasheet, models_count, points in units.values_list(
        "datasheet__faction__name", "datasheet__name", "models_count", "points"
    ):
        prices[(faction, UNIT, f"{datasheet}, {models_count} models")] = points
    for faction, detachment, name, points in enhancements.values_list(
        "enhancement__detachment__faction__name",
        "enhancement__detachment__name",
        "enhancement__name",
        "points",
    ):
        prices[(faction, ENHANCEMENT, f"{name} ({detachment})")] = points
    for faction, datasheet, name, points in options.values_list(
        "datasheet__faction__name", "datasheet__name", "name", "points"
    ):
        prices[(faction, OPTION, f"{datasheet}: {name}")] = points
    for faction, detachment, name, points in upgrades.values_list(
        "upgrade__detachment__faction__name",
        "upgrade__detachment__name",
        "upgrade__name",
        "points",
    ):
        prices[(faction, UPGRADE, f"{name} ({detachment})")] = points
    return prices


def release_compare(
    *, old: PointsRelease, new: PointsRelease, faction_id: int | None = None
) -> ReleaseComparison:
    """List every unit, enhancement and option price changed, added or removed from old to new.

    Eight queries whatever the catalogue's size; rows are grouped by faction, then kind.
    """
    before = _release_price_map(old, faction_id)
    after = _release_price_map(new, faction_id)
    rows = [
        ComparedPrice(faction, kind, entry, before.get(key), after.get(key))
        for key in sorted(before.keys() | after.keys())
        for faction, kind, entry in [key]
        if before.get(key) != after.get(key)
    ]
    return ReleaseComparison(old=old, new=new, rows=rows)


def release_compare_xlsx(*, comparison: ReleaseComparison) -> bytes:
    """Write a comparison as a workbook, one row per changed price."""
    return points_xlsx.comparison_write(
        title=f"{comparison.old.name} → {comparison.new.name}",
        rows=[(r.faction, r.kind, r.entry, r.old, r.new) for r in comparison.rows],
    )


def release_previous(*, release: PointsRelease, published_only: bool) -> PointsRelease | None:
    """Return the release published just before this one (by date, then id)."""
    earlier = PointsRelease.objects.filter(
        Q(published__lt=release.published) | Q(published=release.published, id__lt=release.pk)
    )
    if published_only:
        earlier = earlier.filter(is_published=True)
    return earlier.order_by("-published", "-id").first()


def previous_release_subquery(*, published_only: bool) -> Subquery:
    """An annotation giving each release row the id of the one published just before it."""
    earlier = PointsRelease.objects.filter(
        Q(published__lt=OuterRef("published"))
        | Q(published=OuterRef("published"), id__lt=OuterRef("id"))
    )
    if published_only:
        earlier = earlier.filter(is_published=True)
    return Subquery(earlier.order_by("-published", "-id").values("id")[:1])
