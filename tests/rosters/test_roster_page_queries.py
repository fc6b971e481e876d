"""The roster page costs the same number of queries for 5 units as for 60."""

import pytest
from django.urls import reverse

from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db

# Eight with the catalogue rows warm (session, user, ownership, roster, units, options,
# upgrades, catalogue version); a few spare for a detachment with upgrades.
MAX_QUERIES = 12


def fill(roster, total: int) -> None:
    names = ["Intercessor Squad", "Hellblaster Squad", "Rhino", "Captain", "Terminator Squad"]
    while roster.units.count() < total:
        add(roster, names[roster.units.count() % len(names)])


@pytest.mark.parametrize("size", [5, 60])
def test_roster_page_query_count_is_flat(
    client, owner, roster, size, django_assert_max_num_queries
):
    fill(roster, size)
    client.force_login(owner)
    url = reverse("rosters:roster", args=[roster.pk])
    client.get(url)
    with django_assert_max_num_queries(MAX_QUERIES) as captured:
        response = client.get(url)
    assert response.status_code == 200
    # Sixty units hold more copies than the limits allow; five do not.
    assert (response.content.decode().count('class="flagged"') > 0) is (size == 60)
    # Record the exact figure so the two sizes can be compared in the report.
    print(f"{size} units: {len(captured.captured_queries)} queries")


def test_query_count_does_not_grow_with_units(client, owner, roster, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(owner)
    url = reverse("rosters:roster", args=[roster.pk])
    counts = []
    for size in (5, 60):
        fill(roster, size)
        client.get(url)
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
