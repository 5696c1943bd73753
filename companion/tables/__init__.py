"""Shared tables: every tool's game in progress is one table that all devices see live.

A table is its tool, its start (the fresh game's ``to_dict()``) and an append-only log of
actions in the history database (``game_table``, ``table_action``; migration 0004). One
:class:`TableHub` per server process applies each table's actions one at a time, commits
each before any screen shows it, and pushes it to every screen on the table. A screen sends
the seq it last showed with every action: an action that still fits is applied, one that no
longer does is refused with a message saying what changed, and nothing is ever overwritten.
Undo (``{"kind": "undo", "of": seq}``) is generic: it takes back the table's last effective
action and is refused unless ``of`` still is that action.

How a tool joins (Merchant's Journey is the worked example: ``companion/engine/journey/``,
``companion/ui/journey/``)
===========================================================================================

1. The engine (pure, ``companion/engine/<tool>``):

   - the game is an immutable value with ``apply(action) -> (game, record)`` (verifies
     first, raises the engine's ``ValueError`` subclass naming the input, changes nothing),
     ``log``, ``is_over``, ``to_dict()``/``from_dict()``;
   - actions are frozen ``saves.Action`` subclasses with ``kind`` and ``to_dict()``, and a
     public ``read_action(data) -> Action`` raising the engine's error naming the field;
   - export ``TABLE_RULES = TableRules(tool=..., read_start=Game.from_dict,
     read_action=read_action, players=..., status=..., error=<base error>,
     changed=<words for what changed>, with_rules=<optional>)`` and, if an action depends
     on less than the whole game, ``reads=lambda game, action: <just that part>`` (a
     checklist tick reads only its step's state: a stale phone's tick on another step is
     then applied, not refused). See ``companion/engine/protocol.py``.

2. Register it: add ``<engine>.TABLE_RULES`` to :func:`companion.tables.registry.tools`.

3. The screens: a package ``companion/ui/<tool>/`` (its ``__init__``, ``lobby.py``,
   ``screen.py``, one part a file in ``parts/``) over its ``model/`` (drafts, forms and
   words, no flet), using the shared kit (``companion/ui/kit/``):

   - The entry, in the package's ``__init__``: ``TOOL_ID = TABLE_RULES.tool``, ``ROUTE``,
     ``table_route`` and ``open_<tool>``, which returns ``table_tool(ROUTE, Lobby,
     Screen)(ctx, rest)`` (``kit/tool_entry.py``): ``/<section>/<tool>`` opens the lobby,
     ``/<section>/<tool>/<id>`` that table (any other route is not found).
   - The lobby, with ``kit/lobby.py``: ``lobby_screen(ctx, TOOL_ID, ...)`` is its frame
     (problems, the live list of games in progress with Resume, Finish and Abandon
     confirmed, then the tool's own form); the new-game form is a draft of this device
     (``live_session(ctx, TOOL_ID).draft(TOOL_ID, LOBBY, Form)``); Start is
     ``start_table(ctx, session, TOOL_ID, fresh_game, route=table_route, what=...)``; an old
     single saved game under a settings key is imported once with ``import_old_save(...)``.
   - The table: a subclass of ``kit/table_screen.py``'s ``TableScreen`` naming its
     ``tool_id``, ``lobby``, ``game_type`` and ``draft_type``; it holds the session, this
     device's draft, the problems, the painter, the notices, Undo, ``self.live`` (a
     ``LiveTable``; ``TableNotFound`` → not found, another tool's table → not found), the
     typed ``game``, and follows Settings' house rules (``house_rules()``). The tool builds
     every control ONCE in ``build_controls()`` and updates them in place in
     ``render_game(game, snapshot)`` from the game and the device's draft, sending only what
     changed: build sections of ``companion.ui.paint``'s section classes, change properties
     through ``self.paint.set(section, control, prop=value)``, rebuild a part only when its key
     changed with ``Slot(painter)``. Never rebuild the whole screen on a push: a push must
     not disturb what the player is doing (a card chosen, a half-typed field). Its
     ``menu()`` is ``table_menu``/``game_menu`` (``kit/table_menu.py``: the tool's entries,
     Finish, Abandon).
   - A tap: the screen asks the draft for the action (``companion/ui/<tool>/model/``) and
     sends it: ``self.act(action, confirm=<words>, then=<settle the draft>)`` (Applied:
     rendered with a message whose Undo takes back exactly that step; Refused: the message
     on this device, the screen brought up to date; Failed: the database refused, nothing
     changed, the screen stays as it was); a tap that cannot be sent says why with
     ``self.refuse(text)`` (or ``self.hint(text)``). ``self.undo()`` takes back the table's
     last effective action; ``self.live.save(play_builder, saved=...)`` saves to history
     exactly once (a second Save anywhere opens the saved play; once its play has been
     deleted in History, Save is refused, saying so, and only ``TableHub.save_to_history(...,
     again=True)`` saves it as a new play: ``snapshot.info.saved`` tells the two apart);
     ``self.live.finish()`` / ``abandon()`` end it (asked first by the table menu).
   - What a device is only typing lives in its draft (``self.draft``), never in the table.
     On a table screen messages go through the table's message line (``self.hint``,
     ``self.refuse``, ``self.live.tell``), never a SnackBar: they time out on the server,
     cover nothing and never survive a reload.

4. Tests: the hub's behaviour is tested once (``tests/tables/test_hub.py``); a tool tests
   its ``TableRules`` (``tests/engine/test_protocol.py``), its screen on real sessions with
   several phones on one hub (``tests/ui/journey/test_screen.py``: pushes, stale taps, a full
   disk, undo, reload, leaving) and in Chromium (``tests/browser/test_journey.py``).

Threads: the hub is called from each session's event loop thread and from the watcher's
thread; a table's lock makes its actions one at a time. Subscribers are called on the
thread that made the change and must only hand the snapshot on (``LiveTable`` does:
``loop.call_soon_threadsafe``). Several servers over one database: the unique
``(table, seq)`` and the conditional head update keep two servers from writing the same
step; :meth:`TableHub.start_watcher` notices the other servers' steps within a second.
"""

from companion.tables.hub import Subscription, TableHub, ToolSubscription
from companion.tables.outcomes import (
    Applied,
    Failed,
    Outcome,
    Refused,
    Saved,
    Snapshot,
    StatusChanged,
    TableInfo,
    TableNotFound,
)

__all__ = [
    "Applied",
    "Failed",
    "Outcome",
    "Refused",
    "Saved",
    "Snapshot",
    "StatusChanged",
    "Subscription",
    "TableHub",
    "TableInfo",
    "TableNotFound",
    "ToolSubscription",
]
