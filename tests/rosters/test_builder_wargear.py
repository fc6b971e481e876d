"""The builder's wargear panel: per model type its choices with the rules core's live
counts, a short summary when closed; changes by htmx or a plain form post update points
and violations; a model-count change reports what it could not keep."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from rosters.models import Roster
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client_in(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def _fields(unit_pk: int, heavy: int, plasma: int) -> dict[str, str]:
    # Type 1 (Hellblaster) options: Plasma incinerator, Heavy plasma incinerator, Bolt pistol.
    return {
        f"wg_{unit_pk}_m_1": "4",
        f"wg_{unit_pk}_o_1_0": str(plasma),
        f"wg_{unit_pk}_o_1_1": str(heavy),
    }


def test_the_panel_shows_choices_counts_and_a_summary(client_in: Client, roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    html = client_in.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert f'id="wg-{unit.pk}"' in html
    assert "Default wargear" in html
    assert "4 / 4 heavy weapons" in html
    assert "0 / 1 in the unit" in html
    assert f'name="wg_{unit.pk}_o_1_1"' in html


@pytest.mark.parametrize(
    ("heavy", "points_legal"),
    [pytest.param(1, True, id="boundary: one in five"), pytest.param(2, False, id="two")],
)
def test_htmx_change_updates_points_and_violations(
    client_in: Client, roster: Roster, heavy: int, points_legal: bool
) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    response = client_in.post(url, _fields(unit.pk, heavy, 4 - heavy), **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'id="wg-{unit.pk}" open' in html
    assert f"{heavy}× Heavy plasma incinerator" in html
    assert ('data-code="WARGEAR_CHOICE"' in html) is not points_legal
    unit.refresh_from_db()
    assert unit.wargear[1]["wargear"]["Heavy plasma incinerator"] == heavy


def test_a_plain_form_post_redirects_with_the_panel_open(client_in: Client, roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    response = client_in.post(url, _fields(unit.pk, 1, 3))
    assert response.status_code == 302
    page = client_in.get(response["Location"]).content.decode()
    assert f'id="wg-{unit.pk}" open' in page


def test_defaults_button_and_bad_numbers(client_in: Client, roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    client_in.post(url, _fields(unit.pk, 2, 2), **HX)
    client_in.post(url, {"wg_reset": "1"}, **HX)
    unit.refresh_from_db()
    assert unit.wargear == []
    html = client_in.post(url, {f"wg_{unit.pk}_o_1_1": "lots"}, **HX).content.decode()
    assert "whole numbers" in html
    unit.refresh_from_db()
    assert unit.wargear == []


def test_a_smaller_unit_reports_the_choice_it_dropped(client_in: Client, roster: Roster) -> None:
    unit = add(roster, "Hellblaster Squad", 10)
    wargear_url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    client_in.post(
        wargear_url,
        {f"wg_{unit.pk}_m_1": "9", f"wg_{unit.pk}_o_1_0": "7", f"wg_{unit.pk}_o_1_1": "2"},
        **HX,
    )
    update = reverse("rosters:unit_update", args=[roster.pk, unit.pk])
    html = client_in.post(update, {f"models_{unit.pk}": "5"}, **HX).content.decode()
    assert "1x Heavy plasma incinerator no longer fits" in html
    assert 'data-code="WARGEAR_CHOICE"' not in html


def test_another_player_cannot_post_wargear(roster: Roster, stranger) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    client = Client()
    client.force_login(stranger)
    url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    assert client.post(url, _fields(unit.pk, 1, 3)).status_code == 404


def test_lines_an_import_could_not_read_show_and_can_be_forgotten(
    client_in: Client, roster: Roster
) -> None:
    unit = add(roster, "Hellblaster Squad", 5)
    client_in.post(
        reverse("rosters:unit_wargear", args=[roster.pk, unit.pk]), _fields(unit.pk, 1, 3)
    )
    unit.refresh_from_db()
    chosen = unit.wargear
    assert chosen
    unit.wargear_unread = [{"text": "2x Heirloom weapon", "line": 14, "nearest": ["Bolt pistol"]}]
    unit.save(update_fields=["wargear_unread"])
    html = client_in.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "<q>2x Heirloom weapon</q> (line 14)" in html
    assert "1× Heavy plasma incinerator · 1 line not read" in html
    assert 'data-code="WARGEAR_UNREAD"' in html
    assert 'name="wg_forget_unread"' in html
    # A duplicate keeps the lines: they are the unit's as the list stated it.
    client_in.post(reverse("rosters:unit_duplicate", args=[roster.pk, unit.pk]))
    squads = roster.units.filter(datasheet__name="Hellblaster Squad")
    assert [u.wargear_unread for u in squads] == [unit.wargear_unread] * 2
    url = reverse("rosters:unit_wargear", args=[roster.pk, unit.pk])
    response = client_in.post(url, {"wg_forget_unread": "1"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Heirloom weapon" in html  # the copy still has its line
    unit.refresh_from_db()
    assert unit.wargear_unread == []
    # The wargear itself is left as it was.
    assert unit.wargear == chosen
