"""The access code (companion.access), the join screen, and the code in Settings."""

from __future__ import annotations

import asyncio
import html
import time
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from companion.access import ALPHABET, CODE_LENGTH, SETTING_KEY, AccessCode, Throttle
from companion.addresses import split_host
from companion.history import StoreError, open_store
from companion.ui.app import create_main
from companion.webapp.join import join_page
from tests.ui_harness import Harness, run


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}")
    yield s
    s.close()


# ----------------------------------------------------------------------------- the code


def test_a_code_is_made_once_and_kept(store: Any) -> None:
    first = AccessCode.load(store)
    assert len(first.code) == CODE_LENGTH and set(first.code) <= set(ALPHABET)
    assert AccessCode.load(store).code == first.code
    assert store.get_setting(SETTING_KEY)["code"] == first.code


def test_a_damaged_stored_code_is_replaced(store: Any) -> None:
    store.set_setting(SETTING_KEY, {"code": "x", "secret": 5})
    code = AccessCode.load(store).code
    assert len(code) == CODE_LENGTH and store.get_setting(SETTING_KEY)["code"] == code


def test_typing_the_code_ignores_case_spaces_and_dashes(store: Any) -> None:
    access = AccessCode.load(store)
    code = access.code
    for typed in (code, code.lower(), f" {code[:3]} {code[3:]} ", f"{code[:3]}-{code[3:]}"):
        assert access.matches(typed), typed
    for typed in ("", code[:-1], code + "A", None, 123, "é" * 6):
        assert not access.matches(typed), typed


def test_device_tokens_are_signed_by_this_server(store: Any, tmp_path: Path) -> None:
    access = AccessCode.load(store)
    device, token = access.admit()
    assert access.device_of(token) == device
    other = AccessCode.load(open_store(f"sqlite:///{tmp_path / 'other.sqlite3'}"))
    assert other.device_of(token) is None
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (tampered, f"{device}x.{token.split('.')[1]}", "", "a.b.c", None, 5, "é.x"):
        assert access.device_of(bad) is None, bad


def test_a_new_code_forgets_every_device_and_is_saved(store: Any) -> None:
    access = AccessCode.load(store)
    _, token = access.admit()
    heard: list[tuple[str, str | None]] = []
    access.on_rotate(lambda code, keep: heard.append((code, keep)))
    old = access.code
    new = access.rotate(keep="this-device")
    assert new != old and access.code == new
    assert heard == [(new, "this-device")]
    assert access.device_of(token) is None
    assert AccessCode.load(store).code == new
    assert not access.matches(old)


def test_a_new_code_that_cannot_be_saved_changes_nothing(store: Any) -> None:
    access = AccessCode.load(store)
    old = access.code
    store.close()

    class Broken:
        def get_setting(self, key: str, default: Any = None) -> Any:
            return default

        def set_setting(self, key: str, value: Any) -> None:
            raise StoreError("database error: disk I/O error")

    broken = AccessCode(Broken(), code=old, secret="0" * 64)
    _, token = broken.admit()
    with pytest.raises(StoreError):
        broken.rotate()
    assert broken.code == old and broken.device_of(token) is not None


def test_the_link_carries_the_code(store: Any) -> None:
    access = AccessCode.load(store)
    assert access.link("http://192.168.1.20:8550/") == (
        f"http://192.168.1.20:8550/?code={access.code}"
    )


# ---------------------------------------------------------------------------- throttle


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_codes_are_free_at_first_then_wait_twice_as_long_each_time() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock)
    for _ in range(throttle.free):
        assert throttle.wait("10.0.0.5") == 0
        throttle.failed("10.0.0.5")
    assert throttle.wait("10.0.0.5") == pytest.approx(30)
    assert throttle.wait("10.0.0.6") == 0  # per client
    clock.now += 30
    assert throttle.wait("10.0.0.5") == 0
    throttle.failed("10.0.0.5")
    assert throttle.wait("10.0.0.5") == pytest.approx(60)
    for _ in range(20):
        clock.now += throttle.wait("10.0.0.5")
        throttle.failed("10.0.0.5")
    assert throttle.wait("10.0.0.5") == pytest.approx(throttle.longest)
    clock.now += throttle.forget_after + 1
    assert throttle.wait("10.0.0.5") == 0


def test_a_right_code_clears_the_count_and_memory_stays_bounded() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock, max_clients=50)
    for _ in range(throttle.free):
        throttle.failed("a")
    throttle.succeeded("a")
    assert throttle.wait("a") == 0
    for i in range(500):
        clock.now += 1
        throttle.failed(f"10.0.{i // 256}.{i % 256}")
    assert throttle.remembered <= 50


