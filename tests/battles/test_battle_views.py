"""Recording and scoring a battle on the site; a stranger finds nothing of it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from rosters.battles import services
from rosters.battles.models import Battle, BattleSide
from rosters.formats import services as export_services
from rosters.models import Roster

pytestmark = pytest.mark.django_db


def test_record_a_battle_against_another_of_my_rosters(
    client: Client, owner: User, roster: Roster, rival_roster: Roster
) -> None:
    client.force_login(owner)
    url = reverse("battles:create", args=[roster.pk])
    assert b"Record a battle" in client.get(url).content
    response = client.post(
        url,
        {
            "opponent_kind": "roster",
            "opponent_roster": rival_roster.pk,
            "battle_size": "strike_force",
            "scoring_profile": "kill-points-4",
            "played_on": "2026-11-28",
        },
    )
    battle = Battle.objects.get(owner=owner)
    assert response.status_code == 302
    assert response["Location"] == reverse("battles:battle", args=[battle.pk])
    own, other = battle.sides.all()
    # Points per unit are the roster's own Result: 10 Intercessors 160, Captain 80, Rhino 75.
    assert sorted(own.units.values_list("name", "points")) == [
        ("Captain", 80),
        ("Intercessor Squad", 160),
        ("Rhino", 75),
    ]
    assert (own.points, other.name, other.points) == (315, "Hellblasters", 300)
    rhino = own.units.get(name="Rhino")
    assert rhino.can_be_damaged
    assert not own.units.get(name="Intercessor Squad").can_be_damaged


def test_record_a_battle_against_a_shared_roster_link(
    client: Client, owner: User, stranger: User, roster: Roster, rival_roster: Roster
) -> None:
    rival_roster.owner = stranger
    rival_roster.save()
    token = services.roster_services.roster_share_set(roster=rival_roster, enabled=True).share_token
    client.force_login(owner)
    response = client.post(
        reverse("battles:create", args=[roster.pk]),
        {
            "opponent_kind": "shared",
            "shared_link": f"http://testserver/shared/{token}/",
            "battle_size": "custom",
            "custom_points": "1500",
            "scoring_profile": "only-war-10",
            "played_on": "2026-11-28",
        },
    )
    assert response.status_code == 302
    battle = Battle.objects.get(owner=owner)
    assert battle.points == 1500
    assert battle.sides.get(index=1).units.count() == 2


def test_a_bad_shared_link_says_so_and_records_nothing(
    client: Client, owner: User, roster: Roster
) -> None:
    client.force_login(owner)
    response = client.post(
        reverse("battles:create", args=[roster.pk]),
        {
            "opponent_kind": "shared",
            "shared_link": "http://testserver/shared/not-a-real-token-at-all/",
            "battle_size": "strike_force",
            "scoring_profile": "only-war-10",
            "played_on": "2026-11-28",
        },
    )
    assert response.status_code == 200
    assert "No roster is shared" in response.content.decode()
    assert not Battle.objects.exists()


def test_typed_opponent_without_a_list(client: Client, owner: User, roster: Roster) -> None:
    client.force_login(owner)
    client.post(
        reverse("battles:create", args=[roster.pk]),
        {
            "opponent_kind": "typed",
            "opponent_name": "Gork's Lads",
            "opponent_faction": "Orks",
            "opponent_points": "1995",
            "battle_size": "strike_force",
            "scoring_profile": "mission-9",
            "victory_level": "on",
            "played_on": "2026-11-28",
        },
    )
    other = BattleSide.objects.get(index=1)
    assert (other.name, other.faction, other.points, other.units.count()) == (
        "Gork's Lads",
        "Orks",
        1995,
        0,
    )


def test_score_entry_saves_and_answers_htmx_with_the_live_result(
    client: Client, owner: User, battle: Battle
) -> None:
    client.force_login(owner)
    own, other = battle.sides.all()
    rhino = own.units.get(name="Rhino")
    hellblasters = other.units.get(name="Hellblaster Squad")
    response = client.post(
        reverse("battles:battle", args=[battle.pk]),
        {
            "s0_r1": "5",
            "s1_r2": "3",
            f"unit_{rhino.pk}": "damaged",
            f"unit_{hellblasters.pk}": "destroyed",
            "s0_secondaries": "Slay the Warlord\n\n",
            "victory_level": "on",
        },
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="battle-result"')
    # Side 0: 5 + 220 (Hellblasters destroyed); side 1: 3 + 37 (half of 75, rounded down).
    result = services.battle_score(battle=services.battle_load(battle_id=battle.pk))
    assert (result.sides[0].vp, result.sides[1].vp) == (225, 40)
    assert "Gladius wins" in body
    assert result.victory_level is not None
    assert result.victory_level.points == (14, 6)


def test_a_damaged_infantry_unit_is_flagged_unit_state(
    client: Client, owner: User, battle: Battle
) -> None:
    client.force_login(owner)
    squad = battle.sides.get(index=0).units.get(name="Intercessor Squad")
    response = client.post(
        reverse("battles:battle", args=[battle.pk]),
        {f"unit_{squad.pk}": "damaged"},
        HTTP_HX_REQUEST="true",
    )
    assert "UNIT_STATE" in response.content.decode()


def test_bad_vp_is_refused_and_nothing_is_saved(
    client: Client, owner: User, battle: Battle
) -> None:
    client.force_login(owner)
    url = reverse("battles:battle", args=[battle.pk])
    client.post(url, {"s0_r1": "4"})
    response = client.post(url, {"s0_r1": "9", "s1_r1": "lots"}, HTTP_HX_REQUEST="true")
    assert "must be a whole number" in response.content.decode()
    assert battle.sides.get(index=0).round_vp == {"1": 4}


def test_my_battles_lists_the_record(client: Client, owner: User, battle: Battle) -> None:
    client.force_login(owner)
    client.post(reverse("battles:battle", args=[battle.pk]), {"s1_r1": "10"})
    body = client.get(reverse("battles:list")).content.decode()
    assert "Hellblasters" in body
    assert "0</strong> won" in body and "1</strong> lost" in body


def test_the_result_sheet_is_a_one_page_pdf(client: Client, owner: User, battle: Battle) -> None:
    client.force_login(owner)
    response = client.get(reverse("battles:pdf", args=[battle.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert response.content.count(b"/Type /Page\n") + response.content.count(b"/Type /Page ") == 1


def test_share_link_reads_and_is_revocable(
    client: Client, owner: User, stranger: User, battle: Battle
) -> None:
    client.force_login(owner)
    client.post(reverse("battles:share", args=[battle.pk]), {"enabled": "1"})
    battle.refresh_from_db()
    token = battle.share_token
    assert token and len(token) >= 32
    client.force_login(stranger)
    shared = client.get(reverse("battles:shared", args=[token]))
    assert shared.status_code == 200
    assert "Read-only" in shared.content.decode()
    client.force_login(owner)
    client.post(reverse("battles:share", args=[battle.pk]), {"enabled": "0"})
    assert client.get(reverse("battles:shared", args=[token])).status_code == 404


GETS = ["battle", "pdf"]
POSTS = ["battle", "share", "delete"]


@pytest.mark.parametrize("name", GETS)
def test_stranger_gets_404_on_battle_pages(
    client: Client, stranger: User, battle: Battle, name: str
) -> None:
    client.force_login(stranger)
    assert client.get(reverse(f"battles:{name}", args=[battle.pk])).status_code == 404


@pytest.mark.parametrize("name", POSTS)
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_stranger_gets_404_on_battle_posts(
    client: Client, stranger: User, battle: Battle, name: str, htmx: bool
) -> None:
    client.force_login(stranger)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(
        reverse(f"battles:{name}", args=[battle.pk]), {"s0_r1": "3", "enabled": "1"}, **headers
    )
    assert response.status_code == 404
    battle.refresh_from_db()
    assert battle.share_token is None
    assert battle.sides.get(index=0).round_vp == {}


def test_stranger_cannot_record_a_battle_from_my_roster(
    client: Client, stranger: User, roster: Roster
) -> None:
    client.force_login(stranger)
    assert client.get(reverse("battles:create", args=[roster.pk])).status_code == 404


def test_stranger_sees_none_of_my_battles_in_their_list(
    client: Client, stranger: User, battle: Battle
) -> None:
    client.force_login(stranger)
    assert "Hellblasters" not in client.get(reverse("battles:list")).content.decode()


def test_anonymous_is_sent_to_log_in(client: Client, battle: Battle) -> None:
    response = client.get(reverse("battles:battle", args=[battle.pk]))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_typed_opponent_with_a_pasted_list_is_read_by_the_importer(
    client: Client, owner: User, roster: Roster, rival_roster: Roster
) -> None:
    text = export_services.roster_export_text(roster_id=rival_roster.pk)
    client.force_login(owner)
    response = client.post(
        reverse("battles:create", args=[roster.pk]),
        {
            "opponent_kind": "typed",
            "opponent_name": "Ivan",
            "opponent_list": text,
            "battle_size": "strike_force",
            "scoring_profile": "kill-points-4",
            "played_on": "2026-11-28",
        },
    )
    assert response.status_code == 302
    other = BattleSide.objects.get(index=1)
    assert (other.name, other.faction, other.points) == ("Ivan", "Space Marines", 300)
    assert sorted(other.units.values_list("name", "points")) == [
        ("Captain", 80),
        ("Hellblaster Squad", 220),
    ]


def test_a_pasted_list_with_unknown_lines_is_refused_with_their_line_numbers(
    client: Client, owner: User, roster: Roster, rival_roster: Roster
) -> None:
    text = export_services.roster_export_text(roster_id=rival_roster.pk)
    # A name near no datasheet ("Hellblaster Squadd" at its own points reads as the squad).
    text = text.replace("Hellblaster Squad", "Zzyzx Company")
    client.force_login(owner)
    response = client.post(
        reverse("battles:create", args=[roster.pk]),
        {
            "opponent_kind": "typed",
            "opponent_name": "Ivan",
            "opponent_list": text,
            "battle_size": "strike_force",
            "scoring_profile": "kill-points-4",
            "played_on": "2026-11-28",
        },
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "could not place" in body and "Zzyzx Company" in body
    assert not Battle.objects.exists()


@pytest.mark.parametrize(
    ("size", "custom", "said"),
    [
        ("strike_force", None, "Strike Force (2000 pts) · "),
        ("incursion", None, "Incursion (1000 pts) · "),
        ("custom", 1500, "Custom points size (1500 pts) · "),
    ],
)
def test_the_battle_size_is_said_once_on_the_page_and_the_pdf(
    client: Client, owner: User, roster: Roster, rival_roster: Roster, size, custom, said
) -> None:
    from io import BytesIO

    from pypdf import PdfReader

    battle = services.battle_create(
        owner=owner,
        side=services.roster_snapshot(roster=roster),
        opponent=services.roster_snapshot(roster=rival_roster),
        battle_size=size,
        custom_points=custom,
    )
    client.force_login(owner)
    page = client.get(reverse("battles:battle", args=[battle.pk])).content.decode()
    pdf = client.get(reverse("battles:pdf", args=[battle.pk])).content
    text = "\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)
    for shown in (page, text):
        assert said in shown
        assert "pts) (" not in shown and "pts)  (" not in shown


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_result_sheet_names_its_profile_and_breaks_no_heading(
    client: Client, owner: User, battle: Battle, language: str
) -> None:
    from io import BytesIO

    from django.utils import translation
    from pypdf import PdfReader

    from armybuilder.rules.scoring import SCORING_PROFILES

    client.force_login(owner)
    pdf = client.get(
        reverse("battles:pdf", args=[battle.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content
    words = set("\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages).split())
    with translation.override(language):
        heads = {translation.gettext(h) for h in ("Painted", "Kills")}
        title = translation.gettext(SCORING_PROFILES[battle.scoring_profile].title)
    assert heads <= words
    assert set(title.split()) <= words and battle.scoring_profile not in words
