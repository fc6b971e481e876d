"""Catalogue rows that POST /api/validate/ reads, kept warm in the server process.

A hand-written roster names a faction, a detachment, a release and a few datasheets and
enhancements. Loading them afresh costs a dozen queries per call; here each row is loaded
once (with the prefetches rosters.services.draft_to_core reads) and shared by later calls,
as are the release's prices for a whole faction and army_faction_rules' answer, which
draft_to_core takes instead of querying. Rows and answers are only read, never changed,
so sharing them is safe.

Freshness: a catalogue change in this process is seen at once (freshness.generation()
moves, at no query's cost); a change made by another process is seen within
MAX_AGE_SECONDS, when the whole cache is dropped and rebuilt on demand.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from django.db.models import Prefetch

from armybuilder.catalogue.freshness import generation
from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    PointsRelease,
    TransportPool,
)
from rosters import services
from rosters.formats.text_import.index import CatalogueIndex, catalogue_index

MAX_AGE_SECONDS: Final = 5.0


@dataclass
class WarmCatalogue:
    built: float
    generation: int
    index: CatalogueIndex
    current_release: PointsRelease | None
    releases: dict[int, PointsRelease] = field(default_factory=dict)
    release_names: dict[str, PointsRelease | None] = field(default_factory=dict)
    factions: dict[int, Faction] = field(default_factory=dict)
    detachments: dict[int, Detachment] = field(default_factory=dict)
    datasheets: dict[int, Datasheet] = field(default_factory=dict)
    enhancements: dict[int, Enhancement] = field(default_factory=dict)
    prices: dict[tuple[int, int], services.ReleasePrices] = field(default_factory=dict)
    faction_rules: dict[int, services.FactionRules] = field(default_factory=dict)

    def release_by_id(self, pk: int) -> PointsRelease | None:
        if pk not in self.releases:
            found = PointsRelease.objects.published().filter(pk=pk).first()
            if found is None:
                return None
            self.releases[pk] = found
        return self.releases[pk]

    def release_by_name(self, name: str) -> PointsRelease | None:
        key = name.casefold()
        if key not in self.release_names:
            self.release_names[key] = (
                PointsRelease.objects.published().filter(name__iexact=name).first()
            )
        return self.release_names[key]

    def faction(self, pk: int) -> Faction:
        """Return the faction with its ancestors and every ally rule loaded."""
        if pk not in self.factions:
            self.factions[pk] = (
                Faction.objects.select_related("parent__parent__parent")
                .prefetch_related("ally_rules", "parent__ally_rules", "parent__parent__ally_rules")
                .get(pk=pk)
            )
        return self.factions[pk]

    def detachment(self, pk: int) -> Detachment:
        if pk not in self.detachments:
            self.detachments[pk] = (
                Detachment.objects.select_related("faction")
                .prefetch_related("required", "forbidden", "battleline")
                .get(pk=pk)
            )
        return self.detachments[pk]

    def datasheets_get(self, ids: Iterable[int]) -> dict[int, Datasheet]:
        """Return datasheets with the transport pools and leads the rules core reads."""
        missing = set(ids) - set(self.datasheets)
        if missing:
            self.datasheets.update(
                Datasheet.objects.prefetch_related(
                    Prefetch(
                        "transport_pools", queryset=TransportPool.objects.order_by("position")
                    ),
                    Prefetch("leads", queryset=Datasheet.objects.only("id", "name")),
                ).in_bulk(missing)
            )
        return self.datasheets

    def faction_prices(self, release: PointsRelease, faction_id: int) -> services.ReleasePrices:
        """Return the release's prices of everything the faction may field or take."""
        key = (release.pk, faction_id)
        if key not in self.prices:
            detachment_ids = [e.id for e in self.index.detachments(faction_id).entries]
            self.prices[key] = services.release_prices(
                release=release,
                datasheet_ids={e.id for e in self.index.datasheets(faction_id).entries},
                enhancement_ids={e.id for e in self.index.enhancements(detachment_ids).entries},
            )
        return self.prices[key]

    def army_faction_rules(self, faction_id: int) -> services.FactionRules:
        if faction_id not in self.faction_rules:
            self.faction_rules[faction_id] = services.army_faction_rules(
                faction=self.faction(faction_id)
            )
        return self.faction_rules[faction_id]

    def enhancements_get(self, ids: Iterable[int]) -> dict[int, Enhancement]:
        missing = set(ids) - set(self.enhancements)
        if missing:
            self.enhancements.update(
                Enhancement.objects.select_related("detachment").in_bulk(missing)
            )
        return self.enhancements


_lock = threading.Lock()
_warm: WarmCatalogue | None = None


def warm_catalogue() -> WarmCatalogue:
    """Return the warm catalogue, rebuilding it when it is older than MAX_AGE_SECONDS."""
    global _warm
    now = time.monotonic()
    with _lock:
        stale = _warm is None or _warm.generation != generation()
        if stale or now - _warm.built > MAX_AGE_SECONDS:
            _warm = WarmCatalogue(
                built=now,
                generation=generation(),
                index=catalogue_index(),
                current_release=PointsRelease.objects.filter(is_current=True).first(),
            )
        return _warm


def warm_catalogue_clear(**_: object) -> None:
    """Drop the warm catalogue; the next call rebuilds it."""
    global _warm
    with _lock:
        _warm = None
