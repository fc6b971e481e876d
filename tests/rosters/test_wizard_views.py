"""The declaration wizard through the test client: steps, runs, saving, ownership."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rosters.models import Declaration

pytestmark = pytest.mark.django_db


def start(client, roster) -> str:
    response = client.get(reverse("rosters:wizard_start", args=[roster.pk]))
    assert response.status_code == 302
    match = re.search(r"/declare/([^/]+)/leaders/$", response["Location"])
    assert match, response["Location"]
    return match.group(1)


def step_url(roster, run, step):
    return reverse("rosters:wizard", args=[roster.pk, run, step])


@pytest.fixture
def units(roster):
    return {u.datasheet.name: u.pk for u in roster.units.all()}


def test_whole_run_attach_embark_reserve_and_save(client, owner, roster, units):
    client.force_login(owner)
    run = start(client, roster)
    leaders = client.get(step_url(roster, run, "leaders")).content.decode()
    # Only eligible bodyguards are offered: the Captain may lead Intercessors, not a Rhino.
    select = leaders[leaders.index(f'name="leader_{units["Captain"]}"') :]
    select = select[: select.index("</select>")]
    assert "Intercessor Squad" in select and "Rhino" not in select

    client.post(
        step_url(roster, run, "leaders"), {f"leader_{units['Captain']}": units["Intercessor Squad"]}
    )
    transports = client.get(step_url(roster, run, "transports")).content.decode()
    assert "Captain + Intercessor Squad" in transports
    assert "0 / 12 models" in transports

    meter = client.post(
        reverse("rosters:wizard_meter", args=[roster.pk, run, "transports"]),
        {f"group_{units['Intercessor Squad']}": units["Rhino"]},
    ).content.decode()
    assert "11 / 12 models" in meter

    client.post(
        step_url(roster, run, "transports"), {f"group_{units['Intercessor Squad']}": units["Rhino"]}
    )
    reserves = client.get(step_url(roster, run, "reserves")).content.decode()
    assert "Captain + Intercessor Squad rides in Rhino" in reserves
    assert "Strategic Reserves: 0 / 500 pts" in reserves

    meter = client.post(
        reverse("rosters:wizard_meter", args=[roster.pk, run, "reserves"]),
        {f"place_{units['Rhino']}": "strategic_reserves"},
    ).content.decode()
    assert "Strategic Reserves: 315 / 500 pts" in meter

    client.post(
        step_url(roster, run, "reserves"), {f"place_{units['Rhino']}": "strategic_reserves"}
    )
    review = client.get(step_url(roster, run, "review")).content.decode()
    assert "Captain → Intercessor Squad" in review
    assert "Captain + Intercessor Squad in Rhino" in review
    assert "The declaration breaks no rule." in review

    response = client.post(step_url(roster, run, "review"), {"name": "vs. shooting", "save": "1"})
    assert response.status_code == 302
    saved = Declaration.objects.get(roster=roster, name="vs. shooting")
    assert saved.attachments == [[units["Captain"], units["Intercessor Squad"]]]
    assert sorted(saved.embarkations) == sorted(
        [[units["Intercessor Squad"], units["Rhino"]], [units["Captain"], units["Rhino"]]]
    )
    assert saved.placements == {str(units["Rhino"]): "strategic_reserves"}


def test_back_keeps_the_choices(client, owner, roster, units):
    client.force_login(owner)
    run = start(client, roster)
    client.post(
        step_url(roster, run, "leaders"), {f"leader_{units['Captain']}": units["Intercessor Squad"]}
    )
    response = client.post(step_url(roster, run, "transports"), {"back": "1"})
    assert response["Location"] == step_url(roster, run, "leaders")
    html = client.get(step_url(roster, run, "leaders")).content.decode()
    assert f'<option value="{units["Intercessor Squad"]}" selected>' in html


def test_two_runs_do_not_share_choices(client, owner, roster, units):
    client.force_login(owner)
    first, second = start(client, roster), start(client, roster)
    assert first != second
    client.post(
        step_url(roster, first, "leaders"),
        {f"leader_{units['Captain']}": units["Intercessor Squad"]},
    )
    html = client.get(step_url(roster, second, "leaders")).content.decode()
    assert f'<option value="{units["Intercessor Squad"]}" selected>' not in html


def test_over_cap_blocks_saving_and_links_back_to_reserves(client, owner, roster, units):
    from tests.rosters.conftest import add

    hellblasters = add(roster, "Hellblaster Squad", 10)
    big = add(roster, "Terminator Squad", 10)
    client.force_login(owner)
    run = start(client, roster)
    client.post(
        step_url(roster, run, "reserves"),
        {
            f"place_{hellblasters.pk}": "strategic_reserves",
            f"place_{big.pk}": "strategic_reserves",
            f"place_{units['Rhino']}": "battlefield",
            f"place_{units['Captain']}": "battlefield",
            f"place_{units['Intercessor Squad']}": "battlefield",
        },
    )
    review = client.get(step_url(roster, run, "review")).content.decode()
    assert "Strategic Reserves: 560 / 500 pts" in review
    assert f'href="{step_url(roster, run, "reserves")}"' in review
    response = client.post(step_url(roster, run, "review"), {"name": "too much", "save": "1"})
    assert response.status_code == 400
    assert not Declaration.objects.exists()


def test_deep_strike_offered_only_where_every_model_has_it(
    client, owner, roster, marines, release, units
):
    from tests.factories import make_datasheet
    from tests.rosters.conftest import add

    make_datasheet(
        marines, "Deep Strikers", "INFANTRY", prices=[(5, 100)], release=release, deep_strike=True
    )
    strikers = add(roster, "Deep Strikers")
    client.force_login(owner)
    run = start(client, roster)
    html = client.get(step_url(roster, run, "reserves")).content.decode()
    own = html[html.index(f'name="place_{strikers.pk}"') :]
    own = own[: own.index("</select>")]
    assert "Deep Strike" in own
    theirs = html[html.index(f'name="place_{units["Intercessor Squad"]}"') :]
    theirs = theirs[: theirs.index("</select>")]
    assert "Deep Strike" not in theirs and "Strategic Reserves" in theirs


@pytest.mark.parametrize("name", ["declarations", "wizard_start"])
def test_stranger_gets_404(client, stranger, roster, name):
    client.force_login(stranger)
    assert client.get(reverse(f"rosters:{name}", args=[roster.pk])).status_code == 404


def test_stranger_gets_404_on_anothers_run_and_declarations(client, owner, stranger, roster, units):
    client.force_login(owner)
    run = start(client, roster)
    declaration = Declaration.objects.create(roster=roster, name="mine")
    client.force_login(stranger)
    for url in (
        step_url(roster, run, "leaders"),
        reverse("rosters:declaration_edit", args=[roster.pk, declaration.pk]),
        reverse("rosters:declaration_delete", args=[roster.pk, declaration.pk]),
    ):
        assert client.get(url).status_code == 404
    assert (
        client.post(
            reverse("rosters:declaration_duplicate", args=[roster.pk, declaration.pk])
        ).status_code
        == 404
    )
    assert (
        client.post(
            reverse("rosters:wizard_meter", args=[roster.pk, run, "reserves"]), {}
        ).status_code
        == 404
    )
    assert Declaration.objects.count() == 1


def test_saved_declarations_edit_duplicate_delete(client, owner, roster, units):
    client.force_login(owner)
    declaration = Declaration.objects.create(
        roster=roster,
        name="vs. melee",
        attachments=[[units["Captain"], units["Intercessor Squad"]]],
    )
    listing = client.get(reverse("rosters:declarations", args=[roster.pk])).content.decode()
    assert "vs. melee" in listing and "Valid" in listing
    response = client.get(reverse("rosters:declaration_edit", args=[roster.pk, declaration.pk]))
    run = re.search(r"/declare/([^/]+)/", response["Location"]).group(1)
    html = client.get(step_url(roster, run, "leaders")).content.decode()
    assert f'<option value="{units["Intercessor Squad"]}" selected>' in html
    client.post(step_url(roster, run, "review"), {"name": "vs. melee", "save": "1"})
    assert Declaration.objects.filter(roster=roster).count() == 1

    client.post(reverse("rosters:declaration_duplicate", args=[roster.pk, declaration.pk]))
    assert set(roster.declarations.values_list("name", flat=True)) == {
        "vs. melee",
        "vs. melee (copy)",
    }
    client.post(reverse("rosters:declaration_delete", args=[roster.pk, declaration.pk]))
    assert list(roster.declarations.values_list("name", flat=True)) == ["vs. melee (copy)"]


def test_stale_declaration_says_so(client, owner, roster, units):
    client.force_login(owner)
    declaration = Declaration.objects.create(
        roster=roster,
        name="old",
        placements={str(units["Intercessor Squad"]): "strategic_reserves"},
    )
    roster.units.get(pk=units["Intercessor Squad"]).delete()
    listing = client.get(reverse("rosters:declarations", args=[roster.pk])).content.decode()
    assert "Stale" in listing
    response = client.get(reverse("rosters:declaration_edit", args=[roster.pk, declaration.pk]))
    html = client.get(response["Location"]).content.decode()
    assert "names 1 unit no longer in the roster" in html


def pdf_text(data: bytes) -> tuple[int, str]:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize(
    "profile, deadline",
    [
        ("core-10", "at the end of the battle count as destroyed"),
        ("matched-10", "at the end of battle round 3 count as destroyed"),
    ],
)
def test_declaration_sheet_pdf(client, owner, roster, units, profile, deadline):
    roster.profile = profile
    roster.save()
    declaration = Declaration.objects.create(
        roster=roster,
        name="vs. shooting",
        attachments=[[units["Captain"], units["Intercessor Squad"]]],
        embarkations=[
            [units["Intercessor Squad"], units["Rhino"]],
            [units["Captain"], units["Rhino"]],
        ],
        placements={str(units["Rhino"]): "strategic_reserves"},
    )
    client.force_login(owner)
    response = client.get(reverse("rosters:declaration_pdf", args=[roster.pk, declaration.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages, text = pdf_text(response.content)
    assert pages == 1
    flat = " ".join(text.split())
    assert "Battle formations: vs. shooting" in flat
    assert "Captain → Intercessor Squad" in flat
    assert "Rhino 11 / 12 Captain + Intercessor Squad" in flat
    assert "Rhino (carrying Captain + Intercessor Squad) 315" in flat
    assert "Strategic Reserves: 315 / 500 pts" in flat
    assert "No reserves arrive in battle round 1." in flat
    assert deadline in flat
    assert "page 1 of 1" in flat


def test_declaration_sheet_is_owner_only(client, stranger, roster):
    declaration = Declaration.objects.create(roster=roster, name="secret")
    client.force_login(stranger)
    response = client.get(reverse("rosters:declaration_pdf", args=[roster.pk, declaration.pk]))
    assert response.status_code == 404


def test_transport_with_partly_known_capacity_says_so(client, owner, roster, units):
    from armybuilder.catalogue.models import TransportPool

    TransportPool.objects.filter(datasheet__name="Rhino").update(
        complete=False, note="an exclusion has exceptions"
    )
    client.force_login(owner)
    run = start(client, roster)
    html = client.get(step_url(roster, run, "transports")).content.decode()
    assert "only part of its capacity rules is known here (an exclusion has exceptions)" in html
    assert "0 / 12 models" in html


def test_a_partly_known_capacity_is_said_in_russian(client, owner, roster, units):
    from armybuilder.catalogue.models import TransportPool

    # The importer stores its fixed notes in English, joined by "; ".
    TransportPool.objects.filter(datasheet__name="Rhino").update(
        complete=False, note="an exclusion has exceptions; has a unit-splitting rule"
    )
    client.force_login(owner)
    run = start(client, roster)
    url = step_url(roster, run, "transports")
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "у исключения есть исключения; есть правило о разделении отряда" in html
    assert "an exclusion has exceptions" not in html


def test_a_bodyguard_chosen_by_another_leader_shows_as_taken(client, owner, roster, units):
    from tests.rosters.conftest import add

    second = add(roster, "Captain")
    client.force_login(owner)
    run = start(client, roster)
    url = reverse("rosters:wizard_meter", args=[roster.pk, run, "leaders"])
    html = client.post(url, {f"leader_{units['Captain']}": units["Intercessor Squad"]}).content
    html = html.decode()
    theirs = html[html.index(f'name="leader_{second.pk}"') :]
    theirs = theirs[: theirs.index("</select>")]
    assert "Intercessor Squad (taken by Captain 1)" in theirs
    mine = html[html.index(f'name="leader_{units["Captain"]}"') :]
    mine = mine[: mine.index("</select>")]
    assert "taken" not in mine


def test_a_bodyguard_that_takes_two_leaders_is_not_marked_taken(client, owner, roster, units):
    from armybuilder.catalogue.models import Datasheet
    from tests.rosters.conftest import add

    Datasheet.objects.filter(name="Intercessor Squad").update(extra_leaders=1)
    second = add(roster, "Captain")
    client.force_login(owner)
    run = start(client, roster)
    url = reverse("rosters:wizard_meter", args=[roster.pk, run, "leaders"])
    html = client.post(url, {f"leader_{units['Captain']}": units["Intercessor Squad"]}).content
    html = html.decode()
    theirs = html[html.index(f'name="leader_{second.pk}"') :]
    assert "taken" not in theirs[: theirs.index("</select>")]


@pytest.mark.parametrize(
    ("language", "titles"),
    [("en", ["Reserves", "Transports"]), ("ru", ["Резервы", "Транспорт"])],
)
def test_each_declaration_violation_names_its_fixing_step_in_the_readers_language(
    language, titles
) -> None:
    from types import SimpleNamespace

    from django.utils import translation

    from armybuilder.rules import codes
    from armybuilder.rules import model as core
    from rosters import wizard

    found = [
        core.Violation(code, core.Severity.ERROR, "…")
        for code in (codes.STRATEGIC_RESERVES_CAP, codes.TRANSPORT_CAPACITY, codes.WARLORD)
    ]
    with translation.override(language):
        fixes = wizard.formation_fixes(result=SimpleNamespace(violations=found))
    # The army's own problems (a Warlord) are fixed in the builder, not in a step.
    assert [(v.code, step) for v, step, _ in fixes] == [
        (codes.STRATEGIC_RESERVES_CAP, "reserves"),
        (codes.TRANSPORT_CAPACITY, "transports"),
    ]
    assert [title for _, _, title in fixes] == titles
