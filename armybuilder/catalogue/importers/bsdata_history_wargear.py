"""Wargear across the monthly snapshots, for the history import: former option names and
the older loadouts that differ from the final data (no database here).

A wargear option keeps its BSData id when BSData renames it (``ParsedWargear.option_ids``
holds the ids each option is read from), so a name seen under an id that the same
datasheet's final option is read from is a former name of that option. A datasheet's
model types and groups as each snapshot states them become ``WargearVersion`` rows: one
per run of consecutive snapshots that state the same thing, and only where that differs
from the final data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

# The Wargear columns an older loadout keeps (weapons and abilities stay the final ones).
VERSION_FIELDS = ("model_types", "fill")


def _key(wargear: Mapping[str, Any] | None) -> str:
    if not wargear:
        return ""
    return json.dumps([wargear.get(name) for name in VERSION_FIELDS], sort_keys=True)


@dataclass
class _Run:
    key: str
    since: date
    until: date
    values: dict[str, Any]


@dataclass
class WargearHistory:
    """Collects, newest snapshot first, what ``_write_history`` syncs into the tables."""

    # Datasheet id -> BSData id -> the option's final name; and its final option names.
    final_ids: dict[int, dict[str, str]] = field(default_factory=dict)
    final_names: dict[int, set[str]] = field(default_factory=dict)
    final_keys: dict[int, str] = field(default_factory=dict)
    # (datasheet id, final option name, former name) -> the newest day it was seen.
    former: dict[tuple[int, str, str], date] = field(default_factory=dict)
    _open: dict[int, _Run] = field(default_factory=dict)
    _closed: list[tuple[int, _Run]] = field(default_factory=list)

    def final(self, pk: int, wargear: Mapping[str, Any] | None) -> None:
        """Record the final data's wargear of a datasheet row."""
        if not wargear or pk in self.final_keys:
            return
        self.final_keys[pk] = _key(wargear)
        ids = self.final_ids.setdefault(pk, {})
        for name, option_ids in wargear.get("option_ids", {}).items():
            for option_id in option_ids:
                ids.setdefault(option_id, name)
        self.final_names[pk] = set(wargear.get("option_ids", {}))

    def snapshot(self, pk: int, day: date, until: date, wargear: Mapping[str, Any] | None) -> None:
        """Record what the snapshot of ``day`` (in force until ``until``) says of a row; a
        snapshot that states no wargear for it is read as a stub (Death Korps of Krieg of
        July 2023: an upgrade with a cost and no models)."""
        if not wargear:
            self.stub(pk, day, until)
            return
        self._renames(pk, day, wargear)
        key = _key(wargear)
        run = self._open.get(pk)
        if run is not None and run.since == day:
            return  # the same datasheet twice in one snapshot (another faction's view)
        if key == self.final_keys.get(pk):
            self._close(pk)
            return
        if run is not None and run.key == key and run.since == until:
            run.since = day
            return
        self._close(pk)
        values = {name: wargear.get(name) for name in VERSION_FIELDS}
        self._open[pk] = _Run(key, day, until, values)

    def stub(self, pk: int, day: date, until: date) -> None:
        """Record a snapshot that states a row as a stub (a name and one cost, no models):
        the next snapshot's wargear, where it differs from the final data, holds for it
        too, as its prices do; else the final data's does."""
        run = self._open.get(pk)
        if run is not None and run.since == until:
            run.since = day

    def _renames(self, pk: int, day: date, wargear: Mapping[str, Any]) -> None:
        ids = self.final_ids.get(pk, {})
        current = self.final_names.get(pk, set())
        for name, option_ids in wargear.get("option_ids", {}).items():
            if name in current:
                continue
            for option_id in option_ids:
                final = ids.get(option_id)
                if final is not None and final.casefold() != name.casefold():
                    self.former.setdefault((pk, final[:150], name[:150]), day)

    def _close(self, pk: int) -> None:
        run = self._open.pop(pk, None)
        if run is not None:
            self._closed.append((pk, run))

    def versions(self) -> dict[tuple[int, date], dict[str, Any]]:
        """The WargearVersion rows: (datasheet id, since) -> until, model_types, fill."""
        for pk in list(self._open):
            self._close(pk)
        return {(pk, run.since): {"until": run.until, **run.values} for pk, run in self._closed}

    def former_names(self) -> dict[tuple[int, str, str], dict[str, Any]]:
        """The FormerOptionName rows: (datasheet id, option, name) -> last_seen."""
        return {key: {"last_seen": day} for key, day in self.former.items()}
