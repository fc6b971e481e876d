"""The rows the builder page shows, as plain values: a unit's row with its choices, and a
picker entry. ``builder.py`` fills them, ``builder_markup.py`` writes them as HTML."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe

from armybuilder.catalogue.models import DetachmentUpgrade, Enhancement, OptionPrice
from armybuilder.rules import model as core
from armybuilder.rules.context import EPIC_HERO
from rosters.models import RosterUnit


@dataclass(frozen=True)
class EnhancementChoice:
    enhancement: Enhancement
    points: int
    problem: str = ""


@dataclass(frozen=True)
class UpgradeChoice:
    """A detachment upgrade this unit may take (or has taken), with its price."""

    upgrade: DetachmentUpgrade
    points: int
    taken: bool


@dataclass(frozen=True)
class OptionChoice:
    """A priced option of the unit's datasheet: how many it takes, and at most."""

    price: OptionPrice
    count: int

    @property
    def counts(self) -> range:
        return range(0, self.price.max_count + 1)


@dataclass
class UnitRow:
    unit: RosterUnit
    points: int
    model_counts: list[int]
    urls: dict[str, str]
    codes: list[str] = field(default_factory=list)
    enhancements: list[EnhancementChoice] = field(default_factory=list)
    # Why no enhancement can go on this unit at all, e.g. an Epic Hero.
    enhancement_refusal: str = ""
    upgrades: list[UpgradeChoice] = field(default_factory=list)
    options: list[OptionChoice] = field(default_factory=list)

    @property
    def taken_upgrade(self) -> DetachmentUpgrade | None:
        return next((c.upgrade for c in self.upgrades if c.taken), None)

    # The wargear panel (empty where the datasheet states no model types) and its summary.
    wargear: SafeString = field(default_factory=lambda: mark_safe(""))
    wargear_summary: str = ""

    @property
    def flagged(self) -> bool:
        return bool(self.codes)

    @property
    def refusals(self) -> list[EnhancementChoice]:
        """The enhancements this character cannot take, each with the core's reason; none
        once it has its enhancement, when the reasons for the others are only noise."""
        if self.unit.enhancement_id:
            return []
        return [choice for choice in self.enhancements if choice.problem]


@dataclass(frozen=True)
class PickerSheet:
    """A datasheet as the picker lists it; cached per faction while the catalogue stands."""

    pk: int
    name: str
    legends: bool
    facts: core.Datasheet
    # Escaped once when cached: the picker prints them on every page view.
    name_html: str
    search_html: str
    keywords_html: str


@dataclass(frozen=True)
class PickerEntry:
    sheet: PickerSheet
    brackets_html: str
    count: int
    limit: int

    @property
    def full(self) -> bool:
        return self.count >= self.limit

    @property
    def epic_hero(self) -> bool:
        return self.sheet.facts.has(EPIC_HERO)
