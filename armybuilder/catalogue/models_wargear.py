"""Wargear across the monthly BSData history: former option names and older loadouts.

The history import (``importers/bsdata_history.py``) writes both; the text importer reads
them through the accessors below, which take no database query of their own beyond one
``values_list`` each, so an index build can hold their results.

- ``FormerOptionName``: a name a wargear option of a datasheet had in older data under the
  same BSData id ("Berserker chainblade", now "Chainblade"), with the option's name in the
  final data. ``former_option_names()`` returns them per datasheet.
- ``WargearVersion``: a datasheet's model types and choice groups (the ``Wargear`` JSON
  shape) as the monthly data stated them between two dates, where that differs from the
  final data (T'au support systems and drones the final data no longer lists, a group that
  changed) or the datasheet is only in older data. ``wargear_versions()`` returns them per
  datasheet and ``wargear_as_of(versions, day)`` picks the one in force on a day (None:
  the final data's ``Wargear`` row applies).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any, NamedTuple

from django.db import models
from django.utils.translation import gettext_lazy as _


class FormerOptionName(models.Model):
    """A name a datasheet's wargear option had in older data under the same BSData id."""

    datasheet = models.ForeignKey(
        "catalogue.Datasheet",
        on_delete=models.CASCADE,
        related_name="former_option_names",
        verbose_name=_("datasheet"),
    )
    # The option's name in the final data, as the Wargear row's groups name it.
    option = models.CharField(_("wargear option"), max_length=150)
    name = models.CharField(_("name"), max_length=150)
    # The date of the latest snapshot that still used the name.
    last_seen = models.DateField(_("last seen"))

    class Meta:
        ordering = ["datasheet", "option", "name"]
        verbose_name = _("former wargear option name")
        verbose_name_plural = _("former wargear option names")
        constraints = [
            models.UniqueConstraint(
                fields=["datasheet", "option", "name"], name="former_option_name_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.option})"


class WargearVersion(models.Model):
    """A datasheet's wargear as the monthly data stated it from ``since`` until ``until``
    (exclusive), where it differs from the final data's ``Wargear`` row."""

    datasheet = models.ForeignKey(
        "catalogue.Datasheet",
        on_delete=models.CASCADE,
        related_name="wargear_versions",
        verbose_name=_("datasheet"),
    )
    since = models.DateField(_("since"))
    until = models.DateField(_("until"))
    model_types = models.JSONField(_("model types"), default=list, blank=True)
    fill = models.CharField(_("extra models go to"), max_length=150, blank=True)

    class Meta:
        ordering = ["datasheet", "since"]
        verbose_name = _("older wargear")
        verbose_name_plural = _("older wargear")
        constraints = [
            models.UniqueConstraint(fields=["datasheet", "since"], name="wargear_version_since"),
        ]

    def __str__(self) -> str:
        return f"{self.datasheet_id}: {self.since} - {self.until}"


class Version(NamedTuple):
    since: date
    until: date
    # The Wargear JSON shape: model_types as stored, and the fill type.
    model_types: list[dict[str, Any]]
    fill: str


def former_option_names() -> dict[int, dict[str, str]]:
    """Datasheet id -> {former option name: the option's name in the final data}.

    A former name that is also an option's current name on the same datasheet is left
    out (the import never stores one); names are as BSData wrote them (fold them to match).
    """
    found: dict[int, dict[str, str]] = defaultdict(dict)
    for sheet, option, name in FormerOptionName.objects.order_by("-last_seen").values_list(
        "datasheet_id", "option", "name"
    ):
        found[sheet].setdefault(name, option)
    return dict(found)


def wargear_versions() -> dict[int, tuple[Version, ...]]:
    """Datasheet id -> its older wargear, oldest first."""
    found: dict[int, list[Version]] = defaultdict(list)
    for sheet, since, until, model_types, fill in WargearVersion.objects.order_by(
        "datasheet_id", "since"
    ).values_list("datasheet_id", "since", "until", "model_types", "fill"):
        found[sheet].append(Version(since, until, model_types, fill))
    return {sheet: tuple(rows) for sheet, rows in found.items()}


def wargear_as_of(versions: tuple[Version, ...], day: date | None) -> Version | None:
    """The older wargear in force on ``day``; None where the final data's applies.

    A month whose data gives the datasheet as one model without any wargear (a stub: the
    unit named as a single model, "Kasrkin" or "Death Korps of Krieg" in July 2023) states
    no loadout at all: the data nearest after it applies, the next month's (August 2023's
    Krieg, whose weapon options the final data changed), else the final data's. A month
    that names the model types and their counts without wargear (Custodian Guard in August
    2023) is that month's data still.
    """
    if day is None:
        return None
    for at, version in enumerate(versions):
        if version.since <= day < version.until:
            if not stub(version):
                return version
            # Versions are kept only where they differ from the final data, so a month
            # with none right after the stub is the final data's.
            later = [v for v in versions[at + 1 :] if not stub(v)]
            if later and later[0].since == version.until:
                return later[0]
            return None
    return None


def wargear_day(*, day: date, following: date | None, recorded: bool) -> date:
    """The day whose wargear checks a datasheet in an older release: the release's own, or,
    for a datasheet the release does not record (Death Korps of Krieg in July 2023, a stub
    of that month), the next release's, from which it is priced and offered too."""
    if not recorded and following is not None:
        return following
    return day


def stub(version: Version) -> bool:
    """Tell a month whose data has the unit as one model of its own name, no wargear."""
    kinds = version.model_types
    return len(kinds) == 1 and not kinds[0].get("groups") and int(kinds[0].get("max") or 0) <= 1
