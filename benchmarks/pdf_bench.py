"""Time the printable PDF roster for a 60-unit roster (target: median under 150 ms), and
the same roster with its datasheet section (target: under 400 ms).

Renders plain data, as rosters.formats.services.roster_export_pdf does after validation.
Run from the repo root:

    python benchmarks/pdf_bench.py

It prints ``roster_pdf_cards_median_ms=<n>`` for the PDF with datasheets, then, last,
``roster_pdf_median_ms=<median milliseconds per PDF>``. ``BENCH_SMOKE=1``: one warm-up and
two timed renders of each.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

from _site import django_setup, runs

# rosters.formats.pdf reads the players' language settings (rosters.models), and its
# headings go through Django's translations: Django starts before it is imported, on a
# throwaway database that no render queries.
django_setup("pdf_bench")

from rosters.formats.pdf import RosterPdf  # noqa: E402
from rosters.formats.sheet import (  # noqa: E402
    DeclarationSection,
    RosterSheet,
    UnitCard,
    UnitLine,
    ViolationLine,
)

UNITS = 60
WARMUP = runs(3, 1)
RUNS = runs(25, 2)
NAMES = [
    "Khârn the Betrayer",
    "Khorne Berzerkers",
    "Wolf Guard Battle Leader on Thunderwolf",
    "Кровавые Ангелы",
    "Vanguard Veteran Squad with Jump Packs",
    "Chaos Rhino",
]


def roster() -> RosterSheet:
    units = tuple(
        UnitLine(
            position=n,
            name=NAMES[n % len(NAMES)],
            models=(n % 4) * 5 or 1,
            points=50 + 5 * (n % 30),
            enhancement="Favoured of Khorne" if n % 20 == 3 else None,
            warlord=n == 1,
        )
        for n in range(1, UNITS + 1)
    )
    return RosterSheet(
        name="Onslaught of the Eightfold Path",
        faction="World Eaters",
        faction_chain=("World Eaters",),
        detachment="Berzerker Warband",
        battle_size="onslaught",
        battle_size_label="Onslaught",
        points=sum(u.points for u in units),
        points_limit=3000,
        profile="matched-10",
        release="Munitorum Field Manual 2025-09",
        player="olga",
        units=units,
        violations=tuple(
            ViolationLine("DATASHEET_LIMIT", "error", f"Too many of unit {n}.", (n,))
            for n in range(1, 6)
        ),
        legal=False,
        declaration=DeclarationSection(
            attachments=tuple(f"Captain {n} → Intercessor Squad {n}" for n in range(8)),
            embarked=tuple((f"Chaos Rhino {n}", ("Khorne Berzerkers",)) for n in range(6)),
            strategic_reserves=("Jakhals", "Chaos Spawn"),
            deep_strike=("Eightbound",),
        ),
    )


STATS = ('6"', "4", "3+", "4+", "2", "6+", "1")
WEAPONS = (
    ("R", "Plasma incinerator - standard", '24"', "2", "3+", "7", "-2", "1", "ASSAULT, HEAVY"),
    ("R", "Plasma incinerator - supercharge", '24"', "2", "3+", "8", "-3", "2", "HAZARDOUS"),
    ("R", "Bolt pistol", '12"', "1", "3+", "4", "0", "1", "PISTOL"),
    ("M", "Chainblade", "Melee", "4", "3+", "4", "-1", "1", ""),
    ("M", "Khornate eviscerator", "Melee", "3", "4+", "9", "-2", "2", "LETHAL HITS"),
)


def cards(sheet: RosterSheet) -> tuple[tuple[UnitCard, ...], ...]:
    """A card per unit: two model types, five weapons, abilities; eight leaders attached."""
    made = [
        UnitCard(
            position=u.position,
            name=u.name,
            models=u.models,
            points=u.points,
            enhancement=u.enhancement,
            warlord=u.warlord,
            stats=((f"{u.name} Champion", 1, STATS), (u.name, max(u.models - 1, 1), STATS)),
            weapons=tuple((u.models, *w) for w in WEAPONS),
            abilities=("Oath of Moment", "Blood Surge", "Deep Strike", "Leader"),
            keywords=("INFANTRY", "CHAOS", "KHORNE", "WORLD EATERS", "GRENADES"),
        )
        for u in sheet.units
    ]
    groups: list[tuple[UnitCard, ...]] = []
    for n in range(0, 16, 2):
        groups.append((replace(made[n], leads=made[n + 1].position), made[n + 1]))
    groups += [(card,) for card in made[16:]]
    return tuple(groups)


def median_of(sheet: RosterSheet) -> tuple[float, int]:
    for _ in range(WARMUP):
        RosterPdf(sheet).render()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        data = RosterPdf(sheet).render()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(data)


def main() -> None:
    sheet = roster()
    with_cards = replace(sheet, cards=cards(sheet))
    cards_ms, cards_bytes = median_of(with_cards)
    plain_ms, plain_bytes = median_of(sheet)
    print(f"units={UNITS} bytes={plain_bytes} cards_bytes={cards_bytes} runs={RUNS}")
    print(f"roster_pdf_cards_median_ms={cards_ms:.1f}")
    print(f"roster_pdf_median_ms={plain_ms:.1f}")


if __name__ == "__main__":
    main()
