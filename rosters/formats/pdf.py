"""A printable roster for tournaments, drawn with reportlab's platypus.

Follows pretix's exporter shape: a renderer class whose get_story() returns the flowables,
a bundled TTF font (DejaVu Sans covers Latin with accents and Cyrillic), tables whose
header row repeats on every page, and a "page N of M" footer. Output is invariant: the
same sheet gives the same bytes.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise
    from reportlab.platypus.tables import _TableCommand

from rosters.formats.sheet import DeclarationSection, RosterSheet, UnitCard
from rosters.language import severity_label
from rosters.presentation import profile_name

FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"
FONT: Final = "DejaVuSans"
FONT_BOLD: Final = "DejaVuSans-Bold"
LEGAL_TEXT: Final = gettext_lazy("Legal under {profile}")
ILLEGAL_TEXT: Final = gettext_lazy("Not legal under {profile}")
FOOTER_TEXT: Final = gettext_lazy("page {page} of {pages}")
WARLORD_MARK: Final = gettext_lazy("★ Warlord")
STAT_HEADS: Final = ("M", "T", "Sv", "Inv", "W", "Ld", "OC")
WEAPON_HEADS: Final = ("Range", "A", "BS/WS", "S", "AP", "D")
CARD_GRID: Final = colors.HexColor("#d8d4cc")
# A table cell's left and right padding together (reportlab's default, 6 pt a side).
CELL_PADDING: Final = 12.0

_fonts_lock = threading.Lock()


def register_fonts() -> None:
    """Register the bundled fonts once per process; parsing a TTF is the slow part."""
    with _fonts_lock:
        if FONT in pdfmetrics.getRegisteredFontNames():
            return
        pdfmetrics.registerFont(TTFont(FONT, FONT_DIR / "DejaVuSans.ttf"))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, FONT_DIR / "DejaVuSans-Bold.ttf"))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD)


class NumberedCanvas(Canvas):
    """Hold every page until the end so each footer can say how many pages there are."""

    # Canvas's own, which types-reportlab leaves out (annotations only).
    _pagesize: tuple[float, float]
    _startPage: Callable[[], None]
    # Set by RosterPdf.render's page callback.
    _doc_footer: str

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved_pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._saved_pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._saved_pages)
        for state in self._saved_pages:
            self.__dict__.update(state)
            self.draw_footer(total)
            super().showPage()
        super().save()

    def draw_footer(self, total: int) -> None:
        width, _ = self._pagesize
        self.saveState()
        self.setFont(FONT, 8)
        self.setFillColor(colors.HexColor("#4a4a55"))
        text = FOOTER_TEXT.format(page=self.getPageNumber(), pages=total)
        self.drawRightString(width - 15 * mm, 10 * mm, text)
        self.drawString(15 * mm, 10 * mm, getattr(self, "_doc_footer", ""))
        self.restoreState()


class RosterPdf:
    """Render one RosterSheet as a PDF roster."""

    pagesize = A4
    margin = 15 * mm

    def __init__(self, sheet: RosterSheet) -> None:
        register_fonts()
        self.sheet = sheet
        self.styles = self.get_styles()

    def get_styles(self) -> dict[str, ParagraphStyle]:
        base = ParagraphStyle("base", fontName=FONT, fontSize=9, leading=11.5)
        return {
            "base": base,
            "title": ParagraphStyle("title", base, fontName=FONT_BOLD, fontSize=18, leading=22),
            "h2": ParagraphStyle(
                "h2", base, fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4
            ),
            "cell": ParagraphStyle("cell", base, fontSize=9, leading=11),
            "head": ParagraphStyle("head", base, fontName=FONT_BOLD, fontSize=9, leading=11),
            "num": ParagraphStyle("num", base, alignment=TA_RIGHT),
            "small": ParagraphStyle("small", base, fontSize=7, leading=8.5),
            "small_head": ParagraphStyle(
                "small_head", base, fontName=FONT_BOLD, fontSize=7, leading=8.5
            ),
            "card_title": ParagraphStyle(
                "card_title", base, fontName=FONT_BOLD, fontSize=10, leading=12, spaceAfter=2
            ),
            "legal": ParagraphStyle(
                "legal", base, fontName=FONT_BOLD, fontSize=11, textColor=colors.HexColor("#1f5f2a")
            ),
            "illegal": ParagraphStyle(
                "illegal",
                base,
                fontName=FONT_BOLD,
                fontSize=11,
                textColor=colors.HexColor("#a11212"),
            ),
        }

    def para(self, text: _StrOrPromise, style: str = "cell") -> Paragraph:
        return Paragraph(escape(str(text)), self.styles[style])

    def fitted(self, widths: list[float | None], rows: list[list[Any]]) -> list[float | None]:
        """Widen each fixed column to its longest word, so that no word breaks in the middle
        ("Painte/d", a violation code), taking the room from the widest fixed column when
        every column is fixed. Cells are the Paragraphs of para() or plain text."""
        needs = [0.0] * len(widths)
        for row in rows:
            for n, cell in enumerate(row):
                if isinstance(cell, Paragraph):
                    text, style = cell.text, cell.style
                    font, size = style.fontName, style.fontSize
                else:
                    text, font, size = str(cell), FONT, self.styles["base"].fontSize
                words = text.split()
                if words:
                    widest = max(pdfmetrics.stringWidth(w, font, size) for w in words)
                    needs[n] = max(needs[n], widest + CELL_PADDING)
        fitted = [w if w is None else max(w, need) for w, need in zip(widths, needs, strict=True)]
        # The room the table had: its own width when every column is fixed, else the page's,
        # of which the flexible columns need at least their longest words.
        room = sum(w or 0.0 for w in widths)
        if None in widths:
            room = self.pagesize[0] - 2 * self.margin
            room -= sum(need for w, need in zip(widths, needs, strict=True) if w is None)
        excess = sum(w for w in fitted if w is not None) - room
        if excess > 0:
            widest = max(range(len(fitted)), key=lambda n: fitted[n] or 0.0)
            fitted[widest] = max(needs[widest], (fitted[widest] or 0.0) - excess)
        return fitted

    def get_story(self) -> list[Flowable]:
        """Return the flowables: cover facts, units, validation, then the declaration."""
        story: list[Flowable] = [self.para(self.sheet.name, "title"), Spacer(1, 3 * mm)]
        story.append(self.summary_table())
        story += [self.para(_("Units"), "h2"), self.units_table()]
        story += self.validation_story()
        if self.sheet.declaration is not None and not self.sheet.declaration.is_empty():
            story += self.declaration_story(self.sheet.declaration)
        if self.sheet.cards:
            story += self.cards_story()
        return story

    def cards_story(self) -> list[Flowable]:
        """The datasheet section: one compact card per unit, an attached leader's beside its
        bodyguard's, each group kept on one page."""
        story: list[Flowable] = [PageBreak(), self.para(_("Datasheets"), "h2")]
        for group in self.sheet.cards:
            block: list[Flowable] = []
            for card in group:
                block += self.card(card)
            story.append(KeepTogether(block))
        return story

    def card(self, card: UnitCard) -> list[Flowable]:
        """One unit's card as one table: title, stat lines, weapons, then names. Strings, not
        Paragraphs, wherever a line fits: sixty cards would be thousands of wraps."""
        title = f"{card.position}. {card.name} · {card.models} · {card.points} pts"
        if card.warlord:
            title += f" · {WARLORD_MARK}"
        if card.leads is not None:
            title += " · " + _("leads unit {position}").format(position=card.leads)
        rows: list[list[Any]] = [[self.cell(title, 90, "card_title"), "", ""]]
        for model, models, stats in card.stats:
            values = [*stats, *[""] * (len(STAT_HEADS) - len(stats))][: len(STAT_HEADS)]
            line = "   ".join(f"{h} {v or '–'}" for h, v in zip(STAT_HEADS, values, strict=True))
            rows.append([self.cell(f"{models}× {model}", 50), line, ""])
        for count, name, kind, *values, keywords in card.weapons:
            label = f"{count}× {name}" + (" (M)" if kind == "M" else "")
            line = "   ".join(f"{h} {v}" for h, v in zip(WEAPON_HEADS, values, strict=True))
            rows.append([self.cell(label, 50), line, self.cell(keywords and f"[{keywords}]", 30)])
        facts = [
            (_("Abilities"), ", ".join(card.abilities)),
            (_("Keywords"), ", ".join(card.keywords)),
            (_("Enhancement"), card.enhancement or ""),
        ]
        spans = []
        for label, text in facts:
            if text:
                spans.append(len(rows))
                rows.append([self.cell(f"{label}: {text}", 125), "", ""])
        table = Table(rows, colWidths=[70 * mm, 62 * mm, None], hAlign="LEFT")
        style: list[_TableCommand] = [
            ("FONT", (0, 0), (-1, -1), FONT, 7, 8.5),
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9, 11),
            ("SPAN", (0, 0), (-1, 0)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, CARD_GRID),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ]
        style += [("SPAN", (0, n), (-1, n)) for n in spans]
        table.setStyle(TableStyle(style))
        return [table, Spacer(1, 3 * mm)]

    def cell(self, text: str, fits: int, style: str = "small") -> str | Paragraph:
        """A cell's text; wrapped in a Paragraph only when it is too long for one line."""
        return text if len(text) <= fits else Paragraph(escape(text), self.styles[style])

    def summary_table(self) -> Table:
        s = self.sheet
        rows = [
            (_("Army"), s.name),
            (_("Faction"), " / ".join(s.faction_chain) or s.faction),
            (_("Detachment"), s.detachment or "—"),
            (
                _("Battle size"),
                _("{size} ({points} pts)").format(size=s.battle_size_label, points=s.points_limit),
            ),
            (_("Points"), f"{s.points} / {s.points_limit}"),
            (_("Profile"), str(profile_name(s.profile))),
            (_("Points release"), s.release),
            (_("Player"), s.player or "—"),
        ]
        table = Table(
            [[self.para(k, "head"), self.para(v)] for k, v in rows],
            colWidths=[35 * mm, None],
            hAlign="LEFT",
        )
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#d8d4cc")),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                    ("TOPPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return table

    def units_table(self) -> Table:
        head = [
            self.para(t, "head")
            for t in ("#", _("Unit"), _("Models"), _("Enhancement"), _("Warlord"), _("Points"))
        ]
        rows: list[list[Any]] = [head]
        for unit in self.sheet.units:
            rows.append(
                [
                    self.para(str(unit.position), "num"),
                    self.para(unit.name),
                    self.para(str(unit.models), "num"),
                    self.para("; ".join(t for t in (unit.enhancement, unit.extras_text) if t)),
                    self.para(WARLORD_MARK if unit.warlord else ""),
                    self.para(str(unit.points), "num"),
                ]
            )
        rows.append(
            [
                "",
                self.para(_("Total"), "head"),
                "",
                "",
                "",
                self.para(f"{self.sheet.points} / {self.sheet.points_limit}", "num"),
            ]
        )
        widths: list[float | None] = [10 * mm, 60 * mm, 16 * mm, 44 * mm, 22 * mm, 26 * mm]
        table = Table(rows, colWidths=self.fitted(widths, rows), repeatRows=1, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f1ece4")),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black),
                    ("LINEBELOW", (0, 1), (-1, -2), 0.25, colors.HexColor("#d8d4cc")),
                    ("LINEABOVE", (0, -1), (-1, -1), 0.75, colors.black),
                ]
            )
        )
        return table

    def validation_story(self) -> list[Flowable]:
        s = self.sheet
        status = (LEGAL_TEXT if s.legal else ILLEGAL_TEXT).format(profile=profile_name(s.profile))
        story: list[Flowable] = [
            self.para(_("Validation"), "h2"),
            self.para(status, "legal" if s.legal else "illegal"),
        ]
        for meter in s.meters:
            story.append(self.para(meter, "base"))
        if s.violations:
            rows: list[list[Any]] = [
                [self.para(t, "head") for t in (_("Code"), _("Severity"), _("Message"))]
            ]
            for v in s.violations:
                units = (
                    _(" (units {positions})").format(positions=", ".join(map(str, v.units)))
                    if v.units
                    else ""
                )
                rows.append(
                    [
                        self.para(v.code),
                        self.para(severity_label(v.severity)),
                        self.para(v.message + units),
                    ]
                )
            widths = self.fitted([48 * mm, 22 * mm, None], rows)
            table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
            table.setStyle(
                TableStyle(
                    [
                        ("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black),
                        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d8d4cc")),
                    ]
                )
            )
            story += [Spacer(1, 2 * mm), table]
        return story

    def declaration_story(self, declaration: DeclarationSection) -> list[Flowable]:
        story: list[Flowable] = [self.para(_("Battle formations"), "h2")]
        groups: list[tuple[str, list[str]]] = [
            (_("Hover mode"), list(declaration.hover)),
            (_("Attached units"), list(declaration.attachments)),
            (
                _("Embarked"),
                [f"{transport}: {', '.join(riders)}" for transport, riders in declaration.embarked],
            ),
            (_("Strategic Reserves"), list(declaration.strategic_reserves)),
            (_("Deep Strike"), list(declaration.deep_strike)),
            (_("Other reserves"), list(declaration.reserves)),
        ]
        for title, lines in groups:
            if lines:
                block = [self.para(title, "head")] + [self.para(f"• {line}") for line in lines]
                story.append(KeepTogether([*block, Spacer(1, 2 * mm)]))
        return story

    def metadata(self) -> tuple[str, str, str]:
        """The document's title, author and subject; other sheets built on this one differ."""
        return (
            self.sheet.name,
            self.sheet.player or "armybuilder",
            _("{faction} roster").format(faction=self.sheet.faction),
        )

    def footer(self) -> str:
        return f"{self.sheet.name} · {self.sheet.faction}"

    def render(self) -> bytes:
        buffer = io.BytesIO()
        title, author, subject = self.metadata()
        doc = SimpleDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=20 * mm,
            title=title,
            author=author,
            creator="armybuilder",
            producer="armybuilder",
            subject=subject,
            invariant=1,
        )
        footer = self.footer()

        def on_page(canvas: Canvas, _doc: Any) -> None:
            if isinstance(canvas, NumberedCanvas):  # the canvasmaker below: always
                canvas._doc_footer = footer

        doc.build(
            self.get_story(), onFirstPage=on_page, onLaterPages=on_page, canvasmaker=NumberedCanvas
        )
        return buffer.getvalue()
