"""What a parser reads from a pasted list, before any name is looked up in the catalogue."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WargearLine:
    """A bulleted "2x Name" line of a unit; ``counted`` when it was read as models."""

    line: int
    count: int
    name: str
    counted: bool = False


@dataclass
class GearLine:
    """One wargear item as the text states it: ``count`` in all across the models of its
    model line (``model`` as written, None where the unit has no model lines)."""

    line: int
    model: str | None
    models: int | None
    count: int
    name: str
    # The line of the model line it belongs to: two model lines of the same name and count
    # ("• 1 Tempestus Scions with ...", twice) are two model lines.
    model_line: int | None = None
    # Read from "Name: items", which may be a note ("Attached as: Leader") rather than a
    # model line: kept only where the datasheet has a model of that name.
    labelled: bool = False


@dataclass
class ParsedUnit:
    """One unit as the text states it; names are still raw text."""

    line: int
    name: str
    stated_points: int | None = None
    models: int | None = None
    # The count came from a "10x Name" prefix or a model line naming the unit itself.
    models_explicit: bool = False
    warlord: bool = False
    enhancement: str | None = None
    enhancement_line: int | None = None
    # WTC-style "Char2" label, used only to break ties when the header names a unit.
    label: str = ""
    # Inline items ("Name [95 pts]: Warlord, Favoured of Khorne, ...") that may name an
    # enhancement in formats that do not mark enhancements.
    items: list[str] = field(default_factory=list)
    # Every bulleted line (models and wargear alike): priced options and detachment
    # upgrades are found among them once the datasheet is known.
    wargear: list[WargearLine] = field(default_factory=list)
    # How many of ``items`` the unit's own line gave (the rest came from its model lines).
    header_items: int = 0
    # Wargear lines under the unit (wargear_lines.gear_lines).
    gear: list[GearLine] = field(default_factory=list)


@dataclass
class Unplaced:
    """A line the parser could not read as part of the list."""

    line: int
    text: str
    reason: str


@dataclass
class ParsedList:
    format: str
    name: str = ""
    # Labelled faction text, e.g. "Chaos - World Eaters"; None where the format has no label.
    faction: str | None = None
    faction_line: int | None = None
    detachment: str | None = None
    detachment_line: int | None = None
    # Other lines naming the detachment, tried when ``detachment`` is not found.
    detachment_alternatives: list[tuple[int, str]] = field(default_factory=list)
    # Unlabelled header lines (official app): super-faction, faction, detachment, others.
    header_lines: list[tuple[int, str]] = field(default_factory=list)
    battle_size: str | None = None
    battle_size_line: int | None = None
    stated_points: int | None = None
    units: list[ParsedUnit] = field(default_factory=list)
    unplaced: list[Unplaced] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class UnreadableList(ValueError):
    """The text is in no format the importer knows; the message lists the supported ones.

    A list written in French is unreadable too, for its names: ``language`` is "fr", and
    ``parsed`` holds what its header says (faction, detachment, points) for the answer;
    ``faction``, ``detachment`` and ``stated_points`` are what could be placed of it.
    """

    def __init__(
        self,
        message: str,
        *,
        language: str = "en",
        parsed: ParsedList | None = None,
        faction: str | None = None,
        detachment: str | None = None,
        stated_points: int | None = None,
    ) -> None:
        super().__init__(message)
        self.language = language
        self.parsed = parsed
        self.faction = faction
        self.detachment = detachment
        self.stated_points = stated_points
