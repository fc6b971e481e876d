"""The model counts a unit may be taken at come from the core (RULES.md UNIT_SIZE)."""

from __future__ import annotations

import pytest

from armybuilder.rules.muster import allowed_model_counts


@pytest.mark.parametrize(
    ("min_models", "max_models", "priced", "expected"),
    [
        pytest.param(5, 10, {5, 10}, [5, 6, 7, 8, 9, 10], id="UNIT_SIZE: every count min..max"),
        pytest.param(1, 1, {1}, [1], id="a single-model datasheet"),
        pytest.param(3, 6, set(), [], id="no priced bracket: no count at all"),
        pytest.param(10, 20, {20}, list(range(10, 21)), id="one bracket prices the whole range"),
    ],
)
def test_allowed_model_counts(
    min_models: int, max_models: int, priced: set[int], expected: list[int]
) -> None:
    assert allowed_model_counts(min_models, max_models, priced) == expected
