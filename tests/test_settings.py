"""Production settings refuse to start without real secrets."""

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_DIR


def run_check(**env: str) -> subprocess.CompletedProcess[str]:
    # The browser tests allow async-unsafe ORM calls in this process; a deployment must not.
    dropped = {"SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "env, fragment",
    [
        pytest.param({"DEBUG": "false"}, "SECRET_KEY must be set", id="missing-secret"),
        pytest.param(
            {"DEBUG": "false", "SECRET_KEY": "short"}, "SECRET_KEY must be set", id="short-secret"
        ),
        pytest.param({"DEBUG": "perhaps"}, "DEBUG='perhaps' is not a boolean", id="bad-boolean"),
        pytest.param(
            {"CONN_MAX_AGE": "ten"}, "CONN_MAX_AGE='ten' is not a whole number", id="bad-int"
        ),
    ],
)
def test_bad_environment_fails_loudly(env, fragment):
    result = run_check(**env)
    assert result.returncode != 0
    assert fragment in result.stderr


def test_production_settings_pass_check_deploy():
    result = run_check(
        DEBUG="false",
        SECRET_KEY="x" * 20 + "-real-production-secret-0123456789abcdef",
        ALLOWED_HOSTS="armybuilder.example",
    )
    assert result.returncode == 0, result.stderr + result.stdout
