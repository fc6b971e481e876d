"""Read-only queries of the API: the catalogue with its filters, and a player's own rows.

A roster, unit or declaration that is not the caller's raises Http404, exactly as one
that does not exist: an id reveals nothing.
"""

from __future__ import annotations

from typing import Any, Final

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ValidationError

from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    EnhancementPrice,
    Faction,
    PointsRelease,
    TransportPool,
    UnitPrice,
)
from rosters import services
from rosters.models import Declaration, Roster, RosterUnit

ERR_UNKNOWN_RELEASE: Final = gettext_lazy("There is no points release with id {release_id}.")


def release_get(*, release_id: int | None, field: str = "release") -> PointsRelease | None:
    """Return the release with this id, or the current one (None if there is none yet)."""
    if release_id is None:
        return PointsRelease.objects.filter(is_current=True).first()
    # A draft answers like a release that does not exist: players never learn of it.
    release = PointsRelease.objects.published().filter(pk=release_id).first()
    if release is None:
        raise ValidationError({field: [ERR_UNKNOWN_RELEASE.format(release_id=release_id)]})
    return release


def release_list() -> QuerySet[PointsRelease]:
    return PointsRelease.objects.published().order_by("-published", "-id")


def release_get_by_id(*, release_id: int) -> PointsRelease:
    release = PointsRelease.objects.published().filter(pk=release_id).first()
    if release is None:
        raise Http404
    return release


def faction_list(*, search: str | None = None, parent: int | None = None) -> QuerySet[Faction]:
    factions = Faction.objects.order_by("name", "id")
    if search:
        factions = factions.filter(name__icontains=search)
    if parent is not None:
        factions = factions.filter(parent_id=parent)
    return factions


def faction_get(*, faction_id: int) -> Faction:
    faction = Faction.objects.filter(pk=faction_id).first()
    if faction is None:
        raise Http404
    return faction


def _faction_chain_ids(faction_id: int) -> list[int]:
    faction = Faction.objects.filter(pk=faction_id).first()
    return (
        [f.pk for f in services.faction_chain_load(faction=faction)] if faction is not None else []
    )


def datasheet_list(
    *,
    release: PointsRelease | None,
    faction: int | None = None,
    keyword: str | None = None,
    search: str | None = None,
) -> QuerySet[Datasheet]:
    """Return datasheets with their leads, transport pools and the release's price brackets."""
    prices = (
        UnitPrice.objects.filter(release=release).order_by("models_count")
        if release is not None
        else UnitPrice.objects.none()
    )
    sheets = (
        Datasheet.objects.select_related("faction")
        .prefetch_related(
            Prefetch("leads", queryset=Datasheet.objects.only("id", "name").order_by("name")),
            Prefetch("transport_pools", queryset=TransportPool.objects.order_by("position")),
            Prefetch("prices", queryset=prices, to_attr="release_prices"),
        )
        .order_by("name", "id")
    )
    if faction is not None:
        sheets = sheets.filter(available_to=faction)
    if keyword:
        # Keywords are stored upper-case in a JSON list; matching the quoted string matches a
        # whole keyword on SQLite and PostgreSQL alike.
        quoted = f'"{keyword.strip().upper()}"'
        sheets = sheets.filter(
            Q(keywords__icontains=quoted) | Q(faction_keywords__icontains=quoted)
        )
    if search:
        sheets = sheets.filter(name__icontains=search)
    return sheets


def datasheet_get(*, datasheet_id: int, release: PointsRelease | None) -> Datasheet:
    sheet = datasheet_list(release=release).filter(pk=datasheet_id).first()
    if sheet is None:
        raise Http404
    return sheet


def detachment_list(
    *, faction: int | None = None, search: str | None = None
) -> QuerySet[Detachment]:
    """Return detachments, with their enhancements and datasheet rules, by name."""
    named = Datasheet.objects.only("id", "name").order_by("name")
    detachments = (
        Detachment.objects.select_related("faction")
        .prefetch_related(
            Prefetch("enhancements", queryset=Enhancement.objects.order_by("name")),
            Prefetch("required", queryset=named),
            Prefetch("forbidden", queryset=named),
            Prefetch("battleline", queryset=named),
        )
        .order_by("name", "id")
    )
    if faction is not None:
        # A chapter may use its parent faction's detachments too.
        detachments = detachments.filter(faction_id__in=_faction_chain_ids(faction)).exclude(
            hidden_for=faction
        )
    if search:
        detachments = detachments.filter(name__icontains=search)
    return detachments


