"""A played battle: its two sides, their units as priced when recorded, VP and end states.

A side's units are copied from the roster when the battle is recorded, so later changes
to the roster (or its prices) never rewrite a battle already played.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from armybuilder.rules import model as core
from armybuilder.rules.scoring import SCORING_PROFILES, UnitState
from rosters.language import translated
from rosters.models import Declaration, Roster, battle_size_members

CUSTOM = "custom"


# The core's battle sizes (as a roster's), and a size of the players' own points.
BattleSize = models.TextChoices(  # type: ignore[call-overload]
    "BattleSize", [*battle_size_members(), ("CUSTOM", (CUSTOM, _("Custom points size")))]
)


BATTLE_SIZE_POINTS = {size.value: size.points for size in core.BattleSize}

SCORING_PROFILE_CHOICES = [(name, _(p.title)) for name, p in SCORING_PROFILES.items()]
# The core's labels are Messages; lazy, so a form or the admin shows them in the reader's language.
STATE_CHOICES = [(state.value, lazy(translated, str)(state.label)) for state in UnitState]


class Battle(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="battles"
    )
    battle_size = models.CharField(
        max_length=20, choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    custom_points = models.PositiveIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )
    scoring_profile = models.CharField(
        max_length=20, choices=SCORING_PROFILE_CHOICES, default="only-war-10"
    )
    victory_level = models.BooleanField(default=False)
    played_on = models.DateField()
    notes = models.TextField(blank=True)
    share_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-played_on", "-id"]

    def __str__(self) -> str:
        return _("Battle {number} ({played_on})").format(number=self.pk, played_on=self.played_on)

    @property
    def points(self) -> int:
        if self.battle_size == CUSTOM:
            return self.custom_points or 0
        return BATTLE_SIZE_POINTS[self.battle_size]

    @property
    def size_label(self) -> str:
        """The size as said once: "Strike Force (2000 pts)", or a custom size with its points."""
        label = str(self.get_battle_size_display())  # type: ignore[attr-defined]
        if self.battle_size != CUSTOM:
            return label
        return _("{size} ({points} pts)").format(size=label, points=self.points)


class BattleSide(models.Model):
    """One side: index 0 is the owner's roster, index 1 the opponent."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=150)
    faction = models.CharField(max_length=150, blank=True)
    points = models.PositiveIntegerField(default=0)
    # The roster this side played, while it exists; its units are copied below.
    roster = models.ForeignKey(
        Roster, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    declaration = models.ForeignKey(
        Declaration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # VP by battle round: {"2": 3, ...}.
    round_vp = models.JSONField(default=dict, blank=True)
    secondaries = models.JSONField(default=list, blank=True)
    painted = models.BooleanField(default=False)
    army_destroyed = models.BooleanField(default=False)

    class Meta:
        ordering = ["battle", "index"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "index"], name="battle_side_unique_index")
        ]

    def __str__(self) -> str:
        return self.name


class BattleUnit(models.Model):
    side = models.ForeignKey(BattleSide, on_delete=models.CASCADE, related_name="units")
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=150)
    # What the roster priced the unit at when the battle was recorded.
    points = models.PositiveIntegerField(default=0)
    models_count = models.PositiveSmallIntegerField("models", default=1)
    can_be_damaged = models.BooleanField(default=False)
    state = models.CharField(max_length=20, choices=STATE_CHOICES, default=UnitState.INTACT.value)

    class Meta:
        ordering = ["side", "position", "id"]

    def __str__(self) -> str:
        return self.name
