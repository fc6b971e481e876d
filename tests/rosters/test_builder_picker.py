"""The datasheet picker: what it offers, its counts against limits, and safe HTML."""

import pytest
from django.urls import reverse

from rosters.builder import keyword_title
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


def test_picker_prices_are_worded_in_each_language(client, owner, roster):
    client.force_login(owner)
    url = reverse("rosters:roster", args=[roster.pk])
    # The same warm picker serves both languages: each reads its own words.
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "5: 110 pts · 10: 220 pts" in picker_item(english, "Hellblaster Squad")
    assert "5: 110 очк. · 10: 220 очк." in picker_item(russian, "Hellblaster Squad")
    assert "5: 110 pts · 10: 220 pts" in picker_item(again, "Hellblaster Squad")


@pytest.mark.parametrize(
    ("keyword", "title"),
    [
        ("AGENTS OF THE IMPERIUM", "Agents of the Imperium"),
        ("IMPERIAL KNIGHTS", "Imperial Knights"),
        ("THE ASCENDED", "The Ascended"),  # the first word keeps its capital
    ],
)
def test_an_unlabelled_allowance_is_titled_as_a_name(keyword, title):
    assert keyword_title(keyword) == title
