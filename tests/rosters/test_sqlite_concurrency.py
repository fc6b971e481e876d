"""On SQLite as the README sets it up, a long admin read never fails a player's write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_DIR

SCRIPT = Path(__file__).with_name("sqlite_concurrency.py")


def test_ten_writers_and_an_admin_reader_lose_nothing(tmp_path: Path) -> None:
    if os.environ.get("DATABASE_URL", "sqlite").split(":", 1)[0] != "sqlite":
        pytest.skip("this test is about SQLite's locking; the suite runs on another database")
    # A real file, not the in-memory test database: WAL and the busy timeout live there.
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    run = subprocess.run(
        [sys.executable, str(SCRIPT)],
        cwd=REPO_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    outcome = json.loads(run.stdout.strip().splitlines()[-1])
    assert outcome["journal_mode"] == "wal"
    assert outcome["errors"] == []
    assert outcome["units"] == [5] * 10
    assert outcome["reads"] > 0
