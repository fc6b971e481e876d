"""The public real lists (../shared/samples/lists-public), checked as of each list's date.

Issue 24's test bed: 211 real 10th-edition lists from public event archives and
repositories, each checked as the batch check does (tests/formats/real_lists.py, shared
with benchmarks/real_lists.py), against the full catalogue and its monthly history. The
figures below are held as bounds: a change that reads fewer lists fails. They are what
main gave when the test was written; the comments give issue 24's targets, to which the
bounds are tightened as the figures reach them. A list judged illegal for a reason other
than POINTS_LIMIT is a false error unless docs/real-lists.md rules on it (a real player's
list can be illegal: the document says which rule it breaks and why).

The catalogue and its history load once for the module (about a minute); the tests that
need them skip where ../shared or the full fixture is absent.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from armybuilder.catalogue.models import Faction
from armybuilder.rules import codes
from rosters.formats.event_views import ORGANISERS_GROUP
from rosters.forms import faction_choices
from tests.conftest import SAMPLES_DIR, require_shared
from tests.formats.real_lists import (
    FULL_CATALOGUE,
    HISTORY,
    PUBLIC_LISTS,
    RULING_RE,
    RULINGS,
    Checked,
    Figures,
    RealList,
    check_all,
    figures,
    load_catalogue_with_history,
    read_real_list,
    real_lists,
    rulings,
)

T = TypeVar("T", bound=Callable[..., object])

# Lists that read: exit status below 2 and every unit recognised.
# Issue 24's target: at least 97% of the lists (205 of 211).
READ_AT_LEAST = 205
# Units recognised, of the units the lists state (no target of its own: every unit of a
# read list must be recognised).
UNITS_AT_LEAST = 2676
# Lists with a wargear line not placed (WARGEAR_UNREAD, or still unrecognised).
# Issue 24's target: at most 5% of the lists (10 of 211).
WARGEAR_UNREAD_LISTS_AT_MOST = 7
# Lists with an error other than POINTS_LIMIT that docs/real-lists.md does not rule on.
# Issue 24's target: 0.
FALSE_ERRORS = 0

# Where the full catalogue or its history is absent the figures mean nothing.
needs_catalogue = pytest.mark.skipif(
    not (FULL_CATALOGUE.exists() and HISTORY.exists()),
    reason="fixtures/catalogue-10e.json.xz or catalogue-10e-history.json.xz absent",
)


def on_real_lists(test: T) -> T:
    """Mark a test that reads ../shared and the database holding the full catalogue."""
    return pytest.mark.shared(pytest.mark.django_db(needs_catalogue(test)))


@pytest.fixture(scope="module")
def catalogue_with_history(django_db_setup, django_db_blocker) -> Iterator[None]:
    """The final catalogue, its former names and the monthly releases, loaded once for the
    module (outside the tests' transactions) and flushed after."""
    require_shared(PUBLIC_LISTS)
    with django_db_blocker.unblock():
        load_catalogue_with_history()
        try:
            yield
        finally:
            call_command("flush", interactive=False, verbosity=0)
            # flush also empties what data migrations wrote, which later tests rely on.
            Group.objects.get_or_create(name=ORGANISERS_GROUP)


@pytest.fixture(scope="module")
def checked(catalogue_with_history, django_db_blocker) -> list[Checked]:
    """Every top-level public list, checked once as of its date."""
    with django_db_blocker.unblock():
        return check_all(real_lists())


@pytest.fixture(scope="module")
def found(checked: list[Checked]) -> Figures:
    return figures(checked)


def why(checked: list[Checked], files: list[str]) -> str:
    """The codes each named list is judged on, for a failure message."""
    by_file = {one.real.file: one for one in checked}
    return "\n".join(f"{f}: {sorted(by_file[f].error_codes)}" for f in files[:40])


@on_real_lists
def test_every_list_is_checked_as_of_its_date(checked: list[Checked]) -> None:
    """Each file of the folder is checked, dated and answered (a result, never a crash)."""
    files = sorted(p.name for p in PUBLIC_LISTS.glob("*.txt"))
    assert [one.real.file for one in checked] == files
    assert all(one.real.day is not None for one in checked), "a list without # date:"
    assert all(one.exit in (0, 1, 2) for one in checked)


@on_real_lists
def test_real_lists_read(found: Figures) -> None:
    assert found.read >= READ_AT_LEAST, found.lines()
    assert found.units >= UNITS_AT_LEAST, found.lines()


@on_real_lists
def test_real_lists_wargear_unread(found: Figures) -> None:
    assert found.wargear_unread_lists <= WARGEAR_UNREAD_LISTS_AT_MOST, found.lines()


@on_real_lists
def test_real_lists_false_errors(checked: list[Checked], found: Figures) -> None:
    """No list is judged illegal (apart from POINTS_LIMIT) unless docs/real-lists.md
    rules on it."""
    assert len(found.false_errors) <= FALSE_ERRORS, why(checked, found.false_errors)


@on_real_lists
def test_real_lists_rulings_are_not_stale(found: Figures) -> None:
    """Every ruling of docs/real-lists.md names a list of the folder that still has the
    errors it rules on, and no others."""
    ruled = rulings()
    missing = sorted(f for f in ruled if not (PUBLIC_LISTS / f).is_file())
    assert missing == [], f"docs/real-lists.md rules on lists the folder lacks: {missing}"
    assert found.stale_rulings == [], (
        f"docs/real-lists.md rules on lists that no longer have the error: {found.stale_rulings}"
    )


@on_real_lists
def test_the_three_sample_lists_read_with_no_unplaced_line(
    catalogue_with_history, django_db_blocker
) -> None:
    samples = require_shared(SAMPLES_DIR)
    lists = [read_real_list(p, samples) for p in sorted(samples.glob("*.txt"))]
    assert len(lists) == 3
    with django_db_blocker.unblock():
        checked = check_all(lists)
    for one in checked:
        assert one.read, one.real.file
        assert one.result.get("unrecognised") == [], one.real.file
        assert one.wargear_unread == 0, one.real.file
        assert one.error_codes == set(), (one.real.file, one.error_codes)


# A faction only older data has: Ynnari was a catalogue of its own until February 2025
# (a library since), fielding the Aeldari library's units and Drukhari allies up to 1000.
YNNARI_LIST = "mhq__basses-alpes-wargame-2000-points-format-wtc-v10-2023-10-21__06.txt"


@on_real_lists
@pytest.mark.parametrize(
    ("day", "faction", "reads"),
    [
        (datetime.date(2023, 10, 21), "Ynnari", True),  # the event's date
        (datetime.date(2025, 2, 15), "Ynnari", True),  # the last release that had it
        # Later the header names the Aeldari: its Drukhari units are not theirs.
        (datetime.date(2025, 3, 15), "Aeldari", False),
    ],
)
def test_a_retired_faction_reads_up_to_its_last_release(
    catalogue_with_history, django_db_blocker, day, faction, reads
) -> None:
    real = read_real_list(require_shared(PUBLIC_LISTS) / YNNARI_LIST)
    with django_db_blocker.unblock():
        one = check_all([RealList(real.file, day, real.text)])[0]
    assert one.result["faction"] == faction
    assert one.read is reads, one.result.get("unrecognised")


@on_real_lists
def test_a_retired_faction_keeps_its_allies_and_is_not_offered_anew(
    catalogue_with_history, django_db_blocker
) -> None:
    with django_db_blocker.unblock():
        ynnari = Faction.objects.get(name="Ynnari")
        caps = dict(ynnari.ally_rules.values_list("keyword", "points_cap"))
        offered = {name for _, group in faction_choices() for _, name in group}
        detachments = set(ynnari.detachments.values_list("name", "last_release__name"))
    assert ynnari.last_release is not None
    assert ynnari.last_release.published == datetime.date(2025, 2, 1)
    assert caps == {"AELDARI": None, "DRUKHARI": 1000, "UNALIGNED FORCES": 500}
    assert detachments == {
        ("Battle Host", "BSData 2025-02-01"),
        ("Armoured Warhost", "BSData 2025-02-01"),
    }
    assert "Ynnari" not in offered and "Aeldari" in offered


# --- docs/real-lists.md: its table format, read by tests/formats/real_lists.py ----------


def test_rulings_reads_a_table_row(tmp_path: Path) -> None:
    doc = tmp_path / "real-lists.md"
    doc.write_text(
        "# Real lists\n\n"
        "Some prose naming `not-a-row.txt` and UNIT_SIZE.\n\n"
        "| List | Rules broken | Why the ruling is right |\n"
        "| --- | --- | --- |\n"
        "| `event__tau__03.txt` | UNIT_SIZE, DATASHEET_LIMIT | 4 Crisis suits; a fourth copy |\n"
        "| `french/liste__01.txt` | ENHANCEMENT_LIMIT | two relics on one model |\n"
        "| `event__tau__03.txt` | WARLORD | no warlord named |\n",
        encoding="utf-8",
    )
    assert rulings(doc) == {
        "event__tau__03.txt": {"UNIT_SIZE", "DATASHEET_LIMIT", "WARLORD"},
        "french/liste__01.txt": {"ENHANCEMENT_LIMIT"},
    }


def test_rulings_of_a_missing_document_are_none(tmp_path: Path) -> None:
    assert rulings(tmp_path / "absent.md") == {}


def test_docs_real_lists_rows_are_all_read() -> None:
    """Every table row of docs/real-lists.md that names a list is a ruling the parser reads
    (none is silently ignored for a typo), naming rule codes that exist."""
    rows = [
        line
        for line in RULINGS.read_text(encoding="utf-8").splitlines()
        if line.startswith("|") and "`" in line.split("|")[1]
    ]
    unread = [row for row in rows if not RULING_RE.match(row)]
    assert unread == []
    named = {code for found in rulings().values() for code in found}
    assert named <= set(codes.ALL_CODES), named - set(codes.ALL_CODES)
