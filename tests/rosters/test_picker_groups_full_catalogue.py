"""The picker on the full catalogue: role groups, allies apart, and only what is legal.

Three factions with allies (a Space Marine chapter, Chaos Space Marines, Astra
Militarum). Every datasheet the picker offers is added to the army in the rules core and
must draw no FACTION_KEYWORD or DETACHMENT_UNIT_RULE; every priced datasheet it leaves
out must be one the core refuses (another chapter's unit, or an ally whose cheapest unit
alone breaks its allowance's points cap).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.urls import reverse

from armybuilder import rules
from armybuilder.catalogue.models import Faction, PointsRelease, UnitPrice
from armybuilder.rules import codes
from armybuilder.rules import model as core
from rosters import services
from rosters.builder import ROLE_GROUPS
from tests.conftest import REPO_DIR

FULL_CATALOGUE = REPO_DIR / "fixtures" / "catalogue-10e.json.xz"
ROLE_TITLES = [title for _, title in ROLE_GROUPS]
FACTIONS = ["Blood Angels", "Chaos Space Marines", "Astra Militarum"]

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent"),
]

GROUP_RE = re.compile(
    r'<details class="picker-group[^"]*" data-group="(?P<key>[^"]+)"(?P<open> open)?>\s*'
    r'<summary><span class="group-title">(?P<title>[^<]*)</span>(?P<summary>.*?)</summary>'
    r"(?P<body>.*?)</details>",
    re.S,
)
NAME_RE = re.compile(r'<li data-search="[^"]*" data-name="([^"]*)"')


@pytest.fixture(scope="module")
def full_catalogue(django_db_setup, django_db_blocker) -> Iterator[None]:
    # Loading 1,600 datasheets takes seconds; do it once for the module and clear up after.
    with django_db_blocker.unblock():
        call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
        yield
        call_command("flush", interactive=False, verbosity=0)


def make_roster(owner, faction_name: str, profile: str = "core-10"):
    faction = Faction.objects.get(name=faction_name)
    return services.roster_create(
        owner=owner,
        name=f"{faction_name} test",
        faction=faction,
        detachment=services.faction_detachments_load(faction=faction)[0],
        battle_size="strike_force",
        profile=profile,
    )


def picker_groups(client, roster) -> list[dict[str, object]]:
    page = client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    return [
        {
            "key": m["key"],
            "title": m["title"],
            "open": bool(m["open"]),
            "summary": m["summary"],
            "body": m["body"],
            "names": [html.unescape(n) for n in NAME_RE.findall(m["body"])],
        }
        for m in GROUP_RE.finditer(page)
    ]


def core_army(roster, extra: core.Datasheet | None = None) -> core.Army:
    army = services.roster_to_core(roster=services.roster_load(roster_id=roster.pk))
    if extra is None:
        return army
    unit = core.Unit(id="new", datasheet=extra, models=extra.min_models)
    return core.Army(
        faction=army.faction,
        faction_keyword=army.faction_keyword,
        battle_size=army.battle_size,
        units=(*army.units, unit),
        detachments=army.detachments,
        allies=army.allies,
        excluded_keywords=army.excluded_keywords,
    )


@pytest.mark.parametrize("faction_name", FACTIONS)
def test_groups_come_in_the_apps_order_with_allies_after_roles(
    full_catalogue, client, owner, faction_name
):
    roster = make_roster(owner, faction_name)
    client.force_login(owner)
    groups = picker_groups(client, roster)
    titles = [g["title"] for g in groups]
    roles = [t for t in titles if t in ROLE_TITLES]
    assert roles == [t for t in ROLE_TITLES if t in roles]
    assert {"Characters", "Battleline", "Other datasheets"} <= set(roles)
    allied = [g for g in groups if g["key"].startswith("ally-")]
    assert allied, "every one of these factions has allied rules in the data"
    first_ally = titles.index(allied[0]["title"])
    assert all(titles.index(t) < first_ally for t in roles)
    for group in allied:
        assert group["title"].startswith("Allied units: ")
        assert "Allied rule:" in group["summary"]


@pytest.mark.parametrize("faction_name", FACTIONS)
def test_every_offered_datasheet_is_one_the_core_accepts_and_no_accepted_one_is_missing(
    full_catalogue, client, owner, faction_name
):
    roster = make_roster(owner, faction_name)
    client.force_login(owner)
    offered = {name for g in picker_groups(client, roster) for name in g["names"]}
    army = core_army(roster)
    priced = set(
        UnitPrice.objects.filter(release=roster.release).values_list("datasheet_id", flat=True)
    )
    prices = services.release_prices_load(
        release=roster.release, datasheet_ids=priced, enhancement_ids=set()
    )
    refused_seen = 0
    for sheet in Faction.objects.get(name=faction_name).datasheets.all():
        if sheet.pk not in priced:
            continue
        facts = services.datasheet_to_core(
            datasheet=sheet, brackets=prices.brackets.get(sheet.pk, ())
        )
        flagged = {
            v.code
            for v in rules.validate(core_army(roster, facts)).violations
            if "new" in v.unit_ids
        } & {codes.FACTION_KEYWORD, codes.DETACHMENT_UNIT_RULE, codes.ALLIED_UNITS}
        assert (sheet.name in offered) is (not flagged), (sheet.name, flagged)
        refused_seen += bool(rules.datasheet_refusal(army, facts))
    if faction_name == "Blood Angels":
        # Other chapters' units (Deathwatch's Aquila Kill Team among them) are in the data.
        assert refused_seen > 0
        assert "Aquila Kill Team" not in offered


def test_blood_angels_see_knights_only_as_allies_and_epic_heroes_marked(
    full_catalogue, client, owner
):
    roster = make_roster(owner, "Blood Angels")
    client.force_login(owner)
    groups = {g["title"]: g for g in picker_groups(client, roster)}
    knights = groups["Allied units: Imperial Knights"]
    assert "Acastus Knight Porphyrion" in knights["names"]
    for title, group in groups.items():
        if title != "Allied units: Imperial Knights":
            assert "Acastus Knight Porphyrion" not in group["names"]
    characters = groups["Characters"]
    assert "Commander Dante" in characters["names"]
    dante = characters["body"].index('data-name="Commander Dante"')
    assert (
        'class="tag epic"' in characters["body"][dante : characters["body"].index("</li>", dante)]
    )
    unaligned = groups["Allied units: Unaligned Forces"]
    assert "0 / 500 pts used" in unaligned["summary"]


@pytest.mark.parametrize(
    ("profile", "shown"),
    [
        pytest.param("core-10", True, id="core-10 opens Legends"),
        pytest.param("matched-10", False, id="LEGENDS: matched-10 keeps them closed"),
    ],
)
def test_legends_sit_apart_and_open_only_where_the_profile_allows_them(
    full_catalogue, client, owner, profile, shown
):
    roster = make_roster(owner, "Chaos Space Marines", profile=profile)
    client.force_login(owner)
    groups = picker_groups(client, roster)
    legends = [g for g in groups if g["key"] == "legends"]
    assert len(legends) == 1 and legends[0]["names"]
    assert legends[0]["open"] is shown
    for group in groups:
        if group["key"] != "legends":
            assert 'class="legends"' not in group["body"]


def test_allied_cap_counts_what_the_allies_already_spend(full_catalogue, client, owner):
    roster = make_roster(owner, "Chaos Space Marines")
    client.force_login(owner)
    before = {g["title"]: g for g in picker_groups(client, roster)}
    daemons = before["Allied units: Legiones Daemonica"]
    assert "0 / 500 pts used" in daemons["summary"]
    name = daemons["names"][0]
    sheet = Faction.objects.get(name="Chaos Space Marines").datasheets.get(name=name)
    services.roster_unit_create(roster=roster, datasheet=sheet)
    points = services.roster_validate(roster=services.roster_load(roster_id=roster.pk)).points
    after = {g["title"]: g for g in picker_groups(client, roster)}
    assert f"{points} / 500 pts used" in after["Allied units: Legiones Daemonica"]["summary"]
    assert PointsRelease.objects.filter(is_current=True).exists()


def test_space_marines_see_the_knights_count_cap_move_with_a_titanic_knight(
    full_catalogue, client, owner
):
    # ALLIED_UNITS: the data's Imperial Knights limit, one TITANIC or three others.
    roster = make_roster(owner, "Space Marines")
    client.force_login(owner)
    knights = {g["title"]: g for g in picker_groups(client, roster)}[
        "Allied units: Imperial Knights"
    ]
    assert "Imperial Knights: 0 / 1 or 3 units" in knights["summary"]
    titanic = next(
        sheet
        for sheet in Faction.objects.get(name="Space Marines").datasheets.filter(
            name__in=knights["names"]
        )
        if "TITANIC" in sheet.keywords
    )
    services.roster_unit_create(roster=roster, datasheet=titanic)
    after = {g["title"]: g for g in picker_groups(client, roster)}
    summary = after["Allied units: Imperial Knights"]["summary"]
    assert "Imperial Knights: 1 / 1 units" in summary
    assert "or 3" not in summary
