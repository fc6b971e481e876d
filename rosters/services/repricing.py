"""Re-pricing a roster under a newer points release."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_lazy

from armybuilder import rules
from armybuilder.catalogue.models import PointsRelease
from rosters.models import Roster
from rosters.services.drafts import draft_to_core, roster_to_draft
from rosters.services.edits import roster_lock
from rosters.services.errors import RosterError

ERR_RELEASE_NOT_NEWER = gettext_lazy("The roster is already priced under {release}.")


@dataclass(frozen=True)
class RepriceLine:
    unit_id: str
    name: str
    old: int
    new: int

    @property
    def delta(self) -> int:
        return self.new - self.old


@dataclass(frozen=True)
class RepricePreview:
    old_release: PointsRelease
    new_release: PointsRelease
    lines: list[RepriceLine]
    old_total: int
    new_total: int


def roster_reprice(
    *, roster: Roster, release: PointsRelease, apply: bool = False
) -> RepricePreview:
    """Show each unit's price under the roster's release and a newer one; apply only if asked."""
    if release.pk == roster.release_id:
        raise RosterError(ERR_RELEASE_NOT_NEWER.format(release=release))
    draft = roster_to_draft(roster=roster)
    old = rules.validate(draft_to_core(draft=draft), None, draft.profile)
    draft.release = release
    new = rules.validate(draft_to_core(draft=draft), None, draft.profile)
    preview = RepricePreview(
        old_release=roster.release,
        new_release=release,
        lines=[
            RepriceLine(u.key, u.datasheet.name, old.unit_points[u.key], new.unit_points[u.key])
            for u in draft.units
        ],
        old_total=old.points,
        new_total=new.points,
    )
    if apply:
        with transaction.atomic():
            roster_lock(roster_id=roster.pk)
            roster.release = release
            roster.save(update_fields=["release", "updated"])
    return preview
