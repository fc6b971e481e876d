"""The printable battle-formations sheet: one page to seal in an envelope before deployment.

It reuses the roster renderer's fonts, styles and footer; only the story differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from armybuilder.rules import model as core
from rosters.formats.pdf import RosterPdf
from rosters.formats.sheet import RosterSheet
from rosters.presentation import profile_name

# Our own words for the profile's arrival facts (RULES.md, "Arrival").
ARRIVAL_NONE: Final = gettext_lazy("No reserves arrive in battle round {round}.")
ARRIVAL_FIRST: Final = gettext_lazy(
    'Strategic Reserves, round {round}: set up wholly within {edge}" of a battlefield edge, '
    "not in the enemy deployment zone."
)
ARRIVAL_LATER: Final = gettext_lazy(
    'Strategic Reserves, round {round} onwards: wholly within {edge}" of a battlefield edge.'
)
ARRIVAL_ENEMY: Final = gettext_lazy(
    'Always more than {enemy}" horizontally from every enemy model.'
)
ARRIVAL_DEEP_STRIKE: Final = gettext_lazy(
    'Deep Strike: anywhere more than {enemy}" horizontally from every enemy model.'
)
DEADLINE_BATTLE: Final = gettext_lazy(
    "Units still in reserves at the end of the battle count as destroyed."
)
DEADLINE_ROUND: Final = gettext_lazy(
    "Units still in reserves at the end of battle round {round} count as destroyed."
)


def arrival_lines(arrival: core.Arrival) -> list[str]:
    """The profile's arrival facts in words, one line each."""
    deadline = (
        DEADLINE_BATTLE
        if arrival.deadline_round is None
        else DEADLINE_ROUND.format(round=arrival.deadline_round)
    )
    return [
        ARRIVAL_NONE.format(round=arrival.first_round - 1),
        ARRIVAL_FIRST.format(round=arrival.first_round, edge=arrival.edge_inches),
        ARRIVAL_LATER.format(round=arrival.enemy_zone_round, edge=arrival.edge_inches),
        ARRIVAL_ENEMY.format(enemy=arrival.enemy_inches),
        ARRIVAL_DEEP_STRIKE.format(enemy=arrival.enemy_inches),
        str(deadline),
    ]


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
    arrival: core.Arrival | None = None
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
            self.para(_("Battle formations: {name}").format(name=d.name), "title"),
            self.para(
                f"{s.name} · {' / '.join(s.faction_chain) or s.faction} · "
                f"{s.detachment or _('no detachment')} · {s.battle_size_label} · "
                + _("{points} / {limit} pts").format(points=s.points, limit=s.points_limit)
                + f" · {profile_name(s.profile)} · {s.player or '—'}",
                "base",
            ),
            Spacer(1, 2 * mm),
        ]
        if d.stale:
            story.append(self.para(_("Stale: {units}").format(units="; ".join(d.stale)), "illegal"))
        if d.hover:
            story += self.section(_("Hover mode"), list(d.hover))
        story += self.section(_("Attached units"), list(d.attachments) or [_("None")])
        story.append(self.para(_("Embarked"), "h2"))
        if d.transports:
            story.append(self.transport_table())
        else:
            story.append(self.para(_("No unit starts embarked.")))
        story.append(self.para(_("Reserves"), "h2"))
        story.append(self.reserves_table())
        for meter in d.meters:
            story.append(self.para(meter, "head"))
        if d.problems:
            story += self.section(_("Check"), list(d.problems))
        if d.arrival is not None:
            story += self.section(_("Arrival"), arrival_lines(d.arrival))
        return story

    def section(self, title: str, lines: list[str]) -> list[Flowable]:
        return [self.para(title, "h2"), *(self.para(f"• {line}") for line in lines)]

    def transport_table(self) -> Table:
        rows: list[list[Any]] = [
            [self.para(t, "head") for t in (_("Transport"), _("Capacity used"), _("Passengers"))]
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
        rows: list[list[Any]] = [
            [self.para(t, "head") for t in (_("Where"), _("Unit"), _("Points"))]
        ]
        for unit, points in d.strategic_reserves:
            rows.append(
                [self.para(_("Strategic Reserves")), self.para(unit), self.para(str(points), "num")]
            )
        for unit in d.deep_strike:
            rows.append([self.para(_("Deep Strike")), self.para(unit), ""])
        for unit in d.aircraft:
            rows.append([self.para(_("Reserves (aircraft)")), self.para(unit), ""])
        if len(rows) == 1:
            rows.append([self.para("—"), self.para(_("Everything starts on the battlefield.")), ""])
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
