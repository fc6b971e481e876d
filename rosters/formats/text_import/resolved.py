"""What the resolver makes of a list: its placed units and the lines it could not place.

Plain records, shared by the resolver and the pages, API and checks that read its result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from django.utils.translation import gettext_lazy

from armybuilder.rules import model as core
from armybuilder.rules.model import BattleSize
from rosters.formats.text_import.model import ParsedList

# Suggesting names costs a fuzzy search per line: only so many lines get them.
MAX_SUGGESTED_LINES: Final = 20
NOTE_SUGGESTIONS_CAPPED: Final = gettext_lazy(
    "Only the first {limit} unrecognised names get suggestions; fix those and check again."
)


@dataclass(frozen=True)
class Problem:
    """One line that could not be placed, with what it might have meant."""

    key: str
    line: int
    kind: str
    text: str
    message: str
    suggestions: tuple[str, ...] = ()
    # The faction cannot be dropped: without it nothing else can be looked up.
    droppable: bool = True
    # True where a check reads the line as written (a detachment the catalogue lacks, and
    # its enhancements: DETACHMENT_UNKNOWN); saving still needs it placed or dropped.
    checked: bool = False


@dataclass
class ResolvedUnit:
    position: int
    line: int
    text: str
    datasheet_id: int | None = None
    name: str = ""
    models: int = 1
    stated_points: int | None = None
    enhancement_id: int | None = None
    enhancement: str | None = None
    # An enhancement of a later detachment, as written (ResolvedList.later_detachments).
    later_enhancement: str | None = None
    warlord: bool = False
    dropped: bool = False
    # How a model count the text did not state was worked out; "" when it was stated.
    note: str = ""
    # Priced options (name, count) and detachment upgrades (id, name, count) the text lists.
    options: list[tuple[str, int]] = field(default_factory=list)
    upgrades: list[tuple[int, str, int]] = field(default_factory=list)
    # Wargear per model type as the text states it; empty: the datasheet's defaults.
    loadout: tuple[core.Loadout, ...] = ()
    # Wargear lines that could not be placed, as written (WARGEAR_UNREAD).
    unread: tuple[core.UnreadGear, ...] = ()
    # "2x Leman Russ battle tank (340pts)": so many units of this one (unit_copies).
    copies: int = 1

    @property
    def key(self) -> str:
        """The unit's id for the rules core: its position in the text."""
        return str(self.position)


@dataclass
class ResolvedList:
    parsed: ParsedList
    release_id: int | None = None
    faction_id: int | None = None
    faction: str | None = None
    detachment_id: int | None = None
    detachment: str | None = None
    # Stated detachments the catalogue has no data for (published after it), as written,
    # and the known ones a list names beside the first: a check reads the list under all
    # of them (DETACHMENT_UNKNOWN, DETACHMENT_REQUIRED); saving takes one.
    later_detachments: list[str] = field(default_factory=list)
    other_detachment_ids: list[int] = field(default_factory=list)
    battle_size: str = "strike_force"
    units: list[ResolvedUnit] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # Wargear lines not placed: they may be renamed or dropped, but need not be.
    unread_wargear: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Lines that have had suggestions worked out, up to MAX_SUGGESTED_LINES.
    suggested: int = 0

    def may_suggest(self) -> bool:
        """Tell whether one more line may get suggestions; note once when none may."""
        if self.suggested < MAX_SUGGESTED_LINES:
            self.suggested += 1
            return True
        note = NOTE_SUGGESTIONS_CAPPED.format(limit=MAX_SUGGESTED_LINES)
        if note not in self.notes:
            self.notes.append(note)
        return False

    @property
    def battle_size_label(self) -> str:
        """The core's label (a Message, so `|translated` renders it in the reader's language)."""
        if self.battle_size in set(BattleSize):
            return BattleSize(self.battle_size).label
        return self.battle_size.replace("_", " ").title()

    def unchecked(self) -> list[Problem]:
        """Return the problems a check cannot read past (all but Problem.checked ones)."""
        return [p for p in self.problems if not p.checked]

    @property
    def complete(self) -> bool:
        """Tell whether every line is placed or dropped, so the list may be saved."""
        return self.faction_id is not None and not self.problems

    def kept(self) -> list[ResolvedUnit]:
        """Return the units that were placed and not dropped, in file order."""
        return [u for u in self.units if u.datasheet_id is not None and not u.dropped]


def problem_key(kind: str, line: int) -> str:
    return f"{kind}-{line}"
