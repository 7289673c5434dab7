"""docker-compose.yml and the Dockerfile, checked without Docker: the clusters' settings are ones
``python -m bot run`` accepts (their shards together make the shard count, each once), they reach the
compose file's PostgreSQL service with its own credentials, the commands in the image and in the
file's instructions parse, and the image installs the package as the README does, with every package
directory and file its ``pyproject.toml`` ships."""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.__main__ import _parser, _shards
from bot.config import Config

ROOT = Path(__file__).resolve().parent.parent


def _compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) of the Dockerfile, comments left out."""
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    return [tuple(line.split(None, 1)) for line in lines if line and not line.startswith("#")]  # type: ignore[misc]


def _clusters() -> dict[str, dict[str, Any]]:
    return {name: service for name, service in _compose()["services"].items() if "build" in service}


def _config(service: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Config:
    """The bot's settings inside the service's container: the image's ENV, then the service's."""
    for key in [k for k in os.environ if k.startswith("CARDROOM_")]:
        monkeypatch.delenv(key)  # (a developer's .env may add settings, never override these)
    for instruction, args in _dockerfile():
        if instruction == "ENV":
            key, value = args.split("=", 1)
            monkeypatch.setenv(key, value)
    for key, value in service["environment"].items():
        monkeypatch.setenv(key, str(value))
    return Config.from_env()


def test_the_clusters_hold_every_shard_once_over_the_compose_postgres(monkeypatch: pytest.MonkeyPatch) -> None:
    compose = _compose()
    postgres = compose["services"]["postgres"]
    clusters = _clusters()
    assert len(clusters) >= 2
    held: list[int] = []
    counts = set()
    for name, service in clusters.items():
        config = _config(service, monkeypatch)
        shards = _shards(config.shards, config.shard_count, config.database)  # what `python -m bot run` does
        assert shards is not None, f"{name} runs every shard: two such processes would fight over them"
        held += shards.ids
        counts.add(shards.count)
        url = urlsplit(config.database)
        assert url.scheme == "postgresql" and url.hostname == "postgres"
        env = postgres["environment"]
        assert (url.username, url.password, url.path.lstrip("/")) == (
            env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_DB"])
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service.get("env_file") == ".env"  # DISCORD_TOKEN, as the README says
    assert len(counts) == 1, "every cluster must use the same shard count"
    assert sorted(held) == list(range(counts.pop())), "each shard held by exactly one cluster"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])


def test_the_image_runs_and_documents_commands_the_bot_accepts() -> None:
    (command,) = [json_args for instruction, json_args in _dockerfile() if instruction == "CMD"]
    argv = yaml.safe_load(command)  # a JSON list
    assert argv[:3] == ["python", "-m", "bot"]
    assert _parser().parse_args(argv[3:]).command == "run"
    for service in _clusters().values():
        if "command" in service:
            words = service["command"] if isinstance(service["command"], list) else shlex.split(service["command"])
            assert words[:3] == ["python", "-m", "bot"]
            _parser().parse_args(words[3:])
    header = " ".join(line.lstrip("# ").rstrip("\\ ") for line in
                      (ROOT / "docker-compose.yml").read_text().splitlines() if line.startswith("#"))
    migrate = re.search(r"python -m bot (migrate-db .*?postgres/\S+)", header)
    assert migrate is not None, "the file says how to move an SQLite database in"
    args = _parser().parse_args(shlex.split(migrate.group(1)))
    assert args.source.endswith(".db") and args.target == _clusters()["cluster-a"]["environment"]["CARDROOM_DATABASE_URL"]


def test_the_image_installs_the_package_as_the_readme_does() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    readme = (ROOT / "README.md").read_text()
    assert ".venv/bin/pip install -e . && .venv/bin/python -m bot" in readme  # the run command
    steps = _dockerfile()
    runs = [args for instruction, args in steps if instruction == "RUN"]
    assert runs[-1] == "pip install --no-cache-dir .", "the package from its pyproject, no other requirements"
    # before it, only the system library Pillow's text layout loads at run time (emoji sequences)
    assert runs[:-1] == ["apt-get update && apt-get install -y --no-install-recommends libfribidi0 "
                         "&& rm -rf /var/lib/apt/lists/*"]
    copied = {Path(source).name for instruction, args in steps if instruction == "COPY"
              for source in args.split()[:-1]}  # the last word is the destination
    assert {"pyproject.toml", "README.md"} <= copied  # pyproject's readme = "README.md" must exist to build
    packages = {pattern.rstrip("*") for pattern in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert packages <= copied, f"the image leaves out {packages - copied}"
    base = next(args for instruction, args in steps if instruction == "FROM")
    version = tuple(int(part) for part in re.search(r"python:(\d+)\.(\d+)", base).groups())  # type: ignore[union-attr]
    minimum = tuple(int(part) for part in project["project"]["requires-python"].lstrip(">=").split("."))
    assert version >= minimum
