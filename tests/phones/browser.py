"""Debian's Chromium, headless, driven by Selenium through Debian's chromedriver.

Started with the flags a closed network needs (no background networking, no
component updates) and a fresh profile; used only against 127.0.0.1.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-dev-shm-usage")


def missing() -> str | None:
    """Why a browser test cannot run here, or None."""
    for program in (CHROMIUM, CHROMEDRIVER):
        if shutil.which(program) is None:
            return (f"{program} is not installed (Debian: apt-get install chromium "
                    "chromium-driver; `bash deploy/setup.sh test` installs both)")
    return None


@contextmanager
def browser(width: int = 390, height: int = 844) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="companion-chromium-")
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(condition: Callable[[], Any], deadline_s: float = 20.0) -> Any:
    """The condition's first true value, looked for until a generous deadline."""
    end = time.monotonic() + deadline_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"not seen within {deadline_s} s: {condition.__doc__ or ''}")
        time.sleep(0.05)
