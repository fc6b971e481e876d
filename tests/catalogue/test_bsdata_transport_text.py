"""Transport capacity text becomes structured pools; what cannot be expressed is flagged."""

from __future__ import annotations

import pytest

from armybuilder.catalogue.importers.transport_text import (
    NOTE_ALTERNATIVE_LOADS,
    NOTE_EXCEPTION,
    NOTE_EXTRA_LOAD,
    NOTE_FACTION,
    NOTE_SPLIT,
    NOTE_UNIT_COUNT,
    NOTE_UNRECOGNISED,
    NOTE_WARGEAR,
    NOTE_WOUNDS,
    parse_transport_capacity,
    split_keywords,
)

VOCABULARY = {"ADEPTUS ASTARTES", "ASTRA MILITARUM", "BEAST SNAGGA", "HERETIC ASTARTES", "ORKS"}

# text, capacity, allowed, forbidden, space, complete
CASES = [
    (
        "12 ADEPTUS ASTARTES INFANTRY models; each JUMP PACK model takes up the space of 2 "
        "models; cannot transport TERMINATOR models",
        12,
        (("ADEPTUS ASTARTES", "INFANTRY"),),
        ("TERMINATOR",),
        {"JUMP PACK": 2},
        True,
    ),
    (
        "This model has a transport capacity of 30 ADEPTUS ASTARTES INFANTRY or ADEPTUS "
        "ASTARTES MOUNTED models. Each JUMP PACK, WULFEN, GRAVIS or TERMINATOR model takes up "
        "the space of 2 models. Each CENTURION model takes up the space of 3 models.",
        30,
        (("ADEPTUS ASTARTES", "INFANTRY"), ("ADEPTUS ASTARTES", "MOUNTED")),
        (),
        {"JUMP PACK": 2, "WULFEN": 2, "GRAVIS": 2, "TERMINATOR": 2, "CENTURION": 3},
        True,
    ),
    (
        "This model has a transport capacity of 6 ADEPTUS ASTARTES INFANTRY models. Each JUMP "
        "PACK, WULFEN, GRAVIS or TERMINATOR model takes up the space of 2 models and each "
        "CENTURION model takes up the space of 3 models.",
        6,
        (("ADEPTUS ASTARTES", "INFANTRY"),),
        (),
        {"JUMP PACK": 2, "WULFEN": 2, "GRAVIS": 2, "TERMINATOR": 2, "CENTURION": 3},
        True,
    ),
    (
        "This model has a transport capacity of 12 ^^**Heretic Astartes Infantry**^^ "
        "(excluding ^^**Obliterator^^** and ^^**Jump Pack^^** models).",
        12,
        (("HERETIC ASTARTES", "INFANTRY"),),
        ("OBLITERATOR", "JUMP PACK"),
        {},
        True,
    ),
    (
        "This model has a transport capacity of 12 **^^Astra Militarum Infantry^^** models. "
        "Each **^^Ogryn^^** model takes up the space of 3 models. It cannot transport "
        "**^^Artillery^^** models.",
        12,
        (("ASTRA MILITARUM", "INFANTRY"),),
        ("ARTILLERY",),
        {"OGRYN": 3},
        True,
    ),
    (
        "This model has a transport capacity of 16 DRUKHARI INFANTRY models. This model cannot "
        "transport models that can FLY.",
        16,
        (("DRUKHARI", "INFANTRY"),),
        ("FLY",),
        {},
        True,
    ),
    (
        "This model has a transport capacity of 21 BEAST SNAGGA INFANTRY models.",
        21,
        (("BEAST SNAGGA", "INFANTRY"),),
        (),
        {},
        True,
    ),
    (
        "This model has a transport capacity of 22 ORKS INFANTRY models. The Ghazghkull Thraka "
        "model takes up the space of 4 models.",
        22,
        (("ORKS", "INFANTRY"),),
        (),
        {"GHAZGHKULL THRAKA": 4},
        True,
    ),
]


