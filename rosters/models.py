"""The players' side: rosters and the units in them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from armybuilder.catalogue.models import (
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    PointsRelease,
)
from armybuilder.rules import model as core


def _size_label(size: core.BattleSize) -> str:
    """ "Strike Force (2000 pts)": the core's name and points, in the language active now."""
    return translation.gettext("{size} ({points} pts)").format(
        size=size.label.render(translation), points=size.points
    )


def battle_size_members() -> list[tuple[str, tuple[str, Any]]]:
    """The core's battle sizes as (name, (value, label)), the label lazy: choices derive from
    core.BattleSize alone (tests/rosters/test_battle_size_choices.py)."""
    return [(size.name, (size.value, lazy(_size_label, str)(size))) for size in core.BattleSize]


# The core's battle sizes as form and database choices.
BattleSize = models.TextChoices("BattleSize", battle_size_members())  # type: ignore[call-overload]


class Profile(models.TextChoices):
    CORE_10 = "core-10", _("core-10: 10th edition core rules")
    MATCHED_10 = "matched-10", _("matched-10: tournament mission-pack limits")
    NINE_10 = "nine-10", _("nine-10: 9th-edition reserves rule")


class Roster(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rosters"
    )
    name = models.CharField(max_length=150)
    faction = models.ForeignKey(Faction, on_delete=models.PROTECT, related_name="rosters")
    detachment = models.ForeignKey(
        Detachment, null=True, blank=True, on_delete=models.PROTECT, related_name="rosters"
    )
    battle_size = models.CharField(
        max_length=20, choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    profile = models.CharField(max_length=20, choices=Profile.choices, default=Profile.CORE_10)
    release = models.ForeignKey(PointsRelease, on_delete=models.PROTECT, related_name="rosters")
    share_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]

    def __str__(self) -> str:
        return self.name


class RosterUnit(models.Model):
    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="units")
    position = models.PositiveIntegerField(default=0)
    datasheet = models.ForeignKey(Datasheet, on_delete=models.PROTECT, related_name="+")
    models_count = models.PositiveSmallIntegerField("models", validators=[MinValueValidator(1)])
    enhancement = models.ForeignKey(
        Enhancement, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    warlord = models.BooleanField(default=False)
    # The points a pasted list stated for this unit, kept beside our own price.
    stated_points = models.PositiveIntegerField(null=True, blank=True)
    # Wargear per model type, [{"model", "models", "wargear": {option: count}}]; empty
    # means the datasheet's defaults for the model count (armybuilder.rules.wargear).
    wargear = models.JSONField(default=list, blank=True)
    # Wargear lines of an imported list that could not be placed, kept as written:
    # [{"text", "line", "nearest": [names]}] (WARGEAR_UNREAD; exported back as written).
    wargear_unread = models.JSONField(default=list, blank=True)
    # Set by a model-count change: (model type, option, count) it could not keep.
    wargear_dropped: tuple[tuple[str, str, int], ...] = ()

    class Meta:
        ordering = ["roster", "position", "id"]
        constraints = [
            # Services number units under the roster's row lock; this catches any that do not.
            models.UniqueConstraint(fields=["roster", "position"], name="roster_unit_position")
        ]

    def __str__(self) -> str:
        return f"{self.datasheet} ({self.models_count})"


class RosterUnitOption(models.Model):
    unit = models.ForeignKey(RosterUnit, on_delete=models.CASCADE, related_name="options")
    name = models.CharField(max_length=150)
    count = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["unit", "name"], name="roster_unit_option_unique")
        ]

    def __str__(self) -> str:
        return f"{self.count} × {self.name}"


class RosterUnitUpgrade(models.Model):
    """A detachment upgrade a unit takes (e.g. a C'tan power), as often as ``count``."""

    unit = models.ForeignKey(RosterUnit, on_delete=models.CASCADE, related_name="upgrades")
    upgrade = models.ForeignKey(
        "catalogue.DetachmentUpgrade", on_delete=models.CASCADE, related_name="+"
    )
    count = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["unit", "upgrade"]
        constraints = [
            models.UniqueConstraint(fields=["unit", "upgrade"], name="roster_unit_upgrade_unique")
        ]

    def __str__(self) -> str:
        return f"{self.count} × {self.upgrade}"


class Declaration(models.Model):
    """A named battle-formations declaration for a roster, by roster-unit id.

    Ids of units removed since make the declaration stale; the rules core reports them
    (UNKNOWN_UNIT) and never applies them to another unit.
    """

    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="declarations")
    name = models.CharField(max_length=150)
    # Roster-unit ids of hover-capable aircraft using hover mode.
    hover = models.JSONField(default=list, blank=True)
    # [leader id, bodyguard id] pairs.
    attachments = models.JSONField(default=list, blank=True)
    # [passenger id, transport id] pairs.
    embarkations = models.JSONField(default=list, blank=True)
    # Unit id (as text) -> placement value; units not listed start on the battlefield.
    placements = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["roster", "name"]
        constraints = [
            models.UniqueConstraint(fields=["roster", "name"], name="declaration_unique_name")
        ]

    def __str__(self) -> str:
        return f"{self.roster}: {self.name}"


class PlayerSettings(models.Model):
    """What a player chose for themselves, kept across logins: so far, the language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_settings"
    )
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("player settings")
        verbose_name_plural = _("player settings")

    def __str__(self) -> str:
        return f"{self.user} ({self.language})"
