"""The printable battle-formations sheet: one page to seal in an envelope before deployment.

It reuses the roster renderer's fonts, styles and footer; only the story differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from rosters.formats.pdf import RosterPdf
from rosters.formats.sheet import RosterSheet

# Our own summary of when and where reserves arrive (RULES.md, "Arrival").
ARRIVAL_LINES: Final = (
    "No reserves arrive in battle round 1.",
    'Strategic Reserves, round 2: set up wholly within 6" of a battlefield edge, '
    "not in the enemy deployment zone.",
    'Strategic Reserves, round 3 onwards: wholly within 6" of a battlefield edge.',
    'Always more than 9" horizontally from every enemy model.',
    'Deep Strike: anywhere more than 9" horizontally from every enemy model.',
)
DEADLINE_BATTLE: Final = "Units still in reserves at the end of the battle count as destroyed."
DEADLINE_ROUND: Final = (
    "Units still in reserves at the end of battle round {round} count as destroyed."
)


@dataclass(frozen=True)
class TransportLine:
    transport: str
    used: int
    capacity: int
    passengers: tuple[str, ...]


@dataclass(frozen=True)
class DeclarationSheet:
    """A declaration in words, with the counts the rules core gave, ready to print."""

    roster: RosterSheet
    name: str
    hover: tuple[str, ...] = ()
    attachments: tuple[str, ...] = ()
    transports: tuple[TransportLine, ...] = ()
    # (unit, points)
    strategic_reserves: tuple[tuple[str, int], ...] = ()
    deep_strike: tuple[str, ...] = ()
    aircraft: tuple[str, ...] = ()
    meters: tuple[str, ...] = ()
    # Problems the core found in the declaration (warnings, or errors of a stale one).
    problems: tuple[str, ...] = ()
    deadline_round: int | None = None
    stale: tuple[str, ...] = field(default=())


class DeclarationPdf(RosterPdf):
    """Render a DeclarationSheet on (normally) one page."""

    margin = 12 * mm

    def __init__(self, declaration: DeclarationSheet) -> None:
        super().__init__(declaration.roster)
        self.declaration = declaration

    def get_story(self) -> list[Flowable]:
        """Return the flowables: header, leaders, transports, reserves, arrival rules."""
        d, s = self.declaration, self.sheet
        story: list[Flowable] = [
            self.para(f"Battle formations: {d.name}", "title"),
            self.para(
                f"{s.name} · {' / '.join(s.faction_chain) or s.faction} · "
                f"{s.detachment or 'no detachment'} · {s.battle_size_label} · "
                f"{s.points} / {s.points_limit} pts · {s.profile} · {s.player or '—'}",
                "base",
            ),
            Spacer(1, 2 * mm),
        ]
        if d.stale:
            story.append(self.para("Stale: " + "; ".join(d.stale), "illegal"))
        if d.hover:
            story += self.section("Hover mode", list(d.hover))
        story += self.section("Attached units", list(d.attachments) or ["None"])
        story.append(self.para("Embarked", "h2"))
        if d.transports:
            story.append(self.transport_table())
        else:
            story.append(self.para("No unit starts embarked."))
        story.append(self.para("Reserves", "h2"))
        story.append(self.reserves_table())
        for meter in d.meters:
            story.append(self.para(meter, "head"))
        if d.problems:
            story += self.section("Check", list(d.problems))
        deadline = (
            DEADLINE_BATTLE
            if d.deadline_round is None
            else DEADLINE_ROUND.format(round=d.deadline_round)
        )
        story += self.section("Arrival", [*ARRIVAL_LINES, deadline])
        return story

    def section(self, title: str, lines: list[str]) -> list[Flowable]:
        return [self.para(title, "h2"), *(self.para(f"• {line}") for line in lines)]

    def transport_table(self) -> Table:
        rows: list[list[Any]] = [
            [self.para(t, "head") for t in ("Transport", "Capacity used", "Passengers")]
        ]
        for line in self.declaration.transports:
            rows.append(
                [
                    self.para(line.transport),
                    self.para(f"{line.used} / {line.capacity}", "num"),
                    self.para(", ".join(line.passengers)),
                ]
            )
        return self._table(rows, [50 * mm, 28 * mm, None])

    def reserves_table(self) -> Table:
        d = self.declaration
        rows: list[list[Any]] = [[self.para(t, "head") for t in ("Where", "Unit", "Points")]]
        for unit, points in d.strategic_reserves:
            rows.append(
                [self.para("Strategic Reserves"), self.para(unit), self.para(str(points), "num")]
            )
        for unit in d.deep_strike:
            rows.append([self.para("Deep Strike"), self.para(unit), ""])
        for unit in d.aircraft:
            rows.append([self.para("Reserves (aircraft)"), self.para(unit), ""])
        if len(rows) == 1:
            rows.append([self.para("—"), self.para("Everything starts on the battlefield."), ""])
        return self._table(rows, [40 * mm, None, 22 * mm])

    def _table(self, rows: list[list[Any]], widths: list[Any]) -> Table:
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d8d4cc")),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ]
            )
        )
        return table
