"""The Russian interface: every page, every violation message, plurals, PDFs, the switcher.

The check for leftover English is a helper, not a list of expected strings: it strips the
markup, the game's names (units, factions, detachments, enhancements, keywords) and the
few product names, and fails on any run of two English words that remains.
"""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from armybuilder.catalogue.models import Datasheet, Detachment, Enhancement, Faction
from armybuilder.rules import codes
from armybuilder.rules.messages import Message, Template
from armybuilder.rules.scoring import codes as scoring_codes
from rosters.language import ACTIVE, translated
from rosters.mail import mail_wait
from rosters.models import PlayerSettings
from rosters.presentation import VIOLATION_TITLES
from tests.rosters.conftest import add

# Names that are not English prose: the product, the data's source, the export formats.
PRODUCT_NAMES = (
    "Warhammer 40,000",
    "Warhammer Legends",
    "Games Workshop",
    "BSData wh40k-10e",
    "New Recruit",
    "WTC compact",
    "GW style",
    "ListForge",
    "python manage.py demo",
    "Authorization: Token",
)
TWO_ENGLISH_WORDS = re.compile(r"\b[A-Za-z][a-z]+(?:[ ,'’]+[A-Za-z][a-z]+)+\b")
ALL_CAPS = re.compile(r"\b[A-Z][A-Z0-9 -]*[A-Z0-9]\b")


@pytest.fixture(autouse=True)
def _default_language_after():
    """A Russian request leaves Russian active in the test's thread (LocaleMiddleware never
    deactivates); tests after these, calling services directly, expect the default."""
    yield
    translation.deactivate()


def game_names() -> list[str]:
    names: list[str] = []
    for model in (Datasheet, Faction, Detachment, Enhancement):
        names += model.objects.values_list("name", flat=True)
    # Longest first, so "Space Marines" goes before "Space".
    return sorted(set(names) | set(PRODUCT_NAMES), key=len, reverse=True)


