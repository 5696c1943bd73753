"""The launcher: flags, and one-line errors (never a traceback) for what users get wrong."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion import __version__
from companion.cli import build_parser, page_url
from companion.tools.browser import free_port


def companion(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB"}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("companion: error:")
    return lines[0]


def test_defaults() -> None:
    args = build_parser().parse_args([])
    assert (args.web, args.host, args.port, args.db) == (False, "127.0.0.1", 8550, None)
    assert (args.session_minutes, args.allow_host) == (5.0, [])


def test_version() -> None:
    result = companion("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"companion {__version__}"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--port", "abc"], "port must be a number, got 'abc'"),
        (["--port", "70000"], "between 1 and 65535"),
        (["--db"], "expected one argument"),
        (["--session-minutes", "soon"], "minutes must be a number, got 'soon'"),
        (["--session-minutes", "0"], "minutes must be above 0 and at most 1440"),
        (["--allow-host"], "expected one argument"),
    ],
)
def test_bad_flags_give_one_line_and_exit_2(args: list[str], needle: str) -> None:
    result = companion(*args)
    assert result.returncode == 2
    assert needle in one_line_error(result)


def test_unreachable_database_gives_one_line(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    result = companion(
        "--web", "--port", str(free_port()), "--db", f"postgresql://nobody@127.0.0.1:{port}/club"
    )
    line = one_line_error(result)
    assert result.returncode == 1
    assert "127.0.0.1" in line


def test_a_malformed_database_url_gives_one_line() -> None:
    line = one_line_error(companion("--web", "--db", "not a url at all"))
    assert "not a url at all" in line or "URL" in line


def test_a_damaged_database_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    damaged = tmp_path / "history.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    before = damaged.read_bytes()
    one_line_error(companion("--web", "--port", str(free_port()), "--db", f"sqlite:///{damaged}"))
    assert damaged.read_bytes() == before


def test_the_environment_variable_picks_the_database(tmp_path: Path) -> None:
    damaged = tmp_path / "club.sqlite3"
    damaged.write_bytes(b"garbage" * 100)
    env = dict(os.environ, COMPANION_DB=f"sqlite:///{damaged}")
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--web", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert str(damaged) in one_line_error(result) or "club.sqlite3" in result.stderr


def test_a_port_in_use_gives_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = one_line_error(
            companion("--web", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'h.sqlite3'}")
        )
    assert f"port {port}" in line


def test_page_url_for_all_interfaces_names_a_real_address() -> None:
    assert page_url("127.0.0.1", 8550) == "http://127.0.0.1:8550/"
    url = page_url("0.0.0.0", 8550)
    assert url.startswith("http://") and "0.0.0.0" not in url


def test_no_display_means_browser_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion import cli

    monkeypatch.setattr(cli.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert cli.desktop_client_available() == (False, "no display")


def test_a_window_only_with_a_client_already_on_disk(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Never downloaded at run time: no cached or bundled client means browser mode."""
    from companion import cli

    monkeypatch.setattr(cli.sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    monkeypatch.setattr(cli.Path, "home", classmethod(lambda cls: tmp_path))
    available, why = cli.desktop_client_available()
    assert not available and "not installed" in why
    client = tmp_path / "client"
    client.mkdir()
    monkeypatch.setenv("FLET_VIEW_PATH", str(client))
    assert cli.desktop_client_available() == (True, "")
