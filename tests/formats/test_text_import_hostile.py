"""Hostile text: the importer parses or refuses it in linear time, and never crashes.

Linear, counted in operations, not seconds: each text is parsed at 256 characters and at
2 KB (8 times as much), and tests/formats/parse_work.py counts the work of each parse: the
importer's Python lines run plus the steps a backtracking regex engine takes on every
pattern it calls. Linear work grows about 8-fold over that step, a quadratic pattern (a
16 KB line of spaces took 10 s before) about 64-fold; the count is the same on an idle or a
busy machine, so the small sizes are enough. The real timing is
benchmarks/import_hostile_bench.py's.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rosters.formats import services
from rosters.formats.text_import import UnreadableList, list_parse
from tests.formats.parse_work import TooMuchWork, parse_work

# The size the whole-check tests and the benchmark use.
SIZE = 16 * 1024
# The growth step the operation counts are compared over: eight times the text.
COUNTED = 2 * 1024
SMALL = COUNTED // 8
# Linear work grows about 8-fold (the worst input today: 8.7), quadratic 64-fold.
GROWTH = 10

PIECES = [
    " ",
    "  ",
    "\t",
    "\u00a0",
    "1",
    "9",
    "0,",
    ".",
    "(",
    ")",
    "[",
    "]",
    "x",
    "×",
    "+",
    ":",
    "-",
    "•",
    "◦",
    "#",
    "pts",
    "Points",
    "points",
    "(on ",
    "Char1",
    "Enhancements",
    "Strike Force",
    "Battle size",
    "Force de Frappe",
    "+ ARMY MAIN FACTION - ",
    "+ ENHANCEMENT : ",
    " + ",
    "PERSONNAGES",
    "10x ",
    "Unit",
    "\n",
]


def run_parse(text: str) -> None:
    with contextlib.suppress(UnreadableList):
        list_parse(text=text)


def parse_operations(text: str) -> int:
    with pytest.MonkeyPatch.context() as monkeypatch:
        try:
            return parse_work(monkeypatch, run_parse, text)
        except TooMuchWork:
            pytest.fail(f"one regex call took super-linear steps on {len(text)} characters")


def assert_grows_linearly(small_text: str, big_text: str) -> None:
    small, big = parse_operations(small_text), parse_operations(big_text)
    assert big <= GROWTH * max(small, 1), f"{small} -> {big} operations ({big / small:.1f}x)"


def assert_linear(make: Callable[[int], str]) -> None:
    assert_grows_linearly(make(SMALL), make(COUNTED))


def stretched(prefix: str, run: str, suffix: str) -> Callable[[int], str]:
    """The text that repeats run between prefix and suffix up to a given size."""

    def make(size: int) -> str:
        count = (size - len(prefix) - len(suffix)) // len(run)
        return prefix + run * count + suffix

    return make


ADVERSARIAL = {
    "unit-open-bracket-spaces": stretched("Unit (1", " ", "x"),
    "unit-spaces-before-bracket": stretched("Unit", " ", "x"),
    "unit-digits": stretched("Unit (", "1", "x"),
    "unit-digit-spaces": stretched("Unit (", "1 ", "x"),
    "brackets": stretched("", "(", "x"),
    "bracket-digit": stretched("", "(1", ""),
    "bracket-digit-pts": stretched("", "(1 pts", ""),
    "square-brackets": stretched("Unit ", "[1 ", "x"),
    "enhancement-on": stretched("+ ENHANCEMENT: A ", "(on ", "x"),
    "enhancement-on-close": stretched("+ ENHANCEMENT: A ", "(on )", ""),
    "field-key-spaces": stretched("+ a", " ", "x"),
    "priced-upgrade": stretched("Unit (10 pts)\n  • a", " ", "(+1"),
    "price-suffix": stretched("Unit (10 pts)\n  • Enhancements: a", " ", "(+1 pts"),
    "battle-size": stretched("Strike Force", " ", "x"),
    "battle-size-points": stretched("Strike Force (2000 pts", " ", "x"),
    "markdown-title": stretched("# ++ A ++\nHead", " ", "- [1"),
    "parenthetical": stretched("A (", "a", ""),
    "count-digits": stretched("", "9", "x Unit (10 pts)"),
    "label-digits": stretched("Char", "1", ": Unit (10 pts)"),
    "bullets": stretched("Unit (10 pts)\n", "• ", "x"),
    "field-dash-key-spaces": stretched("+ ARMY MAIN FACTION", " ", "- x"),
    "enhancement-plus-parts": stretched("+ FACTION KEYWORD: A\n+ ENHANCEMENT : A ", "(B) + ", "x"),
    "enhancement-bare-parens": stretched("+ FACTION KEYWORD: A\n+ ENHANCEMENT : A (", " ", ")"),
    "enhancement-open-parens": stretched("+ FACTION KEYWORD: A\n+ ENHANCEMENT : A ", "(", ")"),
    "inline-unit-items": stretched("+ FACTION KEYWORD: A\nChar1: 1x Unit (10 pts) ", "a, ", "x"),
    "french-battle-size": stretched("Force de Frappe", " ", "x"),
    "french-enhancement": stretched("Unit (10 pts)\n  • Amélioration: a", " ", "(+1 pts"),
    # The layouts of issue 24: BattleScribe, WarOrgan, the numbered-slot roster, French.
    "battlescribe-roster": stretched("++ Army Roster (", "a ", "[1pts] ++"),
    "battlescribe-bullets": stretched("Army Roster\nUnit [10pts]\n", ". ", "x"),
    "battlescribe-selections": stretched(
        "Army Roster\nUnit [10pts] Selections: ", "a [1pts], ", ""
    ),
    "warorgan-and": stretched("A [1 points]\nDetachments: B\nU [1 points]\n• ", "a and ", "[+1"),
    "warorgan-commas": stretched("A [1 points]\nDetachments: B\nU [1 points]\n• ", "a, ", "[+1 p"),
    "slot-unit": stretched("Player Name : a\nHQ 1 : ", "a ", "[1pts"),
    "slot-items": stretched("Player Name : a\nHQ 1 : U [1pts] ", "a (0), ", "x"),
    "slot-model": stretched("Player Name : a\nHQ 1 : U [1pts]\n--- ", "a,", "x"),
    "french-words": stretched("Faction : ", "d'é ", "x"),
    "french-label": stretched("", "a", " : 1 points"),
    "prose": stretched("+ FACTION KEYWORD: A\n", "word ", "."),
    "detachments-several": stretched("+ FACTION KEYWORD: A\n+ DETACHMENT: ", "a, ", "x"),
}


@pytest.mark.parametrize("make", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_adversarial_lines_parse_or_are_refused_in_linear_time(make):
    assert_linear(make)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=40),
    repeat=st.integers(min_value=1, max_value=4000),
)
def test_any_mix_of_hostile_pieces_parses_or_is_refused_in_linear_time(pieces, repeat):
    assert_linear(lambda size: ("".join(pieces) * repeat)[:size])


@pytest.mark.django_db
@pytest.mark.parametrize("make", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_the_whole_check_answers_hostile_text_without_crashing(catalogue, make):
    try:
        check = services.list_import_check(text="World Eaters\n" + make(SIZE))
    except (UnreadableList, services.ListImportError):
        return
    assert services.list_check_json(check=check)["legal"] in (True, False)


@pytest.mark.django_db
def test_only_the_first_unknown_names_get_suggestions(catalogue):
    from rosters.formats.text_import.resolved import MAX_SUGGESTED_LINES, NOTE_SUGGESTIONS_CAPPED

    # 175 is no price of the Khorne Berzerkers the names are near, so none is read as them.
    units = "".join(f"Khorne Berzerkerz {n} (175 Points)\n" for n in range(60))
    header = "World Eaters\nBerzerker Warband\nStrike Force (2000 Points)\n\nOTHER DATASHEETS\n\n"
    check = services.list_import_check(text=header + units)
    problems = check.resolved.problems
    assert len(problems) == 60
    assert all(p.suggestions for p in problems[:MAX_SUGGESTED_LINES])
    assert not any(p.suggestions for p in problems[MAX_SUGGESTED_LINES:])
    assert NOTE_SUGGESTIONS_CAPPED.format(limit=MAX_SUGGESTED_LINES) in check.resolved.notes


@pytest.mark.django_db
def test_a_list_over_the_size_limit_is_refused_with_the_limit_named(catalogue):
    text = "World Eaters\n" + "x" * services.MAX_LIST_CHARS
    with pytest.raises(services.ListImportError, match="100,000 characters"):
        services.list_import_check(text=text)


HUGE_NUMBERS = {
    "points": "World Eaters\nStrike Force (2000 Points)\n\nKhorne Berzerkers ("
    + "9" * 5000
    + " Points)\n  • 10x Khorne Berzerkers\n",
    "count": "World Eaters\nStrike Force (2000 Points)\n\nKhorne Berzerkers (180 Points)\n  • "
    + "9" * 5000
    + "x Khorne Berzerkers\n",
    "list-total": "Army (" + "9" * 5000 + " Points)\n\nWorld Eaters\nStrike Force (2000 Points)\n",
}


@pytest.mark.django_db
@pytest.mark.parametrize("text", HUGE_NUMBERS.values(), ids=HUGE_NUMBERS.keys())
def test_a_5000_digit_number_is_answered_on_the_api_and_the_import_page(
    catalogue, owner, client, text
):
    from django.core.cache import cache
    from rest_framework.test import APIClient

    cache.clear()
    response = APIClient().post("/api/import/", {"text": text}, format="json")
    assert response.status_code in (200, 400)
    client.force_login(owner)
    page = client.post("/rosters/import/", {"text": text, "profile": "core-10"})
    assert page.status_code == 200


@pytest.mark.django_db
def test_the_api_refuses_a_list_over_the_limit_with_a_400_naming_the_field(catalogue):
    from rest_framework.test import APIClient

    text = "World Eaters\n" + "x" * services.MAX_LIST_CHARS
    response = APIClient().post("/api/import/", {"text": text}, format="json")
    assert response.status_code == 400
    assert "text" in response.json()["error"]["fields"]


def test_thousands_of_header_enhancements_are_placed_in_linear_time_and_the_excess_reported():
    from rosters.formats.text_import.new_recruit import (
        MAX_HEADER_ENHANCEMENTS,
        TOO_MANY_ENHANCEMENTS,
    )

    # Each enhancement names a bearer no unit has, the slowest path (a prefix scan).
    def make(count: int) -> str:
        header = " + ".join(f"E{n} (Z{n})" for n in range(count))
        body = "\n".join(f"1x U{n} (10 pts) a" for n in range(count))
        return f"+ FACTION KEYWORD: A\n+ ENHANCEMENT : {header}\n{body}"

    # The growth step is 8-fold in enhancements, as above, counted in operations; at 1,000
    # the quadratic scan an uncapped placing does shows (17x, where linear is under 8x).
    assert_grows_linearly(make(1000 // 8), make(1000))
    parsed = list_parse(text=make(1500))
    excess = [u for u in parsed.unplaced if u.reason == TOO_MANY_ENHANCEMENTS]
    assert len(excess) == 1500 - MAX_HEADER_ENHANCEMENTS
    assert {u.line for u in parsed.unplaced} == {2}
