"""The builder speaks to players: titles before codes, names for profiles, reasons where due."""

import re

import pytest
from django.urls import reverse

from armybuilder.catalogue.models import Enhancement
from rosters import presentation, services
from rosters.models import Roster
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db


def row(html: str, name: str) -> str:
    start = html.index(f'<th scope="row">{name}')
    return html[start : html.index("</tr>", start)]


def test_violations_show_a_title_with_the_code_as_detail(client, owner, roster):
    for _ in range(3):
        add(roster, "Hellblaster Squad")
    add(roster, "Hellblaster Squad")
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    item = re.search(r'<li class="error" data-code="DATASHEET_LIMIT">(.*?)</li>', html, re.S)
    assert item is not None
    assert '<strong class="title">Too many copies</strong>' in item.group(1)
    assert '<code class="code">DATASHEET_LIMIT</code>' in item.group(1)
    # The flagged row names the problem in words, not by its code.
    assert "Too many copies" in row(html, "Hellblaster Squad")


def test_profile_has_its_human_name(client, owner, roster):
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "under 10th edition core rules" in html
    assert "core-10" not in html


def test_every_code_has_a_title_of_its_own():
    from armybuilder.rules import codes

    titles = [presentation.violation_title(code) for code in codes.ALL_CODES]
    assert all(titles) and len(set(titles)) == len(titles)


@pytest.mark.parametrize("shared", [False, True], ids=["owner's builder", "shared view"])
def test_enhancement_reasons_only_under_characters_selects(client, owner, roster, shared):
    add(roster, "Terminator Squad")
    # Adept of the Codex needs CAPTAIN: a reason the Captain's row need not show, but a
    # Lieutenant would. This catalogue's only character is the Captain, so restrict the
    # other enhancement to something the Captain lacks.
    Enhancement.objects.filter(name="Adept of the Codex").update(required_keywords=[["MOUNTED"]])
    client.force_login(owner)
    if shared:
        roster = services.roster_share_set(roster=roster, enabled=True)
        html = client.get(reverse("rosters:shared", args=[roster.share_token])).content.decode()
    else:
        html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "Only CHARACTER units can take enhancements" not in html
    for name in ("Intercessor Squad", "Terminator Squad", "Rhino"):
        assert 'class="refusals"' not in row(html, name)
    captain = row(html, "Captain")
    if shared:
        assert "<select" not in captain and 'class="refusals"' not in captain
    else:
        assert 'class="refusals"' in captain and "MOUNTED" in captain
        # The option itself stays short: name and points, the reason goes below.
        option = re.search(r"<option[^>]*>(Adept of the Codex[^<]*)</option>", captain)
        assert option is not None and "MOUNTED" not in option.group(1)


def test_a_character_with_its_enhancement_shows_no_reasons_for_the_others(client, owner, roster):
    Enhancement.objects.filter(name="Adept of the Codex").update(required_keywords=[["MOUNTED"]])
    captain = next(u for u in roster.units.all() if u.datasheet.name == "Captain")
    other = Enhancement.objects.exclude(name="Adept of the Codex").first()
    assert other is not None
    client.force_login(owner)
    url = reverse("rosters:roster", args=[roster.pk])
    # Still choosing: the reasons are there, folded under one line.
    before = row(client.get(url).content.decode(), "Captain")
    assert '<details class="refusals"><summary>Why some are not offered</summary>' in before
    services.roster_unit_update(unit=captain, enhancement=other)
    after = row(client.get(url).content.decode(), "Captain")
    assert 'class="refusals"' not in after and "MOUNTED" not in after
    assert f'value="{other.pk}" selected' in after


def test_empty_roster_points_to_the_datasheets_list(client, owner, roster):
    empty = Roster.objects.get(pk=roster.pk)
    empty.units.all().delete()
    client.force_login(owner)
    html = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert 'Add some from the <a href="#picker-heading">Datasheets</a> list.' in html
    assert "below" not in html
