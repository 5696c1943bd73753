"""The UI's skeleton: every tool has the same files, its id is its table rules', and its model
loads without flet (so the model's tests need no page)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from companion.tables.registry import tools

UI = Path(importlib.import_module("companion.ui").__file__ or "").parent
TABLE_TOOLS = ("bard", "cove_goods", "journey", "mercante", "scorepad", "seats", "setup")
SCREENS = (*TABLE_TOOLS, "history", "rules", "settings")


@pytest.mark.parametrize("tool", TABLE_TOOLS)
def test_a_table_tool_has_the_skeleton_and_its_table_rules_id(tool: str) -> None:
    package = UI / tool
    assert {p.name for p in package.iterdir()} >= {"__init__.py", "lobby.py", "screen.py", "model"}
    module = importlib.import_module(f"companion.ui.{tool}")
    assert tool == module.TOOL_ID
    assert module.TOOL_ID in tools()
    assert module.ROUTE.startswith("/") and module.table_route(7) == f"{module.ROUTE}/7"


def test_the_models_load_without_flet() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for tool in {SCREENS!r} + ('',):\n"
        "    name = f'companion.ui.{tool}.model' if tool else 'companion.ui.model'\n"
        "    package = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(sorted(m for m in sys.modules if m == 'flet' or m.startswith('flet.')))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "[]"