def test_a_device_kept_at_a_new_code_is_signed_again_by_every_server(
    store: Any, tmp_path: Path
) -> None:
    """Two servers of one history: a new code made on one is followed by the other, which
    refuses the old devices and takes the kept one's old cookie, signing the same id again."""
    here = AccessCode.load(store)
    there = AccessCode.load(open_store(store.url))
    host, host_token = here.admit()
    _, other_token = here.admit()
    assert there.device_of(host_token) == host  # one secret for the whole history
    heard: list[tuple[str, str | None]] = []
    there.on_rotate(lambda code, keep: heard.append((code, keep)))
    new = here.rotate(keep=host)
    assert there.code != new  # not yet read
    assert there.refresh() is True and there.code == new
    assert heard == [(new, host)]
    assert there.refresh() is False  # nothing new: nobody told twice
    for server in (here, there):
        assert server.check(other_token) == (None, None)
        device, renewed = server.check(host_token)
        assert device == host and renewed is not None and renewed != host_token
        assert server.check(renewed) == (host, None)
        assert not server.matches(host_token) and server.matches(new)
    # The next new code keeps only its own asker: the host's old cookie goes then.
    here.rotate(keep=None)
    there.refresh()
    assert there.check(host_token) == (None, None)


def test_every_server_follows_the_code_by_itself(store: Any) -> None:
    here = AccessCode.load(store)
    there = AccessCode.load(open_store(store.url))
    _, token = there.admit()
    there.watch(interval=0.05)
    try:
        new = here.rotate()
        deadline = time.monotonic() + 10
        while there.code != new and time.monotonic() < deadline:
            time.sleep(0.01)
        assert there.code == new and there.device_of(token) is None
    finally:
        there.stop()


def _guard(store: Any, clock: Clock) -> tuple[Any, AccessCode]:
    from companion.server import Guard

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"the app"})

    access = AccessCode.load(store)
    throttle = Throttle(clock=clock)
    return Guard(app, port=8550, hosts=["127.0.0.2"], access=access, throttle=throttle), access


async def _try(guard: Any, address: str, code: str) -> int:
    """One typed code from ``address`` through the door (no socket): the answer's status."""
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "query_string": f"code={code}".encode(),
        "headers": [(b"host", b"127.0.0.2:8550")],
        "client": (address, 40000),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await guard(scope, receive, send)
    return int(sent[0]["status"])


def _address(n: int) -> str:
    """The ``n``-th of the crowd's loopback addresses (127.0.1.1, 127.0.1.2, …)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def _wrong(access: AccessCode) -> str:
    return "ABCDEF" if access.code != "ABCDEF" else "ABCDEG"


def test_a_crowd_of_addresses_is_slowed_as_one_guesser(
    store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,000 wrong codes from 200 loopback addresses in 25 seconds (the probe's pace): each
    address's first code is looked at, then the whole crowd waits as one guesser does; a
    phone typing the right code from an address of its own gets in at once all the while."""
    import companion.server as server_module

    monkeypatch.setattr(server_module, "WRONG_CODE_DELAY", 0)

    async def run(addresses: int, tries: int, seconds: float) -> tuple[int, list[int], Any]:
        clock = Clock()
        guard, access = _guard(store, clock)
        statuses = []
        for i in range(tries):
            statuses.append(await _try(guard, _address(i % addresses), _wrong(access)))
            clock.now += seconds / tries
        return guard.checked, statuses, (guard, access, clock)

    crowd_checked, crowd, (guard, access, _clock) = asyncio.run(run(200, 1000, 25.0))
    alone_checked, _, _ = asyncio.run(run(1, 1000, 25.0))
    throttle = guard.throttle
    # Looked at: the server's free tries, and each address's first; everything after waits.
    assert crowd_checked == 200 and crowd.count(303) == 0
    assert alone_checked == throttle.free
    assert crowd[200:] == [429] * 800  # once each has guessed, the crowd is one guesser
    # A phone of the table, from an address that typed nothing wrong: in at once.
    assert asyncio.run(_try(guard, "127.0.200.9", access.code)) == 303
    # An address of the crowd is held back even with the right code (it may not try now).
    assert asyncio.run(_try(guard, "127.0.1.1", access.code)) == 429

    # For an hour: the crowd keeps guessing four times a second, a lone guesser as fast; the crowd
    # gets no more codes looked at than the lone guesser does.
    async def keep_guessing(addresses: int) -> int:
        clock = Clock()
        guard, access = _guard(store, clock)
        for i in range(addresses):  # each address has guessed once already
            await _try(guard, _address(i), _wrong(access))
        before, tries = guard.checked, 0
        while clock.now < 1000 + 3600:
            clock.now += 0.25
            tries += 1
            await _try(guard, _address(tries % addresses), _wrong(access))
        return guard.checked - before

    crowd_hour = asyncio.run(keep_guessing(200))
    alone_hour = asyncio.run(keep_guessing(1))
    assert crowd_hour <= alone_hour
    print(
        f"throttle: 1,000 wrong codes from 200 addresses: {crowd_checked} looked at "
        f"(alone: {alone_checked}); the next hour: {crowd_hour} (alone: {alone_hour})"
    )