def english_left(text: str, names: list[str]) -> list[str]:
    """Runs of two or more English words left once markup and game names are gone."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    text = text.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    for name in names:
        text = text.replace(name, " ")
    text = ALL_CAPS.sub(" ", text)  # keywords (INFANTRY, BATTLELINE) and codes
    return TWO_ENGLISH_WORDS.findall(text)


def test_the_helper_finds_english_and_passes_russian(marines):
    names = game_names()
    assert english_left("<p>Add some units</p>", names) == ["Add some units"]
    assert english_left("<p>Добавить Intercessor Squad: INFANTRY</p>", names) == []


# --- every message template of the rules core, in Russian -------------------------------


def _templates() -> list[tuple[str, Template]]:
    found = []
    for module in (codes, scoring_codes):
        for name, value in vars(module).items():
            if name.startswith("MSG_") and isinstance(value, Template):
                found.append((f"{module.__name__.rsplit('.', 1)[-1]}.{name}", value))
    return found


def _fill(template: Template, count: int = 5) -> Message:
    fields = set(re.findall(r"\{(\w+)", template.text + (template.plural or "")))
    params: dict[str, str | int] = {}
    for field in fields:
        params[field] = count if field in {template.count} else "Intercessor Squad"
    return template.format(**params)


@pytest.mark.parametrize("name, template", _templates(), ids=[n for n, _ in _templates()])
def test_every_core_message_reads_in_russian(db, name, template):
    message = _fill(template)
    with translation.override("ru"):
        russian = message.render(ACTIVE)
    assert russian != str(message) or not re.search("[a-z]{3}", template.text)
    assert re.search("[а-яё]", russian) or not re.search("[a-z]{3}", template.text)
    assert english_left(russian, ["Intercessor Squad", *PRODUCT_NAMES]) == []


@pytest.mark.parametrize("code", codes.ALL_CODES)
def test_every_code_has_a_russian_title(code):
    with translation.override("ru"):
        title = str(VIOLATION_TITLES[code])
    assert re.search("[А-Яа-яЁё]", title), code
    assert english_left(title, list(PRODUCT_NAMES)) == []


# --- plurals at 1, 2 and 5 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "count, expected",
    [
        (1, "Выбран 1 Военачальник"),
        (2, "Выбрано 2 Военачальника"),
        (5, "Выбрано 5 Военачальников"),
        (21, "Выбран 21 Военачальник"),
    ],
)
def test_warlord_count_plural(count, expected):
    # WARLORD (RULES.md): exactly one Warlord; the message counts the ones chosen.
    message = codes.MSG_WARLORD_SEVERAL.format(count=count, units="Captain")
    with translation.override("ru"):
        assert translated(message).startswith(expected)


@pytest.mark.parametrize(
    "count, expected",
    [(1, "1 модель"), (2, "2 модели"), (5, "5 моделей"), (11, "11 моделей")],
)
def test_unit_size_plural(count, expected):
    # UNIT_SIZE (RULES.md): the message names the model count.
    message = codes.MSG_UNIT_SIZE.format(unit="Intercessor Squad", models=count, allowed="5-10")
    with translation.override("ru"):
        assert f"Intercessor Squad: {expected}," in translated(message)
    assert str(message) == f"Intercessor Squad: {count} model{'s' * (count != 1)}, 5-10 allowed"


@pytest.mark.parametrize("count, expected", [(1, "1 строку"), (2, "2 строки"), (5, "5 строк")])
def test_template_plural(count, expected):
    with translation.override("ru"):
        text = translation.ngettext(
            "%(lines)s line to settle first", "%(lines)s lines to settle first", count
        ) % {"lines": count}
    assert text == f"Сначала разберите {expected}"


# --- every page ---------------------------------------------------------------------------


@pytest.fixture
def ru_client(client, owner, roster):
    client.force_login(owner)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    return client


def _pages(roster) -> list[str]:
    return [
        reverse("rosters:home"),
        reverse("rosters:list"),
        reverse("rosters:create"),
        reverse("rosters:roster", args=[roster.pk]),
        reverse("rosters:rename", args=[roster.pk]),
        reverse("rosters:delete", args=[roster.pk]),
        reverse("rosters:declarations", args=[roster.pk]),
        reverse("battles:list"),
        reverse("battles:create", args=[roster.pk]),
        reverse("formats:import"),
        reverse("catalogue:releases"),
        reverse("api:tokens"),
    ]


def test_every_page_reads_in_russian(ru_client, roster):
    for _ in range(3):
        add(roster, "Captain")  # four Captains: DATASHEET_LIMIT, the Rule of Three
    names = [*game_names(), "olivia"]
    for url in _pages(roster):
        response = ru_client.get(url, follow=True)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert 'lang="ru"' in html, url
        assert english_left(html, names) == [], url
    builder = ru_client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert "допускается не больше 3 (Правило трёх)" in builder


def test_wizard_steps_read_in_russian(ru_client, roster):
    names = [*game_names(), "olivia"]
    response = ru_client.post(reverse("rosters:wizard_start", args=[roster.pk]), follow=True)
    assert response.status_code == 200
    for _ in range(6):
        html = response.content.decode()
        assert english_left(html, names) == [], response.request["PATH_INFO"]
        if "Далее" not in html:
            break
        response = ru_client.post(response.request["PATH_INFO"], {"go": "next"}, follow=True)


def test_logged_out_pages_read_in_russian(client, marines):
    names = game_names()
    for name in ("login", "password_reset", "rosters:signup", "rosters:home"):
        html = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert english_left(html, names) == [], name
        assert 'lang="ru"' in html


def test_english_stays_the_default(client, marines):
    html = client.get(reverse("login")).content.decode()
    assert 'lang="en-gb"' in html and "Forgot your password?" in html


# --- the switcher and a player's kept choice ------------------------------------------


def test_switcher_keeps_a_players_language_across_logins(client, owner, marines):
    client.force_login(owner)
    response = client.post(reverse("rosters:language"), {"language": "ru", "next": "/rosters/"})
    assert response.status_code == 302 and response["Location"] == "/rosters/"
    assert PlayerSettings.objects.get(user=owner).language == "ru"
    client.logout()
    client.cookies.clear()
    # A fresh browser that asks for English still gets the player's Russian after login.
    client.post(reverse("login"), {"username": "olivia", "password": "pw-olivia-40k"})
    html = client.get(reverse("rosters:list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Мои ростеры" in html


def test_switcher_for_a_visitor_sets_the_cookie(client, marines):
    response = client.post(reverse("rosters:language"), {"language": "ru", "next": "/"})
    assert response.cookies["django_language"].value == "ru"
    assert not User.objects.exists() and not PlayerSettings.objects.exists()
    assert "Войти" in client.get("/").content.decode()


# --- PDFs ---------------------------------------------------------------------------------


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_roster_pdf_prints_in_russian(ru_client, roster):
    for _ in range(3):
        add(roster, "Captain")  # DATASHEET_LIMIT
    response = ru_client.get(reverse("formats:export_pdf", args=[roster.pk]))
    text = _pdf_text(
        b"".join(response.streaming_content) if response.streaming else response.content
    )
    # Narrow columns wrap long words across lines in the extracted text.
    joined = text.replace("\n", "")
    for heading in (
        "Отряды",
        "Проверка",
        "Соединение",
        "Ударная группа",
        "Очки",
        "страница 1 из 1",
    ):
        assert heading in text
    assert "Военачальник" in joined
    assert "Правило трёх" in text  # the violation message, Cyrillic intact
    assert "Intercessor Squad" in text  # game names stay as the data gives them


# --- the catalogue admin -----------------------------------------------------------------

# Django's own admin chrome is translated by Django; these are the names it leaves as they
# are (the site's brand and the user's name).
ADMIN_NAMES = ("Django", "editor")


def _admin_pages(roster) -> list[str]:
    from armybuilder.catalogue.models import PointsRelease

    release = PointsRelease.objects.get(is_current=True)
    datasheet = Datasheet.objects.get(name="Intercessor Squad")
    pages = [reverse("admin:index"), reverse("admin:app_list", args=["catalogue"])]
    for model in (
        "faction",
        "datasheet",
        "detachment",
        "enhancement",
        "allyrule",
        "pointsrelease",
        "unitprice",
        "enhancementprice",
        "optionprice",
        "detachmentupgrade",
        "detachmentupgradeprice",
        "importreport",
    ):
        pages.append(reverse(f"admin:catalogue_{model}_changelist"))
    pages += [
        reverse("admin:catalogue_datasheet_change", args=[datasheet.pk]),
        reverse("admin:catalogue_datasheet_add"),
        reverse("admin:catalogue_pointsrelease_change", args=[release.pk]),
        reverse("admin:catalogue_pointsrelease_copy", args=[release.pk]),
        reverse("admin:catalogue_pointsrelease_import", args=[release.pk]),
    ]
    return pages


def test_catalogue_admin_reads_in_russian(client, roster, site_admin):
    from armybuilder.catalogue.models import PointsRelease

    client.force_login(site_admin)
    from armybuilder.catalogue.points_xlsx import HEADERS

    # The workbook's layout (sheet and column names) is a file format, read as it is written.
    layout = [*(", ".join(header) for header in HEADERS.values()), *HEADERS]
    names = [
        *game_names(),
        *ADMIN_NAMES,
        *layout,
        *PointsRelease.objects.values_list("name", flat=True),
    ]
    for url in _admin_pages(roster):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ru")
        assert response.status_code == 200, url
        assert english_left(response.content.decode(), names) == [], url
    changelist = client.get(
        reverse("admin:catalogue_datasheet_changelist"), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    for label in ("Таблицы данных", "моделей не меньше", "Требует проверки"):
        assert label.lower() in changelist.lower()
    releases = client.get(
        reverse("admin:catalogue_pointsrelease_changelist"), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "Экспорт xlsx" in releases and "Выпуски очков" in releases


# --- e-mail --------------------------------------------------------------------------------


def _reset_mail(client, owner, mailoutbox, browser: str):
    client.post(reverse("password_reset"), {"email": owner.email}, HTTP_ACCEPT_LANGUAGE=browser)
    mail_wait()
    assert len(mailoutbox) == 1
    return mailoutbox[0]


def test_reset_mail_is_russian_for_a_russian_speaking_player(client, owner, mailoutbox):
    PlayerSettings.objects.create(user=owner, language="ru")
    # Asked for from an English browser: the mail follows the player's kept language.
    mail = _reset_mail(client, owner, mailoutbox, "en")
    assert mail.subject == "Выберите новый пароль armybuilder"
    body = re.sub(r"https?://\S+", " ", mail.body)
    assert "Здравствуйте, olivia" in body
    assert english_left(mail.subject + "\n" + body, []) == []
    assert re.search(r"https?://[^/]+/accounts/reset/\S+/", mail.body)


def test_reset_mail_follows_the_browser_without_a_kept_language(client, owner, mailoutbox):
    assert _reset_mail(client, owner, mailoutbox, "ru").subject.startswith("Выберите")


def test_reset_mail_stays_english_by_default(client, owner, mailoutbox):
    mail = _reset_mail(client, owner, mailoutbox, "en")
    assert mail.subject == "Choose a new armybuilder password"
    assert mail.body.startswith("Hello olivia,")


# --- battles and the declaration sheet ----------------------------------------------------


@pytest.fixture
def ru_battle(owner, roster):
    import datetime

    from rosters import services as roster_services
    from rosters.battles import services as battle_services

    rival = roster_services.roster_create(
        owner=owner,
        name="Hellblasters",
        faction=roster.faction,
        detachment=roster.detachment,
        battle_size="strike_force",
    )
    add(rival, "Hellblaster Squad", 10)
    add(rival, "Captain", warlord=True)
    return battle_services.battle_create(
        owner=owner,
        side=battle_services.roster_snapshot(roster=roster),
        opponent=battle_services.roster_snapshot(roster=rival),
        scoring_profile="kill-points-4",
        victory_level=True,
        played_on=datetime.date(2026, 11, 28),
    )


def _score(ru_client, battle, **extra):
    own, other = battle.sides.all()
    rhino = own.units.get(name="Rhino")
    squad = own.units.get(name="Intercessor Squad")
    hellblasters = other.units.get(name="Hellblaster Squad")
    data = {
        "s0_r1": "5",
        "s1_r2": "3",
        f"unit_{rhino.pk}": "damaged",
        f"unit_{hellblasters.pk}": "destroyed",
        # Infantry cannot be "damaged": UNIT_STATE, whose message must read in Russian.
        f"unit_{squad.pk}": "damaged",
        "victory_level": "on",
        **extra,
    }
    return ru_client.post(reverse("battles:battle", args=[battle.pk]), data, follow=True)


def test_battle_score_page_reads_in_russian(ru_client, ru_battle):
    names = [*game_names(), "olivia", "Gladius", "Hellblasters"]
    url = reverse("battles:battle", args=[ru_battle.pk])
    html = ru_client.get(url).content.decode()
    assert english_left(html, names) == [], url
    for label in ("цел", "меньше половины", "повреждён", "уничтожен"):
        assert f">{label}</option>" in html  # the unit states, translated by the face
    # The live result after scoring: winner, victory level, the UNIT_STATE message.
    scored = _score(ru_client, ru_battle).content.decode()
    assert english_left(scored, names) == []
    assert "UNIT_STATE" in scored
    live = ru_client.post(
        url, {"s0_r1": "5", "victory_level": "on"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert english_left(live, names) == []
    assert re.search("[а-яё]{4}", live)


def test_battle_result_pdf_prints_in_russian(ru_client, ru_battle):
    _score(ru_client, ru_battle)
    response = ru_client.get(reverse("battles:pdf", args=[ru_battle.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = _pdf_text(response.content)
    flat = " ".join(text.split())
    assert "Gladius" in flat and "Hellblaster Squad" in flat  # names as the data gives them
    for heading in ("Армии", "Победные очки по раундам", "Уничтоженные отряды", "Итог"):
        assert heading in flat  # Cyrillic survives the font and the extraction
    assert english_left(flat, [*game_names(), "Gladius", "Hellblasters"]) == []


def test_declaration_sheet_pdf_prints_in_russian(ru_client, roster):
    from rosters.models import Declaration

    units = {u.datasheet.name: u.pk for u in roster.units.select_related("datasheet")}
    declaration = Declaration.objects.create(
        roster=roster,
        name="Против стрелков",
        attachments=[[units["Captain"], units["Intercessor Squad"]]],
        embarkations=[
            [units["Intercessor Squad"], units["Rhino"]],
            [units["Captain"], units["Rhino"]],
        ],
        placements={str(units["Rhino"]): "strategic_reserves"},
    )
    response = ru_client.get(reverse("rosters:declaration_pdf", args=[roster.pk, declaration.pk]))
    assert response["Content-Type"] == "application/pdf"
    flat = " ".join(_pdf_text(response.content).split())
    assert "Против стрелков" in flat  # the player's Cyrillic name survives
    assert "Стратегический резерв" in flat
    assert "страница 1 из 1" in flat
    assert "Captain → Intercessor Squad" in flat
    assert english_left(flat, game_names()) == []


# --- the catalogue's limits: their conditions in words ---------------------------------


@pytest.mark.parametrize(
    "formula, english, russian",
    [
        # CATALOGUE_LIMIT (RULES.md): the message names the limit and its condition.
        (
            [[{"units": {"datasheets": ["Captain"]}, "at_least": 1}]],
            "with 1+ Captain",
            "при 1+ Captain",
        ),
        (
            [[{"units": {"keywords": ["CAPTAIN", "CHAPTER MASTER"]}, "at_least": 2, "at_most": 2}]],
            "with exactly 2 CAPTAIN or CHAPTER MASTER",
            "ровно при 2 CAPTAIN или CHAPTER MASTER",
        ),
        (
            [
                [
                    {"units": {"keywords": ["ARMIGER"]}, "at_most": 0},
                    {"detachments": ["Gladius Task Force"]},
                ]
            ],
            "without ARMIGER and in Gladius Task Force",
            "без ARMIGER и в соединении Gladius Task Force",
        ),
        # ALLIED_UNITS (RULES.md): count caps by battle size and by the allies taken.
        (
            [
                [{"battle_sizes": ["incursion", "strike_force"]}],
                [{"units": {"keywords": ["WAR DOG"]}, "at_least": 1, "at_most": 3}],
            ],
            "at Incursion or Strike Force; or with 1-3 WAR DOG",
            "при размере Вторжение или Ударная группа; или при 1–3 WAR DOG",
        ),
    ],
)
def test_limit_conditions_read_in_russian(formula, english, russian):
    from armybuilder.catalogue.importers.bsdata_limits import describe
    from armybuilder.rules import wording

    assert describe(formula) == english  # what the importer stores, for the admin
    with translation.override("ru"):
        assert translated(wording.describe(formula)) == russian


def test_a_catalogue_limit_reads_in_russian_in_the_builder(ru_client, roster):
    from armybuilder.catalogue.importers.bsdata_limits import describe
    from armybuilder.catalogue.models import ArmyLimit

    clauses = [
        [
            {"units": {"datasheets": ["Captain"]}, "at_least": 1},
            {"detachments": ["Gladius Task Force"]},
        ]
    ]
    ArmyLimit.objects.create(
        faction=roster.faction,
        code=ArmyLimit.Code.CATALOGUE_LIMIT,
        label="Terminator Squad",
        subject={"datasheets": ["Terminator Squad"]},
        maximum=0,
        steps=[{"value": 1, "clauses": clauses, "reason": describe(clauses)}],
    )
    add(roster, "Terminator Squad", 5)
    add(roster, "Terminator Squad", 5)
    html = ru_client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert (
        "Terminator Squad: 2 / не больше 1 (при 1+ Captain и в соединении Gladius Task Force)"
        in html
    )
    assert english_left(html, [*game_names(), "olivia"]) == []


# --- the importer's messages --------------------------------------------------------------

UNREAD_LIST = """Gladius
Space Marines
Gladius Task Force
Strike Force (2000 Points)

