"""Drive POST /api/validate/ on gunicorn (2 workers) and PostgreSQL with a 2000-point roster.

Creates its own database (armybuilder_bench_<pid>, dropped at the end), migrates it, loads the
full catalogue fixture (fixtures/catalogue-10e.json.xz) or, where that is absent, the test
catalogue padded to a 2000-point army. Then it starts
``gunicorn armybuilder.wsgi -w 2 -b 127.0.0.1:<port>`` with production settings, signs in
with an API token, and sends a fixed number of requests from a few client processes over
loopback, bounded in count and in time. Run from the repo root with PostgreSQL on
127.0.0.1:5432 (trust auth):

    python benchmarks/api_bench.py [--requests 6000] [--clients 4]

BENCH_DB names the database (default armybuilder_bench_<process id>, so that two runs on
one server do not drop each other's). ``BENCH_SMOKE=1``: 8 warm-up and 40 timed requests.

The last line is ``api_validate_rps=<requests per second> p95_ms=<95th percentile latency>``.
Target: at least 300 requests per second with p95 under 50 ms on two cores.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _site import REPO as ROOT
from _site import runs

PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
DB_NAME = os.environ.get("BENCH_DB", f"armybuilder_bench_{os.getpid()}")
DATABASE_URL = f"{PG}/{DB_NAME}"
FULL_CATALOGUE = ROOT / "fixtures" / "catalogue-10e.json.xz"
TARGET_POINTS = 2000
WARMUP = runs(200, 8)
TIME_LIMIT_S = 120.0
READY_TIMEOUT_S = 30.0
BENCH_SECRET = "bench-only-secret-" + "x" * 48

os.environ["DATABASE_URL"] = DATABASE_URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")


def database_create() -> None:
    """Drop and create the benchmark database."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def database_drop() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


