"""Shared fixtures: every end-to-end harness is closed after its test, even a failing one, and the test
fails if any payload its bot sent showed a card to someone who may not see it, or could ping."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterator

import pytest

from bot import render_pool
from bot.adapter.table.presenter import DiscordPresenter
from tests.support import mentions
from tests.support.harness import OPEN
from tests.support.loopback_discord import LoopbackDiscord
from tests.support.loopback_harness import LoopbackHarness
from tests.support.postgres import fresh_schema, start_server
from tests.support.privacy import CHECKS, PAYLOADS_CHECKED


if "MUTANT_UNDER_TEST" in os.environ:
    # mutmut (docs/testing.md) forks a test process per mutant: pictures are drawn in threads there,
    # as render processes started anew for each mutant would slow every test down
    render_pool.IN_THREADS = True


@pytest.fixture(autouse=True)
async def _close_harnesses() -> AsyncIterator[None]:
    CHECKS.clear()
    mentions.FINDINGS.clear()
    yield
    while OPEN:
        await OPEN[-1].close()
    pings, mentions.FINDINGS[:] = list(mentions.FINDINGS), []
    if pings:
        pytest.fail("messages that may parse mentions:\n" + "\n".join(pings[:10]), pytrace=False)
    findings = [finding for check in CHECKS for finding in check.findings]
    CHECKS.clear()
    if findings:
        more = f"\n... and {len(findings) - 10} more" if len(findings) > 10 else ""
        pytest.fail("hidden cards leaked:\n" + "\n".join(findings[:10]) + more, pytrace=False)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker of ``pytest -n`` (pytest-xdist) hands its counts to the run that reports them."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["counts"] = {"audited": dict(mentions.AUDITED), "payloads": dict(PAYLOADS_CHECKED)}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller of ``pytest -n`` adds up the counts each worker read."""
    counts = getattr(node, "workeroutput", {}).get("counts", {})
    mentions.AUDITED.update(counts.get("audited", {}))
    PAYLOADS_CHECKED.update(counts.get("payloads", {}))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line each: how many payloads the privacy check and the mentions audit read in this run."""
    if mentions.AUDITED:
        terminalreporter.write_line(f"mentions audit: {sum(mentions.AUDITED.values())} messages, "
                                    f"{mentions.AUDITED['missing']} that may parse mentions")
    if PAYLOADS_CHECKED:
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(PAYLOADS_CHECKED.items()))
        terminalreporter.write_line(f"privacy check: {sum(PAYLOADS_CHECKED.values())} payloads checked ({kinds})")


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every view handed to a renderer in an end-to-end test: (renderer name, view)."""
    calls: list[tuple[str, dict[str, Any]]] = []
    original = DiscordPresenter._render

    async def spy(self: DiscordPresenter, fn: Any, *args: Any, **options: Any) -> Any:
        calls.append((fn.__name__, json.loads(json.dumps(args[0]))))
        return await original(self, fn, *args, **options)

    monkeypatch.setattr(DiscordPresenter, "_render", spy)
    return calls


@pytest.fixture
async def loopback(tmp_path: Any) -> AsyncIterator[LoopbackHarness]:
    """The bot over the loopback Discord (tests/support/loopback_discord.py); ``loopback.server`` is the server,
    whose ``limits`` a test may change before the first request of a bucket."""
    server = LoopbackDiscord()
    server.start()
    harness = await LoopbackHarness.start(str(tmp_path / "loopback.db"), server)
    yield harness
    await harness.close()
    server.stop()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """One throwaway PostgreSQL server for the whole run (started by the first test that asks). Its
    directory is its own, not pytest's: pytest deletes old runs' directories, a concurrent run's too."""
    directory = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
    server = start_server(directory / "data")
    yield server.get_uri()
    server.cleanup()
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                 ) -> Callable[[], Awaitable[str]]:
    """Makes what ``bot.storage.open_storage`` opens, once per backend: a new SQLite file, or a new
    schema on the run's PostgreSQL server. Storage and service tests take this (or ``database``), so
    they run on both."""
    if request.param == "sqlite":
        async def sqlite_file() -> str:
            return str(tmp_path_factory.mktemp("db") / "cardroom.db")
        return sqlite_file
    url = request.getfixturevalue("postgres_url")
    return lambda: fresh_schema(url)


@pytest.fixture
async def database(new_database: Callable[[], Awaitable[str]]) -> str:
    """One new database on each backend (see ``new_database``)."""
    return await new_database()
