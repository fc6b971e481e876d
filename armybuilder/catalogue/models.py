"""The game data: factions, datasheets, detachments, enhancements and points releases.

Facts only (names, keywords, model counts, points, leader and transport facts), never
rules prose.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

# What the game allows, with room to spare: the dearest 10th-edition unit costs 3,500
# points and the largest unit has 22 models. Anything beyond is a typing slip or an attack.
MAX_POINTS = 10_000
MAX_PRICED_MODELS = 200
POINTS_VALIDATORS = [MinValueValidator(0), MaxValueValidator(MAX_POINTS)]


class WarlordRule(models.TextChoices):
    MAY = "may", _("May be Warlord")
    MUST = "must", _("Must be Warlord")
    CANNOT = "cannot", _("Cannot be Warlord")


def last_release_field() -> models.ForeignKey[PointsRelease | None]:
    """The newest release that had a row the latest data no longer has (the dated-release
    history); null for a row the latest data has."""
    return models.ForeignKey(
        "PointsRelease",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("last release"),
    )


class FactionQuerySet(models.QuerySet["Faction"]):
    def offered(self) -> FactionQuerySet:
        """The factions a new roster may take: not those only older data has (Ynnari),
        which are read from dated lists alone."""
        return self.filter(last_release__isnull=True)


class Faction(models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    # The Faction keyword its own units carry, e.g. ADEPTUS ASTARTES or SPACE WOLVES.
    keyword = models.CharField(_("keyword"), max_length=100)
    parent = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="children",
        verbose_name=_("parent faction"),
    )
    grand_alliance = models.CharField(_("grand alliance"), max_length=40, blank=True)
    # Every datasheet a roster of this faction may include, with allies flagged.
    datasheets: models.ManyToManyField[Datasheet, Availability] = models.ManyToManyField(
        "Datasheet",
        through="Availability",
        related_name="available_to",
        blank=True,
        verbose_name=_("datasheets"),
    )
    source_file = models.CharField(_("source file"), max_length=200, blank=True)
    # Set only for a faction the latest data no longer has (Ynnari: a library since March
    # 2025); lists dated up to that release are still read as that faction.
    last_release = last_release_field()

    objects = FactionQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("faction")
        verbose_name_plural = _("factions")

    def __str__(self) -> str:
        return self.name

    def root(self) -> Faction:
        faction = self
        while faction.parent_id is not None:
            faction = faction.parent  # type: ignore[assignment]
        return faction


class Datasheet(models.Model):
    faction = models.ForeignKey(
        Faction, on_delete=models.PROTECT, related_name="own_datasheets", verbose_name=_("faction")
    )
    name = models.CharField(_("name"), max_length=150)
    slug = models.SlugField(_("slug"), max_length=160)
    # Upper-case keywords, sorted; faction keywords kept apart as the data does.
    keywords = models.JSONField(_("keywords"), default=list, blank=True)
    faction_keywords = models.JSONField(_("faction keywords"), default=list, blank=True)
    min_models = models.PositiveSmallIntegerField(
        _("fewest models"), default=1, validators=[MinValueValidator(1)]
    )
    max_models = models.PositiveSmallIntegerField(
        _("most models"), default=1, validators=[MinValueValidator(1)]
    )
    limit = models.PositiveSmallIntegerField(
        _("limit"),
        null=True,
        blank=True,
        help_text=_("Per-army limit where the data overrides the Rule of Three."),
    )
    legends = models.BooleanField(_("Legends"), default=False)
    deep_strike = models.BooleanField(
        _("Deep Strike"), default=False, help_text=_("Every model in the unit has Deep Strike.")
    )
    hover = models.BooleanField(
        _("hover"), default=False, help_text=_("An AIRCRAFT that can use hover mode.")
    )
    conditional_abilities = models.JSONField(
        _("conditional abilities"),
        default=list,
        blank=True,
        help_text=_("Abilities (e.g. Deep Strike) only some models or wargear options give."),
    )
    power = models.PositiveSmallIntegerField(_("power rating"), null=True, blank=True)
    warlord = models.CharField(
        _("Warlord"), max_length=6, choices=WarlordRule.choices, default=WarlordRule.MAY
    )
    leads = models.ManyToManyField(
        "self",
        symmetrical=False,
        related_name="led_by",
        blank=True,
        verbose_name=_("leads"),
        help_text=_("Bodyguard datasheets this Leader may join."),
    )
    extra_leaders = models.PositiveSmallIntegerField(
        _("extra Leaders"),
        default=0,
        help_text=_("As a Bodyguard: Leaders accepted beyond the first."),
    )
    joins_led_unit = models.BooleanField(
        _("joins a led unit"),
        default=False,
        help_text=_("As a Leader: may join a unit that already has a Leader."),
    )
    source_id = models.CharField(_("source id"), max_length=100, blank=True, db_index=True)
    review_note = models.TextField(
        _("review note"),
        blank=True,
        help_text=_("What the importer could not express; for an admin to finish."),
    )
    # Set only for a datasheet the latest data no longer has (the dated-release history).
    last_release = last_release_field()

    class Meta:
        ordering = ["name"]
        verbose_name = _("datasheet")
        verbose_name_plural = _("datasheets")
        constraints = [
            models.UniqueConstraint(fields=["faction", "name"], name="datasheet_unique_name"),
            models.UniqueConstraint(fields=["faction", "slug"], name="datasheet_unique_slug"),
            models.CheckConstraint(
                condition=Q(min_models__lte=models.F("max_models")),
                name="datasheet_min_le_max",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Availability(models.Model):
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, verbose_name=_("faction"))
    datasheet = models.ForeignKey(Datasheet, on_delete=models.CASCADE, verbose_name=_("datasheet"))
    # Allied units come in under an AllyRule of the army's faction.
    ally = models.ForeignKey(
        "AllyRule",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("ally rule"),
    )

    class Meta:
        verbose_name = _("availability")
        verbose_name_plural = _("availabilities")
        constraints = [
            models.UniqueConstraint(fields=["faction", "datasheet"], name="availability_unique")
        ]

    def __str__(self) -> str:
        return f"{self.datasheet} in {self.faction}"


class AllyRule(models.Model):
    """Units of another faction keyword an army may include, up to a points cap."""

    faction = models.ForeignKey(
        Faction, on_delete=models.CASCADE, related_name="ally_rules", verbose_name=_("faction")
    )
    keyword = models.CharField(_("keyword"), max_length=100)
    label = models.CharField(_("label"), max_length=150, blank=True)
    points_cap = models.PositiveIntegerField(_("points cap"), null=True, blank=True)

    class Meta:
        verbose_name = _("ally rule")
        verbose_name_plural = _("ally rules")
        constraints = [
            models.UniqueConstraint(fields=["faction", "keyword"], name="ally_rule_unique")
        ]

    def __str__(self) -> str:
        return f"{self.faction}: allied {self.keyword}"


class ArmyLimit(models.Model):
    """A minimum or maximum the data states at army scope, with its conditions, as data.

    The rules core reads it as a Limit (rules/model.py): ``subject`` and each condition's
    ``units`` select units by datasheet names and keywords ({"datasheets": [...],
    "keywords": [...], "without": [...]}); ``steps`` are BattleScribe's "set" modifiers in
    order, each {"value": int or null, "reason": str, "clauses": [[condition, ...], ...]}, a
    condition being {"units", "at_least", "at_most", "detachments", "battle_sizes",
    "matched_play"} with absent keys meaning "any".
    """

    class Code(models.TextChoices):
        ALLIED_UNITS = "ALLIED_UNITS", _("Allied units")
        CATALOGUE_LIMIT = "CATALOGUE_LIMIT", _("Catalogue limit")
        DETACHMENT_UPGRADE = "DETACHMENT_UPGRADE", _("Detachment upgrade")

    faction = models.ForeignKey(
        Faction, on_delete=models.CASCADE, related_name="army_limits", verbose_name=_("faction")
    )
    code = models.CharField(_("code"), max_length=20, choices=Code.choices)
    label = models.CharField(_("label"), max_length=150)
    subject = models.JSONField(_("subject"), default=dict, blank=True)
    maximum = models.IntegerField(_("maximum"), null=True, blank=True)
    minimum = models.IntegerField(_("minimum"), null=True, blank=True)
    points = models.BooleanField(
        _("points"), default=False, help_text=_("Counts points, not units.")
    )
    steps = models.JSONField(_("steps"), default=list, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    source_id = models.CharField(_("source id"), max_length=100, blank=True, db_index=True)

    class Meta:
        ordering = ["faction", "label", "id"]
        verbose_name = _("army limit")
        verbose_name_plural = _("army limits")

    def __str__(self) -> str:
        return f"{self.faction}: {self.label}"


class TransportPool(models.Model):
    """One block of a transport's capacity, e.g. 12 INFANTRY models."""

    datasheet = models.ForeignKey(
        Datasheet,
        on_delete=models.CASCADE,
        related_name="transport_pools",
        verbose_name=_("datasheet"),
    )
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    capacity = models.PositiveSmallIntegerField(_("capacity"))
    # Alternatives: a passenger needs every keyword of at least one list.
    allowed = models.JSONField(_("allowed keywords"), default=list, blank=True)
    forbidden = models.JSONField(_("forbidden keywords"), default=list, blank=True)
    # Keyword -> spaces one such model takes.
    space = models.JSONField(_("spaces per model"), default=dict, blank=True)
    only_datasheets = models.JSONField(_("only these datasheets"), default=list, blank=True)
    complete = models.BooleanField(
        _("complete"),
        default=True,
        help_text=_("False where the capacity text said more than these fields hold."),
    )
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["datasheet", "position"]
        verbose_name = _("transport capacity")
        verbose_name_plural = _("transport capacities")

    def __str__(self) -> str:
        return f"{self.datasheet}: {self.capacity} models"


