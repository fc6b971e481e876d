"""Drive the site with locust (headless): 50 players and a points editor, for 60 seconds.

Each player waits 3 to 8 seconds between actions (--think), the pace of a person picking
units; --think 0.5,2 is a stress pace that shows where two workers on two cores saturate.

gunicorn (2 workers, production settings) serves the site from PostgreSQL with Redis for
the cache, the sessions and the rate-limit counts, as several servers would. Each player
logs in, makes a roster, adds units and changes them, opens the builder, runs the
declaration wizard (its state in the session) and downloads the PDF; meanwhile the
editor copies the current points release in the admin and publishes the copy, which
every warm catalogue cache must notice. Needs PostgreSQL on 127.0.0.1:5432 (trust auth)
and Redis on 127.0.0.1:6379; run from the repo root with the bench extra installed
(pip install -e '.[bench]'):

    .venv/bin/python benchmarks/load_bench.py [--users 50] [--seconds 60]

The database armybuilder_load_<process id> is made anew (dropped after unless --keep-db)
and the Redis database LOAD_BENCH_REDIS (default redis://127.0.0.1:6379/3) is flushed. The
last line is ``load_errors=<n> load_p95_ms=<n> load_rps=<n>``; targets: 0 errors, p95
under 250 ms.
The players arrive first, ten a second, each logging in through the form; load_p95_ms
and load_rps are taken over the --seconds after the last one is in, and load_errors over
the whole run. The line before gives the whole run's p95 and the logins' own.
``BENCH_SMOKE=1``: 3 players at the stress pace for 10 seconds (the editor still publishes).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from _site import REPO as ROOT
from _site import SMOKE, runs

VENV_BIN = Path(sys.executable).parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
# This run's own database: two runs on one server never drop each other's.
DB_NAME = f"armybuilder_load_{os.getpid()}"
REDIS_URL = os.environ.get("LOAD_BENCH_REDIS", "redis://127.0.0.1:6379/3")
SECRET = "load-bench-only-secret-" + "x" * 48
PASSWORD = "load-Bench-pass-40k"

SETUP = """
import json, sys
import django
sys.path.insert(0, {root!r})
django.setup()
from django.core.management import call_command
from pathlib import Path
call_command("migrate", verbosity=0)
full = Path({root!r}) / "fixtures" / "catalogue-10e.json.xz"
if full.exists():
    call_command("loaddata", str(full), verbosity=0)
else:
    from tests.factories import make_release, space_marines
    space_marines(make_release())
call_command("collectstatic", interactive=False, verbosity=0)
from django.contrib.auth.models import Group, User
from armybuilder.catalogue.apps import POINTS_EDITORS
from armybuilder.catalogue.models import Faction, PointsRelease, UnitPrice
from rosters import services
players = [f"player{{n}}" for n in range({users})]
User.objects.bulk_create(User(username=u) for u in players)
for user in User.objects.filter(username__in=players):
    user.set_password({password!r})
    user.save(update_fields=["password"])
