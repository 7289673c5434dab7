"""A real browser for the web tests: Debian's Chromium, installed by the tests themselves when the
machine lacks it (``apt-get``, as root, once a run), driven headless by Playwright from PyPI (never a
browser Playwright downloads). The flags keep it off the network but for the page it is sent to."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def install_chromium() -> str:
    """The browser's path, installed from Debian's packages first if it is missing."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if os.geteuid() != 0:
        raise RuntimeError(f"{CHROMIUM} is missing and only root can install it: apt-get install chromium")
    quiet = {"env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, "capture_output": True}
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"]
    if subprocess.run(install, **quiet).returncode != 0:  # type: ignore[call-overload]
        subprocess.run(["apt-get", "update", "-q"], check=True, **quiet)  # type: ignore[call-overload]
        subprocess.run(install, check=True, **quiet)  # type: ignore[call-overload]
    return CHROMIUM
