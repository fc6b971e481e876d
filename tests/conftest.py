"""Shared test fixtures: named users, the demo catalogue and the ../shared data."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_DIR = Path(__file__).resolve().parent.parent
SHARED_DIR = REPO_DIR.parent / "shared"
BSDATA_DIR = SHARED_DIR / "data" / "bsdata-wh40k-10e"
SAMPLES_DIR = SHARED_DIR / "samples" / "lists"


def require_shared(path: Path = SHARED_DIR) -> Path:
    """Skip the calling test when ../shared (absent on a user's clone) is missing."""
    if not path.exists():
        pytest.skip(f"{path} is not here; it ships only beside the project's CI")
    return path


@pytest.fixture
def bsdata_dir() -> Path:
    return require_shared(BSDATA_DIR)


@pytest.fixture
def samples_dir() -> Path:
    return require_shared(SAMPLES_DIR)