def catalogue_load(*, full: bool) -> None:
    """Load the full catalogue fixture, or build the test catalogue padded for 2000 points."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if full and FULL_CATALOGUE.exists():
        call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
        return
    from tests.factories import make_datasheet, make_release, space_marines

    release = make_release()
    sm = space_marines(release)
    extras = [
        ("Lieutenant", ("INFANTRY", "CHARACTER"), [(1, 65)]),
        ("Apothecary", ("INFANTRY", "CHARACTER"), [(1, 50)]),
        ("Terminator Squad", ("INFANTRY", "TERMINATOR"), [(5, 170), (10, 340)]),
        ("Predator Destructor", ("VEHICLE",), [(1, 130)]),
        ("Redemptor Dreadnought", ("VEHICLE", "WALKER"), [(1, 210)]),
    ]
    for name, keywords, prices in extras:
        make_datasheet(sm, name, *keywords, prices=prices, release=release)


def roster_body() -> dict[str, Any]:
    """Pick a faction, a detachment and 15 to 20 units adding up to about 2000 points."""
    from django.db.models import Count

    from armybuilder.catalogue.models import (
        Availability,
        Detachment,
        EnhancementPrice,
        Faction,
        PointsRelease,
        UnitPrice,
    )
    from rosters.services import faction_chain_load

    release = PointsRelease.objects.current()
    faction = Faction.objects.filter(name="Space Marines").first() or (
        Faction.objects.annotate(n=Count("datasheets")).order_by("-n").first()
    )
    assert faction is not None
    keyword = faction_chain_load(faction=faction)[-1].keyword
    detachment = (
        Detachment.objects.filter(faction__in=faction_chain_load(faction=faction))
        .annotate(n=Count("enhancements"))
        .order_by("-n", "name")
        .first()
    )
    # The faction's own datasheets (no allies, no Legends, no EPIC HEROES), cheapest first.
    own = Availability.objects.filter(faction=faction, ally__isnull=True).values("datasheet_id")
    cheapest: dict[int, tuple[int, int]] = {}
    for sheet_id, models, points in (
        UnitPrice.objects.filter(release=release, datasheet_id__in=own)
        .order_by("-models_count")
        .values_list("datasheet_id", "models_count", "points")
    ):
        cheapest[sheet_id] = (models, points)
    sheets = sorted(
        (
            s
            for s in faction.datasheets.filter(pk__in=cheapest, legends=False)
            if keyword in s.faction_keywords and "EPIC HERO" not in s.keywords
        ),
        key=lambda s: s.name,
    )
    characters = [s for s in sheets if "CHARACTER" in s.keywords][:3]
    others = [s for s in sheets if "CHARACTER" not in s.keywords and cheapest[s.pk][1] <= 150]
    enhancements = list(
        EnhancementPrice.objects.filter(release=release, enhancement__detachment=detachment)
        .order_by("points", "enhancement__name")
        .values_list("enhancement__name", "points", "enhancement__required_keywords")
    )
    units: list[dict[str, Any]] = []
    total = 0
    for n, sheet in enumerate(characters):
        models, points = cheapest[sheet.pk]
        unit: dict[str, Any] = {"datasheet": sheet.name, "models": models}
        fitting = [
            (name, extra)
            for name, extra, required in enhancements
            if not required or any(set(alt) <= set(sheet.keywords) for alt in required)
        ]
        if n < 2 and fitting:
            unit["enhancement"], extra = fitting[0]
            enhancements = [e for e in enhancements if e[0] != fitting[0][0]]
            total += extra
        units.append(unit)
        total += points
    units[0]["warlord"] = True
    # Up to three of each, as the Rule of Three allows, cheapest bracket first.
    for sheet in others * 3:
        models, points = cheapest[sheet.pk]
        if total + points > TARGET_POINTS:
            continue
        units.append({"datasheet": sheet.name, "models": models})
        total += points
        if len(units) >= 20 or TARGET_POINTS - total < 50:
            break
    return {
        "name": "Bench list",
        "faction": faction.name,
        "detachment": detachment.name if detachment else None,
        "battle_size": "strike_force",
        "profile": "core-10",
        "units": units,
    }


def token_create() -> str:
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    user = User.objects.create_user("bench", "bench@example.com")
    return Token.objects.create(user=user).key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gunicorn_start(port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        # Persistent connections: a new PostgreSQL backend per request would dominate.
        "CONN_MAX_AGE": "600",
        "DEBUG": "false",
        "SECRET_KEY": BENCH_SECRET,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "API_RATE_USER": "1000000/second",
        "LOG_LEVEL": "ERROR",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    return subprocess.Popen(
        [str(gunicorn), "armybuilder.wsgi", "-w", "2", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited: {server.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/releases/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("gunicorn did not answer in time")


def client_run(args: tuple[int, str, bytes, int, float]) -> list[float]:
    """Send count requests one after another; return each latency in milliseconds."""
    port, token, payload, count, deadline = args
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Token {token}",
        "Connection": "keep-alive",
    }
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    latencies: list[float] = []
    for _ in range(count):
        if time.time() > deadline:
            break
        start = time.perf_counter()
        conn.request("POST", "/api/validate/", body=payload, headers=headers)
        response = conn.getresponse()
        response.read()
        latencies.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            raise SystemExit(f"POST /api/validate/ answered {response.status}")
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
    conn.close()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=runs(6000, 40))
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--keep-db", action="store_true", help="Do not drop the database after.")
    parser.add_argument(
        "--test-catalogue",
        action="store_true",
        help="Use the small test catalogue even if the full fixture is there.",
    )
    options = parser.parse_args()

    print(f"database={DB_NAME}")
    database_create()
    try:
        elapsed, results = measure(options)
    finally:
        if not options.keep_db:
            database_drop()
    latencies = sorted(ms for chunk in results for ms in chunk)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(
        f"requests={len(latencies)} clients={options.clients} seconds={elapsed:.2f} "
        f"median_ms={statistics.median(latencies):.2f}"
    )
    print(f"api_validate_rps={len(latencies) / elapsed:.0f} p95_ms={p95:.1f}")


def measure(options: argparse.Namespace) -> tuple[float, list[list[float]]]:
    """Fill the database, serve it with gunicorn and time the clients' requests."""
    import django

    django.setup()
    catalogue_load(full=not options.test_catalogue)
    body = roster_body()
    token = token_create()
    from django.db import connections

    connections.close_all()
    payload = json.dumps(body).encode()
    port = free_port()
    server = gunicorn_start(port)
    try:
        wait_ready(port, server)
        check = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        check.request(
            "POST",
            "/api/validate/",
            body=payload,
            headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        )
        answer = json.loads(check.getresponse().read())
        print(
            f"roster: {body['faction']}, {body['detachment']}, {len(body['units'])} units, "
            f"{answer['points']} pts, legal={answer['legal']}, "
            f"violations={[v['code'] for v in answer['violations']]}"
        )
        deadline = time.time() + TIME_LIMIT_S
        per_client = max(1, options.requests // options.clients)
        with multiprocessing.Pool(options.clients) as pool:
            pool.map(
                client_run,
                [(port, token, payload, WARMUP // options.clients, deadline)] * options.clients,
            )
            started = time.perf_counter()
            results = pool.map(
                client_run, [(port, token, payload, per_client, deadline)] * options.clients
            )
            elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    return elapsed, results


if __name__ == "__main__":
    main()
