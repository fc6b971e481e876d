"""Wargear through the text formats on the full catalogue: every shared sample list imports
with its wargear, exports as the app's text and imports back to the same roster; and a
table of real units read from app and New Recruit text (a ratio limit, a priced item, a
default that changes with the model count, a split model line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from armybuilder.catalogue.models import PointsRelease
from armybuilder.catalogue.snapshot import catalogue_snapshot, catalogue_snapshot_clear
from rosters.formats import services as formats
from rosters.formats.text_import.resolver import WARGEAR, ResolvedList
from tests.conftest import REPO_DIR
from tests.formats.helpers import read

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent"),
]


def _roster_of(resolved: ResolvedList) -> list[tuple[str, int, Any]]:
    # The export orders units by the app's sections, so compare them as a sorted list.
    return sorted(
        (u.name, u.models, tuple((p.model, p.models, p.wargear) for p in u.loadout))
        for u in resolved.kept()
    )


@pytest.mark.shared
def test_every_sample_list_round_trips_with_its_wargear(samples_dir: Path, owner: User) -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    release = PointsRelease.objects.get(is_current=True)
    samples = sorted(samples_dir.glob("*.txt"))
    assert samples
    for path in samples:
        first = read(path.read_text(encoding="utf-8"), release)
        # Wargear the final data names otherwise never blocks the list: it is kept on its
        # unit as written (WARGEAR_UNREAD), and offered for renaming by line.
        assert first.problems == [], path.name
        assert first.complete, path.name
        wargear = first.unread_wargear
        assert all(p.kind == WARGEAR and p.line > 0 and p.text and p.key for p in wargear)
        assert sum(len(u.unread) for u in first.kept()) == len(wargear), path.name
        for resolved in (
            first,
            # The player drops those lines, as the import page lets them.
            read(path.read_text(encoding="utf-8"), release, {p.key: None for p in wargear}),
        ):
            assert resolved.complete, path.name
            placed = [u for u in resolved.kept() if u.loadout]
            assert len(placed) == len(resolved.kept()), path.name
            roster = formats.roster_import_save(
                resolved=resolved, owner=owner, release=release, name=path.stem
            )
            text = formats.roster_export_text(roster_id=roster.pk)
            assert "◦" in text or "•" in text
            again = read(text, release)
            assert again.problems == [], (path.name, again.problems)
            assert _roster_of(again) == _roster_of(resolved), path.name
            # The lines not read are exported as written and read back the same.
            assert _unread_of(again) == _unread_of(resolved), path.name


def _unread_of(resolved: ResolvedList) -> list[tuple[str, list[str]]]:
    return sorted((u.name, sorted(g.text for g in u.unread)) for u in resolved.kept())


# (case, text, datasheet, expected loadout per type, WARGEAR_CHOICE violations, points)
CASES = [
    (
        "ratio: two shardlaunchers in ten Termagants is over one in ten",
        "Tyranids\nStrike Force (2000 points)\n\nTermagants (60 points)\n"
        "  • 8x Termagants\n     ◦ 8x Fleshborer\n     ◦ 8x Chitinous claws and teeth\n"
        "  • 2x Termagant w/ Shardlauncher\n     ◦ 2x Shardlauncher\n"
        "     ◦ 2x Chitinous claws and teeth\n",
        {"Termagants": 8, "Termagant w/ Shardlauncher": 2},
        1,
        60,
    ),
    (
        "boundary: ratio, one shardlauncher in ten",
        "Tyranids\nStrike Force (2000 points)\n\nTermagants (60 points)\n"
        "  • 9x Termagants\n     ◦ 9x Fleshborer\n     ◦ 9x Chitinous claws and teeth\n"
        "  • 1x Termagant w/ Shardlauncher\n     ◦ 1x Shardlauncher\n"
        "     ◦ 1x Chitinous claws and teeth\n",
        {"Termagants": 9, "Termagant w/ Shardlauncher": 1},
        0,
        60,
    ),
    (
        "priced wargear: a Tidewall Defence Platform adds 20 points",
        "T'au Empire\nStrike Force (2000 points)\n\nTidewall Shieldline (105 points)\n"
        "  • 1x Tidewall Defence Platform\n",
        {"Tidewall Shieldline": 1},
        0,
        105,
    ),
    (
        "New Recruit: one Devastator line split by the weapons only another type carries",
        "+ FACTION KEYWORD: Imperium - Space Marines\n+ DETACHMENT: Gladius Task Force\n\n"
        "Devastator Squad (120 pts)\n• 1x Devastator Sergeant\n"
        "    1 with Bolt pistol, Boltgun, Close combat weapon\n"
        "• 4x Devastator Marine w/ Heavy Weapon\n"
        "    4 with Lascannon, Bolt pistol, Close combat weapon\n",
        {"Devastator Sergeant": 1, "Devastator Marine w/ Heavy Weapon": 4},
        0,
        120,
    ),
    (
        "default by model count: six Devastators with no wargear lines",
        "Space Marines\nStrike Force (2000 points)\n\nDevastator Squad (200 points)\n"
        "  • 6x Devastator Squad\n",
        None,
        0,
        200,
    ),
]


def test_wargear_import_on_real_units() -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    catalogue_snapshot_clear()
    snapshot = catalogue_snapshot()
    for name, text, expected, problems, points in CASES:
        check = formats.list_import_check(text=text, snapshot=snapshot)
        assert [p for p in check.resolved.problems] == [], (name, check.resolved.problems)
        (unit,) = check.resolved.kept()
        if expected is None:
            assert unit.loadout == (), name  # the defaults, priced and shown as such
        else:
            assert {p.model: p.models for p in unit.loadout} == expected, name
        assert check.result is not None
        found = [v for v in check.result.violations if v.code == "WARGEAR_CHOICE"]
        assert len(found) == problems, (name, found)
        assert check.result.unit_points[unit.key] == points, name
        data = formats.list_check_json(check=check)
        assert data["schema"] == 4
        assert sum(p["models"] for p in data["units"][0]["wargear"]) == unit.models, name


@pytest.mark.parametrize(
    ("count", "name", "written"),
    [
        (1, "2 Storm Bolters", "2x Storm Bolters"),  # never "1x 2 Storm Bolters"
        (5, "2 Bolt Pistols", "5x 2 Bolt Pistols"),  # five models with two each: as the app
        (1, "Storm bolter", "1x Storm bolter"),
        (3, "Plasma pistol", "3x Plasma pistol"),
        (1, "2", "1x 2"),  # a bare number is a name, not a count
    ],
)
def test_an_option_named_with_its_count_is_written_as_the_app_counts(count, name, written):
    from rosters.formats.text_export import counted

    assert counted(count, name) == written


IMPULSOR = """Test (80 points)

Space Marines
Gladius Task Force
Strike Force (2000 points)

DEDICATED TRANSPORTS

Impulsor (80 points)
  • 1x 2 Storm Bolters
"""


def test_an_option_named_with_its_count_round_trips(owner: User) -> None:
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    release = PointsRelease.objects.get(is_current=True)
    first = read(IMPULSOR, release)
    assert first.problems == [] and first.complete
    roster = formats.roster_import_save(resolved=first, owner=owner, release=release, name="I")
    text = formats.roster_export_text(roster_id=roster.pk)
    assert "• 2x Storm Bolters" in text and "1x 2 " not in text
    assert _roster_of(read(text, release)) == _roster_of(first)