CHARACTERS

Captain (80 Points)
  • Warlord

BATTLELINE

Intercessor Squadz (80 Points)
Frobnicator Squad (95 Points)
"""


def test_import_problems_and_notes_read_in_russian(ru_client, roster):
    response = ru_client.post(
        reverse("formats:import"), {"profile": "core-10", "text": UNREAD_LIST, "action": "check"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    # The player's own text stays as typed; everything around it is Russian.
    typed = ["Frobnicator Squad", "Intercessor Squadz", "Strike Force (2000 Points)"]
    assert english_left(html, [*typed, *game_names(), "olivia"]) == []
    assert "нет таблицы данных с названием «Frobnicator Squad»" in html


# --- the command line's errors ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, russian",
    [
        ("{not json", "не JSON"),
        ('{"sides": [{}]}', "ожидался список ровно из двух сторон"),
        ('{"battle_size": -5, "sides": [{}, {}]}', "ожидались очки больше нуля"),
    ],
)
def test_score_battle_errors_in_russian(tmp_path, text, russian):
    from io import StringIO

    from django.core.management import call_command

    path = tmp_path / "battle.json"
    path.write_text(text, encoding="utf-8")
    err = StringIO()
    with pytest.raises(SystemExit):
        call_command("score_battle", str(path), "--lang", "ru", stdout=StringIO(), stderr=err)
    assert russian in err.getvalue()


# --- the builder's wargear panel ----------------------------------------------------------


def _wargear_names() -> list[str]:
    from armybuilder.catalogue.models import Wargear

    names: set[str] = set()
    for wargear in Wargear.objects.all():
        names |= set(wargear.weapons) | set(wargear.abilities) | {wargear.fill}
        for model_type in wargear.model_types:
            names.add(model_type["name"])
            for group in model_type.get("groups", ()):
                names.add(group["name"])
                names |= set(group.get("options", ()))
    return sorted(names - {""}, key=len, reverse=True)


def test_the_wargear_panel_reads_in_russian(ru_client, roster):
    unit = add(roster, "Hellblaster Squad", 5)
    names = [*_wargear_names(), *game_names(), "olivia"]
    html = ru_client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    assert f'id="wg-{unit.pk}"' in html
    assert "Снаряжение по умолчанию" in html
    assert english_left(html, names) == []
    # Two heavy weapons in five models: WARGEAR_CHOICE, in Russian.
    fields = {
        f"wg_{unit.pk}_m_1": "4",
        f"wg_{unit.pk}_o_1_0": "2",
        f"wg_{unit.pk}_o_1_1": "2",
    }
    changed = ru_client.post(
        reverse("rosters:unit_wargear", args=[roster.pk, unit.pk]),
        fields,
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'data-code="WARGEAR_CHOICE"' in changed
    assert english_left(changed, names) == []


def test_the_upgrade_and_option_controls_read_in_russian(ru_client, roster, release):
    from armybuilder.catalogue.models import (
        DetachmentUpgrade,
        DetachmentUpgradePrice,
        DetachmentUpgradeUnit,
        OptionPrice,
    )

    upgrade = DetachmentUpgrade.objects.create(detachment=roster.detachment, name="Relic Blade")
    captain = roster.faction.datasheets.get(name="Captain")
    DetachmentUpgradeUnit.objects.create(upgrade=upgrade, datasheet=captain, maximum=1)
    DetachmentUpgradePrice.objects.create(release=release, upgrade=upgrade, points=35)
    rhino = roster.faction.datasheets.get(name="Rhino")
    OptionPrice.objects.create(
        release=release, datasheet=rhino, name="Hunter-killer missile", points=10, max_count=2
    )
    names = ["Relic Blade", "Hunter-killer missile", *_wargear_names(), *game_names(), "olivia"]
    html = ru_client.get(reverse("rosters:roster", args=[roster.pk])).content.decode()
    unit = roster.units.get(datasheet__name="Captain")
    assert f'id="upg-{unit.pk}"' in html and "Relic Blade (+35)" in html
    assert english_left(html, names) == []


def test_roster_pdf_with_datasheets_prints_in_russian(ru_client, roster):
    add(roster, "Hellblaster Squad", 5)
    response = ru_client.get(reverse("formats:export_pdf", args=[roster.pk]) + "?cards=1")
    data = b"".join(response.streaming_content) if response.streaming else response.content
    flat = " ".join(_pdf_text(data).split())
    for heading in ("Таблицы данных", "Способности", "Ключевые слова"):
        assert heading in flat
    assert english_left(flat, [*_wargear_names(), *game_names()]) == []


def test_the_organisers_page_reads_in_russian(ru_client, owner):
    owner.is_staff = True  # staff may check an event's lists
    owner.save()
    html = ru_client.get(reverse("formats:event_check")).content.decode()
    assert english_left(html, [*game_names(), "olivia"]) == []
    assert "Не больше 20 МБ" in html


def test_not_found_reads_in_russian(ru_client, stranger, roster):
    # Another player's roster is "not found", in the reader's language.
    ru_client.force_login(stranger)
    response = ru_client.get(reverse("rosters:roster", args=[roster.pk]))
    assert response.status_code == 404
    html = response.content.decode()
    assert "Не найдено" in html and english_left(html, [*game_names(), "sam"]) == []


@pytest.mark.parametrize("accept", ["en", "ru"])
def test_each_language_is_named_in_itself_and_apart_from_the_other(client, db, accept) -> None:
    page = client.get(reverse("rosters:home"), HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    # Not "Английский" on a Russian page, nor "EnglishРусский" read as one word.
    assert re.search(r'lang="en-gb"[^>]*>English</button><span aria-hidden="true"> · </span>', page)
    assert 'lang="ru" class="link"' in page and ">Русский</button>" in page
    assert "Английский" not in page