editor = User.objects.create_user("editor", password={password!r}, is_staff=True)
editor.groups.add(Group.objects.get(name=POINTS_EDITORS))
marines = Faction.objects.get(name="Space Marines")
release = PointsRelease.objects.current()
detachment = services.faction_detachments_load(faction=marines)[0]
priced = set(UnitPrice.objects.filter(release=release).values_list("datasheet_id", flat=True))
sheets = [
    s.pk for s in marines.datasheets.filter(pk__in=priced, legends=False).order_by("name")
    if "EPIC HERO" not in s.keywords
][:40]
print(json.dumps({{"players": players, "password": {password!r}, "editor": "editor",
                  "faction": marines.pk, "detachment": detachment.pk, "datasheets": sheets,
                  "release": release.pk}}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_reset(*, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        if not drop_only:
            conn.execute(f"CREATE DATABASE {DB_NAME}")


def redis_flush() -> None:
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()


def wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn exited before answering")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not answer in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=runs(50))
    parser.add_argument("--seconds", type=int, default=runs(60, 10))
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument(
        "--think",
        default="0.5,2" if SMOKE else "3,8",
        help="Seconds a player waits between actions, as MIN,MAX (default 3,8: a person "
        "choosing the next unit; 0.5,2 is a stress pace no person keeps up).",
    )
    args = parser.parse_args()
    think_min, think_max = (float(x) for x in args.think.split(","))

    work = Path(tempfile.mkdtemp(prefix="load-bench-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "armybuilder.settings",
        "DATABASE_URL": f"{PG}/{DB_NAME}",
        "REDIS_URL": REDIS_URL,
        "CONN_MAX_AGE": "600",
        "DEBUG": "false",
        "SECRET_KEY": SECRET,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        # One address plays fifty players: the per-address limits would answer for them.
        "API_RATE_ANON": "1000000/second",
        "API_RATE_USER": "1000000/second",
        "LOG_LEVEL": "ERROR",
    }
    print(f"database={DB_NAME}")
    database_reset()
    try:
        published = serve_and_load(args, env, work, f"{think_min:g},{think_max:g}")
    finally:
        if not args.keep_db:
            database_reset(drop_only=True)

    with open(work / "load_stats.csv", newline="") as f:
        total = next(row for row in csv.DictReader(f) if row["Name"] == "Aggregated")
    errors = int(total["Failure Count"])
    record = json.loads((work / "record.json").read_text())
    everyone_in = max(record["arrived"], default=0.0)
    steady = [r for r in record["requests"] if r[0] >= everyone_in]
    logins = [r for r in record["requests"] if "/login/" in r[1]]
    steady_s = max((r[0] + r[2] / 1000 for r in steady), default=everyone_in) - everyone_in
    rps = len(steady) / steady_s if steady_s else 0.0
    print(
        f"requests={len(record['requests'])} steady_requests={len(steady)} "
        f"players_in={len(record['arrived'])} current_release_after={published!r} work={work}"
    )
    print(
        f"load_users={args.users} load_think_s={think_min:g}-{think_max:g} "
        f"load_all_p95_ms={p95(record['requests']):.0f} load_login_p95_ms={p95(logins):.0f}"
    )
    print(f"load_errors={errors} load_p95_ms={p95(steady):.0f} load_rps={rps:.1f}")


def serve_and_load(args: argparse.Namespace, env: dict[str, str], work: Path, think: str) -> str:
    """Fill the database, serve it with gunicorn and set locust on it; return the name
    of the points release current at the end (the editor's copy, once published)."""
    redis_flush()
    setup = subprocess.run(
        [
            sys.executable,
            "-c",
            SETUP.format(root=str(ROOT), users=args.users, password=PASSWORD),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if setup.returncode != 0:
        raise SystemExit(f"setup failed:\n{setup.stderr[-3000:]}")
    plan = json.loads(setup.stdout.strip().splitlines()[-1])
    spawn_rate = max(args.users // 10, 1)
    ramp_s = math.ceil((args.users + 1) / spawn_rate) + 10
    # The editor publishes in the steady window, while every player is at work.
    plan["publish_after_s"] = ramp_s + max(5, args.seconds // 3)
    plan_path = work / "plan.json"
    plan_path.write_text(json.dumps(plan))

    port = free_port()
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "armybuilder.wsgi", "-w", "2", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(work / "gunicorn.log", "wb"),  # noqa: SIM115
    )
    try:
        wait_ready(port, server)
        subprocess.run(
            [
                str(VENV_BIN / "locust"),
                "-f",
                str(ROOT / "benchmarks" / "load_locustfile.py"),
                "--headless",
                "--users",
                str(args.users + 1),
                "--spawn-rate",
                str(spawn_rate),
                "--run-time",
                # The crowd arrives first (logins are deliberately slow password hashes);
                # the figure is the --seconds after the last player is in.
                f"{args.seconds + ramp_s}s",
                "--host",
                f"http://127.0.0.1:{port}",
                "--csv",
                str(work / "load"),
                "--only-summary",
                "--stop-timeout",
                "10",
                "--exit-code-on-error",
                "0",
            ],
            cwd=ROOT,
            env={
                **env,
                "LOAD_BENCH_PLAN": str(plan_path),
                "LOAD_BENCH_THINK": think,
                "LOAD_BENCH_RECORD": str(work / "record.json"),
            },
            check=True,
        )
        published = subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup(); from armybuilder.catalogue.models import "
                "PointsRelease as R; print(R.objects.current().name)",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        ).stdout.strip()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return published


def p95(requests: list[list[Any]]) -> float:
    """The 95th percentile of the requests' times in milliseconds (nearest rank)."""
    times = sorted(r[2] for r in requests)
    if not times:
        return 0.0
    return float(times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)])


if __name__ == "__main__":
    main()
