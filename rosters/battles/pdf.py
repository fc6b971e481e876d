"""The one-page battle result sheet, drawn with reportlab's platypus.

Same font, styles, footer and table habits as the roster PDF (rosters/formats/pdf.py):
both armies, the VP table by round, the units destroyed, the result and victory level,
any scoring codes, and a line for each player to sign. Output is invariant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from armybuilder.rules.scoring import ScoreResult, get_scoring_profile
from rosters.battles.models import Battle
from rosters.formats.pdf import RosterPdf, register_fonts
from rosters.language import translated

if TYPE_CHECKING:
    from reportlab.platypus.tables import _TableCommand

TITLE: Final = gettext_lazy("Battle result: {a} v {b}")
DRAW_TEXT: Final = gettext_lazy("Draw")
WIN_TEXT: Final = gettext_lazy("{name} wins")
BY_DESTRUCTION: Final = gettext_lazy(" (the other army was destroyed)")
LEVEL_TEXT: Final = gettext_lazy(
    "Victory level: {level}, VP difference {difference}; tournament points {a}–{b}"
)
SIGN_TEXT: Final = gettext_lazy("Signed for {name}")
NO_UNITS: Final = gettext_lazy("none")

GRID: Final[list[_TableCommand]] = [
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f1ece4")),
    ("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black),
    ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d8d4cc")),
]


def result_headline(battle: Battle, result: ScoreResult) -> str:
    """Say who won (or a draw) in one line, as the pages and the sheet show it."""
    if result.winner is None:
        return str(DRAW_TEXT)
    name = battle.sides.all()[result.winner].name
    return WIN_TEXT.format(name=name) + (
        BY_DESTRUCTION if result.decided_by == "army_destroyed" else ""
    )


class BattlePdf(RosterPdf):
    """Render one battle and its ScoreResult as a one-page result sheet."""

    def __init__(self, battle: Battle, result: ScoreResult) -> None:
        register_fonts()
        self.battle = battle
        self.result = result
        self.sides = list(battle.sides.all())
        self.styles = self.get_styles()

    @property
    def title(self) -> str:
        return TITLE.format(a=self.sides[0].name, b=self.sides[1].name)

    def get_story(self) -> list[Flowable]:
        b = self.battle
        story: list[Flowable] = [self.para(self.title, "title"), Spacer(1, 2 * mm)]
        story.append(
            self.para(
                f"{b.played_on.isoformat()} · {b.size_label} · "
                + _("scoring {profile}").format(profile=b.get_scoring_profile_display()),
                "base",
            )
        )
        story += [self.para(_("Armies"), "h2"), self.armies_table()]
        story += [self.para(_("Victory points by round"), "h2"), self.rounds_table()]
        story += [self.para(_("Units destroyed"), "h2"), self.destroyed_table()]
        story += self.result_story()
        story += [Spacer(1, 14 * mm), self.signatures()]
        return story

    def armies_table(self) -> Table:
        rows: list[list[Any]] = [
            [self.para(t, "head") for t in (_("Army"), _("Faction"), _("Points"))]
        ]
        for side in self.sides:
            rows.append(
                [self.para(side.name), self.para(side.faction), self.para(str(side.points), "num")]
            )
        table = Table(rows, colWidths=[80 * mm, 70 * mm, None], repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(GRID))
        return table

    def rounds_table(self) -> Table:
        profile = get_scoring_profile(self.battle.scoring_profile)
        rounds = list(range(1, profile.last_round() + 1))
        head = [
            _("Army"),
            *[_("R{round}").format(round=r) for r in rounds],
            _("Painted"),
            _("Kills"),
            _("VP"),
            _("Not counted"),
        ]
        rows: list[list[Any]] = [[self.para(t, "head") for t in head]]
        for score in self.result.sides:
            counted = dict(score.rounds)
            rows.append(
                [
                    self.para(score.name),
                    *[self.para(str(counted.get(r, "")), "num") for r in rounds],
                    self.para(str(score.painted_vp), "num"),
                    self.para(str(score.kill_vp), "num"),
                    self.para(str(score.vp), "num"),
                    self.para(str(score.not_counted), "num"),
                ]
            )
        widths: list[float | None] = [38 * mm, *[10 * mm] * len(rounds), 16 * mm, 14 * mm, 14 * mm]
        table = Table(
            rows, colWidths=self.fitted([*widths, None], rows), repeatRows=1, hAlign="LEFT"
        )
        table.setStyle(TableStyle(GRID))
        return table

    def destroyed_table(self) -> Table:
        rows: list[list[Any]] = [[self.para(t, "head") for t in (_("Army"), _("Units destroyed"))]]
        for side, score in zip(self.sides, self.result.sides, strict=True):
            names = {str(u.pk): f"{u.name} ({u.points})" for u in side.units.all()}
            lost = [names[i] for i in score.destroyed_unit_ids if i in names]
            text = ", ".join(lost) or (
                _("army destroyed") if score.army_destroyed else str(NO_UNITS)
            )
            rows.append([self.para(side.name), self.para(text)])
        table = Table(rows, colWidths=[50 * mm, None], repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(GRID))
        return table

    def result_story(self) -> list[Flowable]:
        story: list[Flowable] = [
            self.para(_("Result"), "h2"),
            self.para(result_headline(self.battle, self.result), "legal"),
        ]
        level = self.result.victory_level
        if level is not None:
            text = LEVEL_TEXT.format(
                level=translated(level.level.label),
                difference=level.difference,
                a=level.points[0],
                b=level.points[1],
            )
            story.append(self.para(text, "base"))
        for v in self.result.violations:
            story.append(self.para(f"{v.code}: {translated(v.message)}", "base"))
        return story

    def signatures(self) -> Table:
        rows = [[self.para(SIGN_TEXT.format(name=side.name)) for side in self.sides]]
        table = Table(rows, colWidths=[85 * mm, 85 * mm], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("LINEABOVE", (0, 0), (0, 0), 0.75, colors.black),
                    ("LINEABOVE", (1, 0), (1, 0), 0.75, colors.black),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 10 * mm),
                ]
            )
        )
        return table

    def metadata(self) -> tuple[str, str, str]:
        return self.title, "armybuilder", _("Battle result sheet")

    def footer(self) -> str:
        return self.title


def battle_sheet_pdf(*, battle: Battle, result: ScoreResult) -> bytes:
    """Return the result sheet of a loaded battle as PDF bytes."""
    return BattlePdf(battle, result).render()
