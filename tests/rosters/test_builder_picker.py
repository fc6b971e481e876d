"""The datasheet picker: what it offers, its counts against limits, and safe HTML."""

import pytest
from django.urls import reverse

from tests.factories import make_datasheet
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def picker_item(html: str, name: str) -> str:
    start = html.index(f'data-name="{name}"')
    return html[start : html.index("</li>", start)]


def test_picker_shows_keywords_brackets_and_count_against_limit(client, owner, roster):
    add(roster, "Hellblaster Squad")
    add(roster, "Hellblaster Squad")
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    item = picker_item(html, "Hellblaster Squad")
    assert "2 / 3" in item and "5: 110 pts · 10: 220 pts" in item and "INFANTRY" in item
    assert "1 / 6" in picker_item(html, "Intercessor Squad")
    assert "0 / 1" in picker_item(html, "Marneus Calgar")  # an Epic Hero, once at most


def test_picker_leaves_out_datasheets_the_release_does_not_price(client, owner, roster, marines):
    make_datasheet(marines, "Unpriced Thing", "VEHICLE")
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert 'data-name="Unpriced Thing"' not in html


def test_picker_escapes_names(client, owner, roster, marines, release):
    make_datasheet(marines, '<script>alert("x")</script>', "INFANTRY", release=release)
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert '<script>alert("x")</script>' not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
