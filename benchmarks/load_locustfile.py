"""The players and the points editor that benchmarks/load_bench.py sets loose on the site.

Read by locust, not imported by the project. LOAD_BENCH_PLAN (a JSON file written by
load_bench.py) names the players' accounts, the faction, detachment and datasheets to use,
and the editor's account and the release to copy.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import threading
import time
from datetime import date
from typing import Any

from locust import HttpUser, between, events, task

PLAN: dict[str, Any] = json.loads(open(os.environ["LOAD_BENCH_PLAN"]).read())  # noqa: SIM115
_players = itertools.count()
_lock = threading.Lock()
# Every request as (start time, name, milliseconds, failed), and when each player had
# logged in: load_bench.py takes the steady-state percentile from the requests that
# started once the whole crowd was in, and reports the logins' own figure apart.
_requests: list[tuple[float, str, float, bool]] = []
_arrived: list[float] = []


@events.request.add_listener
def _record(
    name: str,
    response_time: float,
    exception: BaseException | None = None,
    start_time: float | None = None,
    **_: Any,
) -> None:
    _requests.append((start_time or time.time(), name, response_time, exception is not None))


@events.quitting.add_listener
def _dump(**_: Any) -> None:
    path = os.environ.get("LOAD_BENCH_RECORD")
    if path:
        with open(path, "w") as f:
            json.dump({"requests": _requests, "arrived": _arrived}, f)


def _csrf(user: HttpUser) -> str:
    return user.client.cookies.get("csrftoken", "")


def _login(user: HttpUser, username: str, password: str, path: str, next_: str) -> None:
    user.client.get(path, name=path)
    response = user.client.post(
        path,
        {
            "username": username,
            "password": password,
            "next": next_,
            "csrfmiddlewaretoken": _csrf(user),
        },
        name=path + " [POST]",
        allow_redirects=False,
    )
    if response.status_code != 302:
        response.failure(f"login answered {response.status_code}")  # type: ignore[attr-defined]


class Player(HttpUser):
    """Logs in, makes a roster, adds and changes units, declares formations, prints PDFs."""

    # A person reads the page and picks the next unit between clicks (see load_bench.py).
    wait_time = between(*(float(x) for x in os.environ.get("LOAD_BENCH_THINK", "3,8").split(",")))
    weight = 50

    def on_start(self) -> None:
        with _lock:
            n = next(_players) % len(PLAN["players"])
        self.username = PLAN["players"][n]
        _login(self, self.username, PLAN["password"], "/accounts/login/", "/rosters/")
        self.roster: int | None = None
        self.units: list[int] = []
        self.roster_new()
        _arrived.append(time.time())

    def _api(self, method: str, path: str, name: str, body: Any = None) -> Any:
        response = self.client.request(
            method,
            path,
            json=body,
            headers={"X-CSRFToken": _csrf(self), "Referer": self.host + "/"},
            name=name,
        )
        return response.json() if response.content and response.ok else None

    def roster_new(self) -> None:
        made = self._api(
            "POST",
            "/api/rosters/",
            "/api/rosters/ [POST]",
            {
                "name": f"{self.username} list",
                "faction": PLAN["faction"],
                "detachment": PLAN["detachment"],
                "battle_size": "strike_force",
            },
        )
        if made:
            self.roster = made["id"]
            self.units = []

    @task(4)
    def unit_add(self) -> None:
        if self.roster is None:
            return
        if len(self.units) >= 15:
            self.roster_new()
        unit = self._api(
            "POST",
            f"/api/rosters/{self.roster}/units/",
            "/api/rosters/[id]/units/ [POST]",
            {"datasheet": random.choice(PLAN["datasheets"])},
        )
        if unit:
            self.units.append(unit["id"])

    @task(3)
    def unit_change(self) -> None:
        if not self.units:
            return
        unit = random.choice(self.units)
        self._api(
            "PATCH",
            f"/api/rosters/{self.roster}/units/{unit}/",
            "/api/rosters/[id]/units/[id]/ [PATCH]",
            {"warlord": True},
        )

    @task(3)
    def builder_page(self) -> None:
        if self.roster is not None:
            self.client.get(f"/rosters/{self.roster}/", name="/rosters/[id]/")

    @task(2)
    def wizard(self) -> None:
        if self.roster is None:
            return
        # The run's state lives in the session, shared by every server process.
        start = self.client.get(f"/rosters/{self.roster}/declare/", name="/rosters/[id]/declare/")
        match = re.search(r"/declare/([^/]+)/([^/]+)/$", start.url)
        if not match:
            return
        run = match.group(1)
        step = self.client.post(
            start.url,
            {"csrfmiddlewaretoken": _csrf(self), "goto": "review"},
            name="/rosters/[id]/declare/[run]/[step]/ [POST]",
        )
        if "/review/" in step.url:
            self.client.post(
                f"/rosters/{self.roster}/declare/{run}/review/",
                {
                    "csrfmiddlewaretoken": _csrf(self),
                    "name": f"Plan {random.randrange(10**9)}",
                    "save": "1",
                },
                name="/rosters/[id]/declare/[run]/review/ [POST save]",
            )

    @task(1)
    def pdf(self) -> None:
        if self.roster is not None:
            self.client.get(f"/rosters/{self.roster}/export/pdf/", name="/rosters/[id]/export/pdf/")


class Editor(HttpUser):
    """Copies the current points release and publishes the copy, once, mid-run."""

    wait_time = between(1, 2)
    weight = 1
    fixed_count = 1

    def on_start(self) -> None:
        _login(self, PLAN["editor"], PLAN["password"], "/admin/login/", "/admin/")
        self.published = False
        self.started = time.monotonic()

    @task
    def publish(self) -> None:
        if self.published or time.monotonic() - self.started < PLAN["publish_after_s"]:
            return
        self.published = True
        source = PLAN["release"]
        copy_url = f"/admin/catalogue/pointsrelease/{source}/copy/"
        self.client.get(copy_url, name="/admin/.../copy/")
        copied = self.client.post(
            copy_url,
            {
                "csrfmiddlewaretoken": _csrf(self),
                "name": f"Load release {int(time.time())}",
                "published": date.today().isoformat(),
            },
            name="/admin/.../copy/ [POST]",
        )
        match = re.search(r"/pointsrelease/(\d+)/change/", copied.url)
        if not match:
            return
        publish_url = f"/admin/catalogue/pointsrelease/{match.group(1)}/publish/"
        self.client.post(
            publish_url, {"csrfmiddlewaretoken": _csrf(self)}, name="/admin/.../publish/ [POST]"
        )