class Detachment(models.Model):
    faction = models.ForeignKey(
        Faction, on_delete=models.PROTECT, related_name="detachments", verbose_name=_("faction")
    )
    name = models.CharField(_("name"), max_length=150)
    required = models.ManyToManyField(
        Datasheet, related_name="required_by", blank=True, verbose_name=_("required datasheets")
    )
    forbidden = models.ManyToManyField(
        Datasheet, related_name="forbidden_by", blank=True, verbose_name=_("forbidden datasheets")
    )
    battleline = models.ManyToManyField(
        Datasheet,
        related_name="battleline_in",
        blank=True,
        verbose_name=_("Battleline datasheets"),
        help_text=_("Datasheets that gain BATTLELINE in this detachment."),
    )
    hidden_for = models.ManyToManyField(
        Faction,
        related_name="hidden_detachments",
        blank=True,
        verbose_name=_("hidden for"),
        help_text=_(
            "Descendant factions (chapters) that inherit this detachment but may not use it."
        ),
    )
    source_id = models.CharField(_("source id"), max_length=100, blank=True, db_index=True)
    # Set only for a detachment the latest data no longer has (the dated-release history).
    last_release = last_release_field()

    class Meta:
        ordering = ["faction", "name"]
        verbose_name = _("detachment")
        verbose_name_plural = _("detachments")
        constraints = [
            models.UniqueConstraint(fields=["faction", "name"], name="detachment_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class Enhancement(models.Model):
    detachment = models.ForeignKey(
        Detachment,
        on_delete=models.CASCADE,
        related_name="enhancements",
        verbose_name=_("detachment"),
    )
    name = models.CharField(_("name"), max_length=150)
    # Alternatives: the bearer needs every keyword of at least one list; empty means any.
    required_keywords = models.JSONField(_("required keywords"), default=list, blank=True)
    source_id = models.CharField(_("source id"), max_length=100, blank=True, db_index=True)
    # Set only for an enhancement the latest data no longer has (the dated-release history).
    last_release = last_release_field()

    class Meta:
        ordering = ["detachment", "name"]
        verbose_name = _("enhancement")
        verbose_name_plural = _("enhancements")
        constraints = [
            models.UniqueConstraint(fields=["detachment", "name"], name="enhancement_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class DetachmentUpgrade(models.Model):
    """A priced upgrade a detachment offers to some units (not an enhancement).

    E.g. Pantheon of Woe's C'tan powers: each goes on the datasheets its rows name, at
    least ``minimum`` and at most ``maximum`` times per unit, and only in that detachment.
    """

    detachment = models.ForeignKey(
        Detachment, on_delete=models.CASCADE, related_name="upgrades", verbose_name=_("detachment")
    )
    name = models.CharField(_("name"), max_length=150)
    datasheets: models.ManyToManyField[Datasheet, DetachmentUpgradeUnit] = models.ManyToManyField(
        Datasheet,
        through="DetachmentUpgradeUnit",
        related_name="detachment_upgrades",
        verbose_name=_("datasheets"),
    )
    source_id = models.CharField(_("source id"), max_length=100, blank=True, db_index=True)

    class Meta:
        ordering = ["detachment", "name"]
        verbose_name = _("detachment upgrade")
        verbose_name_plural = _("detachment upgrades")
        constraints = [
            models.UniqueConstraint(
                fields=["detachment", "name"], name="detachment_upgrade_unique_name"
            )
        ]

    def __str__(self) -> str:
        return self.name


class DetachmentUpgradeUnit(models.Model):
    """A datasheet that may take a detachment upgrade, and how often per unit."""

    upgrade = models.ForeignKey(
        DetachmentUpgrade,
        on_delete=models.CASCADE,
        related_name="units",
        verbose_name=_("detachment upgrade"),
    )
    datasheet = models.ForeignKey(
        Datasheet, on_delete=models.CASCADE, related_name="+", verbose_name=_("datasheet")
    )
    minimum = models.PositiveSmallIntegerField(
        _("minimum"),
        default=0,
        help_text=_("1 where the detachment makes the upgrade compulsory."),
    )
    maximum = models.PositiveSmallIntegerField(
        _("maximum"), default=1, validators=[MinValueValidator(1)]
    )

    class Meta:
        ordering = ["upgrade", "datasheet"]
        verbose_name = _("unit that may take an upgrade")
        verbose_name_plural = _("units that may take an upgrade")
        constraints = [
            models.UniqueConstraint(
                fields=["upgrade", "datasheet"], name="detachment_upgrade_unit_unique"
            ),
            models.CheckConstraint(
                condition=Q(minimum__lte=models.F("maximum")),
                name="detachment_upgrade_unit_min_le_max",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.upgrade} on {self.datasheet}"


class PointsReleaseQuerySet(models.QuerySet["PointsRelease"]):
    def current(self) -> PointsRelease:
        return self.get(is_current=True)

    def published(self) -> PointsReleaseQuerySet:
        """The releases players may see; drafts stay with the staff until published."""
        return self.filter(is_published=True)


class PointsRelease(models.Model):
    name = models.CharField(_("name"), max_length=150, unique=True)
    published = models.DateField(_("date"))
    notes = models.TextField(_("notes"), blank=True)
    is_current = models.BooleanField(_("current"), default=False)
    # A copy starts as a draft; publishing it makes it current and public for good.
    is_published = models.BooleanField(
        _("published"), default=True, help_text=_("Drafts are seen by staff only.")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords()

    objects = PointsReleaseQuerySet.as_manager()

    class Meta:
        ordering = ["-published", "-id"]
        verbose_name = _("points release")
        verbose_name_plural = _("points releases")
        permissions = [("edit_points", "Can edit points releases and their prices")]
        constraints = [
            models.UniqueConstraint(
                fields=["is_current"], condition=Q(is_current=True), name="one_current_release"
            ),
            models.CheckConstraint(
                condition=Q(is_current=False) | Q(is_published=True),
                name="current_release_is_published",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class UnitPrice(models.Model):
    """What a datasheet costs at one model count under one release."""

    release = models.ForeignKey(
        PointsRelease,
        on_delete=models.CASCADE,
        related_name="unit_prices",
        verbose_name=_("points release"),
    )
    datasheet = models.ForeignKey(
        Datasheet, on_delete=models.CASCADE, related_name="prices", verbose_name=_("datasheet")
    )
    models_count = models.PositiveSmallIntegerField(
        _("models"), validators=[MinValueValidator(1), MaxValueValidator(MAX_PRICED_MODELS)]
    )
    points = models.PositiveIntegerField(_("points"), validators=POINTS_VALIDATORS)
    history = HistoricalRecords()

    class Meta:
        ordering = ["release", "datasheet", "models_count"]
        verbose_name = _("unit price")
        verbose_name_plural = _("unit prices")
        constraints = [
            models.UniqueConstraint(
                fields=["release", "datasheet", "models_count"], name="unit_price_unique"
            ),
            models.CheckConstraint(
                condition=Q(points__lte=MAX_POINTS), name="unit_price_points_bounded"
            ),
            models.CheckConstraint(
                condition=Q(models_count__gte=1, models_count__lte=MAX_PRICED_MODELS),
                name="unit_price_models_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.datasheet}: {self.models_count} models {self.points} pts"


class EnhancementPrice(models.Model):
    release = models.ForeignKey(
        PointsRelease,
        on_delete=models.CASCADE,
        related_name="enhancement_prices",
        verbose_name=_("points release"),
    )
    enhancement = models.ForeignKey(
        Enhancement, on_delete=models.CASCADE, related_name="prices", verbose_name=_("enhancement")
    )
    points = models.PositiveIntegerField(_("points"), validators=POINTS_VALIDATORS)
    history = HistoricalRecords()

    class Meta:
        ordering = ["release", "enhancement"]
        verbose_name = _("enhancement price")
        verbose_name_plural = _("enhancement prices")
        constraints = [
            models.UniqueConstraint(
                fields=["release", "enhancement"], name="enhancement_price_unique"
            ),
            models.CheckConstraint(
                condition=Q(points__lte=MAX_POINTS), name="enhancement_price_points_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.enhancement}: {self.points} pts"


class OptionPrice(models.Model):
    """One of the few priced wargear options or extra models, per release."""

    release = models.ForeignKey(
        PointsRelease,
        on_delete=models.CASCADE,
        related_name="option_prices",
        verbose_name=_("points release"),
    )
    datasheet = models.ForeignKey(
        Datasheet,
        on_delete=models.CASCADE,
        related_name="option_prices",
        verbose_name=_("datasheet"),
    )
    name = models.CharField(_("name"), max_length=150)
    points = models.PositiveIntegerField(_("points"), validators=POINTS_VALIDATORS)
    max_count = models.PositiveSmallIntegerField(
        _("most taken"), default=1, validators=[MaxValueValidator(MAX_PRICED_MODELS)]
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["release", "datasheet", "name"]
        verbose_name = _("option price")
        verbose_name_plural = _("option prices")
        constraints = [
            models.UniqueConstraint(
                fields=["release", "datasheet", "name"], name="option_price_unique"
            ),
            models.CheckConstraint(
                condition=Q(points__lte=MAX_POINTS), name="option_price_points_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.datasheet} {self.name}: {self.points} pts"


class DetachmentUpgradePrice(models.Model):
    release = models.ForeignKey(
        PointsRelease,
        on_delete=models.CASCADE,
        related_name="upgrade_prices",
        verbose_name=_("points release"),
    )
    upgrade = models.ForeignKey(
        DetachmentUpgrade,
        on_delete=models.CASCADE,
        related_name="prices",
        verbose_name=_("detachment upgrade"),
    )
    points = models.PositiveIntegerField(_("points"), validators=POINTS_VALIDATORS)
    history = HistoricalRecords()

    class Meta:
        ordering = ["release", "upgrade"]
        verbose_name = _("detachment upgrade price")
        verbose_name_plural = _("detachment upgrade prices")
        constraints = [
            models.UniqueConstraint(fields=["release", "upgrade"], name="upgrade_price_unique"),
            models.CheckConstraint(
                condition=Q(points__lte=MAX_POINTS), name="upgrade_price_points_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.upgrade}: {self.points} pts"


class ImportReport(models.Model):
    """What one catalogue or points import did, kept for admins to read."""

    class Kind(models.TextChoices):
        BSDATA = "bsdata", _("BattleScribe data")
        XLSX = "xlsx", _("Points workbook")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    release = models.ForeignKey(
        PointsRelease,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
        verbose_name=_("points release"),
    )
    source = models.CharField(_("source"), max_length=300, blank=True)
    dry_run = models.BooleanField(_("dry run"), default=False)
    counts = models.JSONField(_("counts"), default=dict, blank=True)
    unmapped = models.JSONField(_("not mapped"), default=list, blank=True)
    text = models.TextField(_("text"), blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("import report")
        verbose_name_plural = _("import reports")

    def __str__(self) -> str:
        return _("{kind} import {created}").format(
            kind=self.get_kind_display(), created=f"{self.created:%Y-%m-%d %H:%M}"
        )


# -- the dated-release history (issue 16) ---------------------------------------------------


class ReleaseUnitSize(models.Model):
    """The model counts a release allows a datasheet (and its keywords where they differed);
    a release without rows uses the sheet's."""

    release = models.ForeignKey(
        PointsRelease,
        on_delete=models.CASCADE,
        related_name="unit_sizes",
        verbose_name=_("points release"),
    )
    datasheet = models.ForeignKey(
        Datasheet,
        on_delete=models.CASCADE,
        related_name="release_sizes",
        verbose_name=_("datasheet"),
    )
    min_models = models.PositiveSmallIntegerField(
        _("fewest models"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_PRICED_MODELS)],
    )
    max_models = models.PositiveSmallIntegerField(
        _("most models"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_PRICED_MODELS)],
    )
    # The datasheet's keywords as the release's data stated them, where they differ from
    # the datasheet's own (War Dog Stalkers were BATTLELINE until 2025-07); empty: the sheet's.
    keywords = models.JSONField(_("keywords"), default=list, blank=True)

    class Meta:
        ordering = ["release", "datasheet"]
        verbose_name = _("unit size in a release")
        verbose_name_plural = _("unit sizes in a release")
        constraints = [
            models.UniqueConstraint(
                fields=["release", "datasheet"], name="release_unit_size_unique"
            ),
            models.CheckConstraint(
                condition=Q(min_models__gte=1, min_models__lte=models.F("max_models")),
                name="release_unit_size_min_le_max",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.datasheet} under {self.release}: {self.min_models}-{self.max_models}"


class FormerName(models.Model):
    """A name an entity had in older data under the same BSData id, e.g. "Plague Company"."""

    datasheet = models.ForeignKey(
        Datasheet,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="former_names",
        verbose_name=_("datasheet"),
    )
    detachment = models.ForeignKey(
        Detachment,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="former_names",
        verbose_name=_("detachment"),
    )
    enhancement = models.ForeignKey(
        Enhancement,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="former_names",
        verbose_name=_("enhancement"),
    )
    name = models.CharField(_("name"), max_length=150)
    # The date of the latest snapshot that still used the name.
    last_seen = models.DateField(_("last seen"))

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("former name")
        verbose_name_plural = _("former names")
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(datasheet__isnull=False, detachment__isnull=True, enhancement__isnull=True)
                    | Q(datasheet__isnull=True, detachment__isnull=False, enhancement__isnull=True)
                    | Q(datasheet__isnull=True, detachment__isnull=True, enhancement__isnull=False)
                ),
                name="former_name_one_entity",
            ),
            models.UniqueConstraint(fields=["datasheet", "name"], name="former_name_datasheet"),
            models.UniqueConstraint(fields=["detachment", "name"], name="former_name_detachment"),
            models.UniqueConstraint(fields=["enhancement", "name"], name="former_name_enhancement"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.name} (former name of {self.datasheet or self.detachment or self.enhancement})"
        )


class Wargear(models.Model):
    """A datasheet's model types, wargear choices and profiles, as compact JSON facts.

    ``model_types``: one entry per model type, ``{"name", "min", "max", "stats": [M, T, Sv,
    invulnerable save, W, Ld, OC], "groups": [{"name", "options": [...], "min", "max"
    (per model), "default": {option: per model}, "unit_max", "per", "step", "cap"}]}``; a
    group's unit-wide cap is ``unit_max`` plus ``step`` for every ``per`` models in the unit,
    and a ``cap`` group further caps options another group offers (a nested group).
    ``fill`` is the model type extra models go to. ``weapons``: weapon name -> profiles
    ``[kind R|M, name, range, A, BS/WS, S, AP, D, [keywords]]``. ``abilities``: names only.
    Priced wargear is priced by the release's OptionPrice rows of the same name.
    """

    datasheet = models.OneToOneField(
        Datasheet,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="wargear",
        verbose_name=_("datasheet"),
    )
    model_types = models.JSONField(_("model types"), default=list, blank=True)
    fill = models.CharField(_("extra models go to"), max_length=150, blank=True)
    weapons = models.JSONField(_("weapons"), default=dict, blank=True)
    abilities = models.JSONField(_("abilities"), default=list, blank=True)

    class Meta:
        verbose_name = _("wargear")
        verbose_name_plural = _("wargear")

    def __str__(self) -> str:
        return _("{datasheet}: wargear").format(datasheet=self.datasheet)


# Wargear across the monthly history (former option names, older loadouts): kept apart,
# and re-exported ("as" says so to mypy) so that this module names every model.
from .models_wargear import FormerOptionName as FormerOptionName  # noqa: E402
from .models_wargear import WargearVersion as WargearVersion  # noqa: E402