@pytest.mark.parametrize(("text", "capacity", "allowed", "forbidden", "space", "complete"), CASES)
def test_capacity_text_parses_into_one_pool(
    text: str,
    capacity: int,
    allowed: tuple[tuple[str, ...], ...],
    forbidden: tuple[str, ...],
    space: dict[str, int],
    complete: bool,
) -> None:
    result = parse_transport_capacity(text, vocabulary=VOCABULARY)
    assert result.complete is complete, result.notes
    (pool,) = result.pools
    assert pool.capacity == capacity
    assert pool.allowed == allowed
    assert set(pool.forbidden) == set(forbidden)
    assert pool.space_map() == space


def test_second_pool_for_and_n_models() -> None:
    result = parse_transport_capacity(
        "This model has a transport capacity of 22 ADEPTUS ASTARTES INFANTRY models and "
        "1 DREADNOUGHT model. Each JUMP PACK model takes up the space of 2 models.",
        vocabulary=VOCABULARY,
    )
    assert result.complete
    main, second = result.pools
    assert (main.capacity, main.space_map()) == (22, {"JUMP PACK": 2})
    assert (second.capacity, second.allowed, second.space) == (1, (("DREADNOUGHT",),), ())


def test_only_named_datasheets() -> None:
    result = parse_transport_capacity(
        "This model has a transport capacity of 11 models from the following units: "
        "The Visarch, Ynnari Archon, Yvraine."
    )
    assert result.complete
    (pool,) = result.pools
    assert pool.only_datasheets == ("The Visarch", "Ynnari Archon", "Yvraine")
    assert pool.allowed == ()


def test_faction_placeholder_takes_the_datasheets_keyword() -> None:
    text = "This model has a transport capacity of 12 <FACTION> INFANTRY models."
    resolved = parse_transport_capacity(text, faction_keyword="HERETIC ASTARTES")
    assert resolved.complete
    assert resolved.pools[0].allowed == (("HERETIC ASTARTES", "INFANTRY"),)
    assert NOTE_FACTION in parse_transport_capacity(text).notes


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "This model has a transport capacity of 12 ORKS INFANTRY models. If this model is "
            "equipped with a killkannon, it has a transport capacity of 6 ORKS INFANTRY models.",
            NOTE_WARGEAR,
        ),
        (
            "This model has a transport capacity of 1 TAUROS model or 2 ASTRA MILITARUM WALKER "
            "models.",
            NOTE_ALTERNATIVE_LOADS,
        ),
        ("This model has a transport capacity of 1 NECRONS INFANTRY unit.", NOTE_UNIT_COUNT),
        (
            "This FORTIFICATION has a transport capacity of 15 INFANTRY models. Each model with "
            "a Wounds characteristic of 3 or more takes up the space of 2 models.",
            NOTE_WOUNDS,
        ),
        (
            "This model has a transport capacity of 6 AELDARI INFANTRY models. It cannot "
            "transport JUMP PACK models or YNNARI models (excluding ASURYANI models).",
            NOTE_EXCEPTION,
        ),
        (
            "This model has a transport capacity of 12 HERETIC ASTARTES INFANTRY models. This "
            "model can instead transport 1 HELBRUTE model.",
            NOTE_EXTRA_LOAD,
        ),
        (
            "This model has a transport capacity of 5 HERNKYN YAEGIR models. At the start of "
            "the Declare Battle Formations step, you can split one unit.",
            NOTE_SPLIT,
        ),
        (
            "For the purposes of embarking within TRANSPORTS, each model counts as two models.",
            NOTE_UNRECOGNISED,
        ),
    ],
)
def test_what_cannot_be_expressed_is_flagged(text: str, note: str) -> None:
    result = parse_transport_capacity(text, vocabulary=VOCABULARY)
    assert result.complete is False
    assert note in result.notes


def test_flags_are_our_words_not_the_rules_text() -> None:
    text = (
        "This model has a transport capacity of 12 ORKS INFANTRY models. If this model is "
        "equipped with a killkannon, it has a transport capacity of 6 ORKS INFANTRY models."
    )
    assert "killkannon" not in parse_transport_capacity(text).note


def test_split_keywords_keeps_unknown_runs_together() -> None:
    assert split_keywords("ADEPTUS ASTARTES INFANTRY") == ("ADEPTUS ASTARTES", "INFANTRY")
    assert split_keywords("BEAST SNAGGA INFANTRY", {"BEAST SNAGGA"}) == (
        "BEAST SNAGGA",
        "INFANTRY",
    )
