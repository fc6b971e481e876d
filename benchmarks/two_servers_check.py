"""Two gunicorn servers on two ports, one PostgreSQL and one Redis: one consistent site.

A player logs in on server A and is logged in on B; a roster made on B is edited on A;
the declaration wizard started on A continues and saves on B (its state is in the
session); anonymous validation calls on A and B count against one rate limit; a price
changed by another process is seen by both servers' warm catalogue caches. Needs
PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (database 3 is flushed); its
database, armybuilder_two_servers_<process id>, is dropped at the end:

    .venv/bin/python benchmarks/two_servers_check.py

The last line is ``two_servers_ok=<checks passed>/<checks>``; exit status 1 if any failed.
It has no iterations to cut: under ``BENCH_SMOKE=1`` it runs as it always does.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
DB_NAME = f"armybuilder_two_servers_{os.getpid()}"
REDIS_URL = os.environ.get("LOAD_BENCH_REDIS", "redis://127.0.0.1:6379/3")
PASSWORD = "two-Servers-pass-40k"

SETUP = """
import sys, django
sys.path.insert(0, {root!r})
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("collectstatic", interactive=False, verbosity=0)
from django.contrib.auth.models import User
from tests.factories import make_release, space_marines
marines = space_marines(make_release())
User.objects.create_user("olivia", password={password!r})
print(marines.pk, marines.datasheets.get(name="Captain").pk)
"""

PRICE_BUMP = """
import django; django.setup()
from armybuilder.catalogue.models import UnitPrice
price = UnitPrice.objects.get(datasheet_id={sheet}, models_count=1)
price.points = 777
price.save()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_python(code: str, env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(out.stderr[-3000:])
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""


def main() -> int:
    import psycopg
    import redis

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    redis.Redis.from_url(REDIS_URL).flushdb()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "armybuilder.settings",
        "DATABASE_URL": f"{PG}/{DB_NAME}",
        "REDIS_URL": REDIS_URL,
        "DEBUG": "false",
        "SECRET_KEY": "two-servers-only-secret-" + "x" * 48,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "API_RATE_VALIDATE_ANON": "4/minute",
        "LOG_LEVEL": "ERROR",
    }
    faction, captain = (
        int(x) for x in run_python(SETUP.format(root=str(ROOT), password=PASSWORD), env).split()
    )
    ports = [free_port(), free_port()]
    servers = [
        subprocess.Popen(
            [str(VENV_BIN / "gunicorn"), "armybuilder.wsgi", "-w", "2", "-b", f"127.0.0.1:{p}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for p in ports
    ]
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    results: list[tuple[str, bool]] = []
    try:
        for base in (a, b):
            for _ in range(100):
                try:
                    requests.get(base + "/accounts/login/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.3)
        s = requests.Session()
        s.get(a + "/accounts/login/")
        s.post(
            a + "/accounts/login/",
            {
                "username": "olivia",
                "password": PASSWORD,
                "csrfmiddlewaretoken": s.cookies["csrftoken"],
            },
        )
        page = s.get(b + "/rosters/", allow_redirects=False)
        results.append(("logged in on A, logged in on B", page.status_code == 200))

        def api(base: str, method: str, path: str, body: object = None) -> requests.Response:
            return s.request(
                method,
                base + path,
                json=body,
                headers={"X-CSRFToken": s.cookies["csrftoken"], "Referer": base + "/"},
            )

        made = api(b, "POST", "/api/rosters/", {"name": "Two", "faction": faction})
        roster = made.json()["id"]
        added = api(a, "POST", f"/api/rosters/{roster}/units/", {"datasheet": captain})
        results.append(("roster made on B, unit added on A", added.status_code == 201))

        start = s.get(a + f"/rosters/{roster}/declare/")
        run = re.search(r"/declare/([^/]+)/[^/]+/$", start.url).group(1)  # type: ignore[union-attr]
        step_on_b = s.post(
            b + start.url.split(":" + str(ports[0]))[1],
            {"csrfmiddlewaretoken": s.cookies["csrftoken"], "goto": "review"},
        )
        results.append(("wizard run from A continues on B", "/review/" in step_on_b.url))
        saved = s.post(
            a + f"/rosters/{roster}/declare/{run}/review/",
            {"csrfmiddlewaretoken": s.cookies["csrftoken"], "name": "Across", "save": "1"},
        )
        listed = api(b, "GET", f"/api/rosters/{roster}/declarations/").json()
        rows = listed["results"] if isinstance(listed, dict) else listed
        names = [d["name"] for d in rows] if saved.ok else []
        results.append(("wizard saved on A after a step on B", names == ["Across"]))

        body = {"faction": "Space Marines", "units": [{"datasheet": "Captain"}]}
        codes = [
            requests.post(base + "/api/validate/", json=body).status_code
            for base in (a, b, a, b, a, b)
        ]
        results.append(("one anonymous rate limit across A and B", codes == [200] * 4 + [429] * 2))

        sheet = f"/api/datasheets/{captain}/"
        before = [requests.get(base + sheet).json()["brackets"] for base in (a, b, a, b)]
        run_python(PRICE_BUMP.format(sheet=captain), env)
        after = [requests.get(base + sheet).json()["brackets"] for base in (a, b, a, b)]
        results.append(
            (
                "a price changed elsewhere is seen by both servers",
                all(br[0]["points"] != 777 for br in before)
                and all(br[0]["points"] == 777 for br in after),
            )
        )
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)
        with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    for name, ok in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
    passed = sum(ok for _, ok in results)
    print(f"two_servers_ok={passed}/{len(results)}")
    return 0 if passed == len(results) == 6 else 1


if __name__ == "__main__":
    sys.exit(main())