# ------------------------------------------------------------------------- join screen


def test_the_join_screen_is_plain_html_in_our_words_for_a_phone() -> None:
    page = join_page().decode()
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "prefers-color-scheme: dark" in page
    assert "<script" not in page and "http" not in page.split("<body>")[1]  # offline, inert
    assert 'name="code"' in page and "Join the table" in page
    wrong = join_page(wrong='"><script>').decode()
    assert "<script>" not in wrong.split("<body>")[1]
    assert "That is not the code" in wrong
    assert html.escape('"><script>') in wrong or "&quot;" in wrong
    assert "Try again in 31 seconds" in join_page(wait=30.5).decode()
    assert "Try again in 15 minutes" in join_page(wait=900).decode()


def test_our_cookie_is_found_among_other_programs_odd_ones() -> None:
    from companion.server import _cookies

    header = 'theme={"a": 1}; x=; bad cookie; companion_device_8550="abc.def"; other=1'
    assert _cookies(header)["companion_device_8550"] == "abc.def"
    assert _cookies(None) == {} and _cookies("") == {}


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        ("127.0.0.1:8550", ("127.0.0.1", 8550)),
        ("LOCALHOST", ("localhost", None)),
        ("localhost.:8550", ("localhost", 8550)),
        ("[::1]:8550", ("::1", 8550)),
        ("evil.example@127.0.0.1", None),
        ("127.0.0.1:8550:1", None),
        ("", None),
        ("a b", None),
    ],
)
def test_host_headers_are_read_strictly(header: str, parsed: Any) -> None:
    assert split_host(header) == parsed


# -------------------------------------------------------------------------- Settings


@run
async def test_settings_show_the_code_in_the_qr_code_and_make_a_new_one(store: Any) -> None:
    access = AccessCode.load(store)
    url = "http://192.168.1.20:8550/"
    h = await Harness.start(
        create_main(store, share_url=url, access=access, device_of=lambda page: "dev-1"),
        route="/settings",
    )
    link = access.link(url)
    image = h.find(ft.Image)
    assert image.semantics_label == f"QR code for {link}"
    assert h.has_text(link)
    old = access.code
    assert h.has_text(f"{old[:3]} {old[3:]}")
    kept: list[str | None] = []
    access.on_rotate(lambda code, keep: kept.append(keep))

    await h.click(h.by_id("new-access-code"))
    dialog = h.find(ft.AlertDialog)
    assert "shut out" in dialog.content.value
    clicking = asyncio.ensure_future(h.click(h.by_id("confirm-new-access-code")))
    # The page reopens at the new code's address so this device stays in: answer the
    # browser's side of launch_url as a browser would.
    for _ in range(100):
        calls = [
            m.body
            for m in h.conn.messages
            if m.action == MessageAction.INVOKE_METHOD and m.body.name == "launch_url"
        ]
        if calls:
            break
        await asyncio.sleep(0.02)
    assert calls, "Settings did not reopen the page"
    assert calls[0].args["url"] == f"/settings?code={access.code}"
    assert calls[0].args["web_only_window_name"] == "_self"
    h.session.handle_invoke_method_results(calls[0].control_id, calls[0].call_id, None, None)
    await clicking
    assert access.code != old
    assert kept == ["dev-1"]
    assert store.get_setting(SETTING_KEY)["code"] == access.code


@run
async def test_settings_on_loopback_show_no_code(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/settings")
    assert not h.find_all(ft.Semantics, identifier="new-access-code")
    assert h.has_text("--host 0.0.0.0")


def test_a_device_shut_out_by_a_new_code_is_told_so_on_the_join_screen(store: Any) -> None:
    """A cookie from before a new code no longer opens the app: the join screen says the code
    was changed (a device with no cookie at all just gets the join screen)."""
    from companion.access import SHUT_OUT_MESSAGE

    guard, access = _guard(store, Clock())
    token = access.token(access.admit()[0])
    cookie = f"{guard.cookie}={token}".encode()

    async def page(headers: list[tuple[bytes, bytes]]) -> tuple[int, str]:
        scope = {
            "type": "http",
            "method": "GET",
            "path": "/history",
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.2:8550"), *headers],
            "client": ("127.0.0.9", 40000),
        }
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await guard(scope, receive, send)
        return int(sent[0]["status"]), b"".join(m.get("body", b"") for m in sent[1:]).decode()

    assert asyncio.run(page([(b"cookie", cookie)]))[0] == 200
    access.rotate()
    status, body = asyncio.run(page([(b"cookie", cookie)]))
    assert status == 403 and SHUT_OUT_MESSAGE in body
    status, body = asyncio.run(page([]))
    assert status == 403 and "Join the table" in body and SHUT_OUT_MESSAGE not in body