def detachment_get(*, detachment_id: int) -> Detachment:
    detachment = detachment_list().filter(pk=detachment_id).first()
    if detachment is None:
        raise Http404
    return detachment


def enhancement_list(
    *,
    release: PointsRelease | None,
    faction: int | None = None,
    detachment: int | None = None,
    search: str | None = None,
) -> QuerySet[Enhancement]:
    """Return enhancements with their detachment and their points under the release."""
    prices = (
        EnhancementPrice.objects.filter(release=release)
        if release is not None
        else EnhancementPrice.objects.none()
    )
    enhancements = (
        Enhancement.objects.select_related("detachment")
        .prefetch_related(Prefetch("prices", queryset=prices, to_attr="release_prices"))
        .order_by("name", "id")
    )
    if faction is not None:
        enhancements = enhancements.filter(
            detachment__faction_id__in=_faction_chain_ids(faction)
        ).exclude(detachment__hidden_for=faction)
    if detachment is not None:
        enhancements = enhancements.filter(detachment_id=detachment)
    if search:
        enhancements = enhancements.filter(name__icontains=search)
    return enhancements


def enhancement_get(*, enhancement_id: int, release: PointsRelease | None) -> Enhancement:
    enhancement = enhancement_list(release=release).filter(pk=enhancement_id).first()
    if enhancement is None:
        raise Http404
    return enhancement


def roster_list(*, owner: Any) -> QuerySet[Roster]:
    return Roster.objects.filter(owner=owner).select_related("faction", "detachment", "release")


def roster_owned_get(*, owner: Any, roster_id: int) -> Roster:
    """Return one of the owner's rosters, loaded with its units, or raise Http404."""
    if not Roster.objects.filter(pk=roster_id, owner=owner).exists():
        raise Http404
    return services.roster_load(roster_id=roster_id)


def roster_owned_row(*, owner: Any, roster_id: int) -> Roster:
    """Return one of the owner's rosters without its units, or raise Http404."""
    roster = (
        Roster.objects.select_related("faction", "detachment", "release")
        .filter(pk=roster_id, owner=owner)
        .first()
    )
    if roster is None:
        raise Http404
    return roster


def roster_shared_get(*, token: str) -> Roster:
    """Return the roster a share token opens, loaded with its units, or raise Http404."""
    roster_id = Roster.objects.filter(share_token=token).values_list("pk", flat=True).first()
    if roster_id is None:
        raise Http404
    return services.roster_load(roster_id=roster_id)


def roster_unit_owned_get(*, owner: Any, roster_id: int, unit_id: int) -> RosterUnit:
    """Return one unit of the owner's roster, numbered as in the roster, or raise Http404."""
    unit = (
        RosterUnit.objects.select_related(
            "roster__faction", "roster__detachment", "roster__release", "datasheet", "enhancement"
        )
        .prefetch_related("options")
        .filter(pk=unit_id, roster_id=roster_id, roster__owner=owner)
        .first()
    )
    if unit is None:
        raise Http404
    return roster_unit_numbered(unit=unit)


def roster_unit_numbered(*, unit: RosterUnit) -> RosterUnit:
    """Set the unit's api_position: its place from 1 in its roster's list order."""
    order = list(RosterUnit.objects.filter(roster_id=unit.roster_id).values_list("pk", flat=True))
    if unit.pk not in order:
        # Removed, or its roster deleted, by another request since the unit was read.
        raise Http404
    unit.api_position = order.index(unit.pk) + 1  # type: ignore[attr-defined]
    return unit


def declaration_list(*, roster: Roster) -> QuerySet[Declaration]:
    return Declaration.objects.filter(roster=roster).order_by("name", "id")


def declaration_owned_get(*, owner: Any, roster_id: int, declaration_id: int) -> Declaration:
    declaration = (
        Declaration.objects.select_related("roster")
        .filter(pk=declaration_id, roster_id=roster_id, roster__owner=owner)
        .first()
    )
    if declaration is None:
        raise Http404
    return declaration
