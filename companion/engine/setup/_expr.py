"""Tiny whole-number arithmetic for quantities in the setup data.

A quantity such as ``"assistants_each * players"`` or ``"deck - hand * players"`` is parsed
once at load time (so a typo fails there, naming the file and the entry) and evaluated for
each player count. Only ``+``, ``-``, ``*``, ``//``, parentheses, whole numbers and names are
allowed: the data describes counts of pieces, nothing more, and must never run code.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

from companion.engine.core.numbers import is_whole

_OPS = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
}


class ExpressionError(ValueError):
    """An expression that is not plain whole-number arithmetic, or names something unknown."""


@dataclass(frozen=True)
class Expr:
    """A parsed expression: its source text and the names it reads."""

    text: str
    tree: ast.expr
    names: frozenset[str]

    def __repr__(self) -> str:
        return f"Expr({self.text!r})"

    def evaluate(self, env: Mapping[str, int]) -> int:
        """The value with ``env`` supplying every name (``KeyError`` if one is missing)."""
        return _eval(self.tree, env)


def parse(text: str | int) -> Expr:
    """Parse ``text`` (or wrap a whole number) into an :class:`Expr`."""
    if isinstance(text, bool):
        raise ExpressionError(f"expected a whole number or an expression, got {text!r}")
    if isinstance(text, int):
        return Expr(str(text), ast.Constant(text), frozenset())
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise ExpressionError(f"not an arithmetic expression: {text!r}") from None
    names: set[str] = set()
    _check(tree, text, names)
    return Expr(text.strip(), tree, frozenset(names))


def _check(node: ast.expr, text: str, names: set[str]) -> None:
    if isinstance(node, ast.Constant):
        if not is_whole(node.value):
            raise ExpressionError(f"only whole numbers are allowed in {text!r}")
    elif isinstance(node, ast.Name):
        names.add(node.id)
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _OPS:
            allowed = " ".join(_OPS.values())
            raise ExpressionError(f"only {allowed} are allowed in {text!r}")
        _check(node.left, text, names)
        _check(node.right, text, names)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        _check(node.operand, text, names)
    else:
        raise ExpressionError(f"only whole-number arithmetic is allowed in {text!r}")


def _eval(node: ast.expr, env: Mapping[str, int]) -> int:
    if isinstance(node, ast.Constant):
        value = node.value
        assert isinstance(value, int)
        return value
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp):
        return -_eval(node.operand, env)
    assert isinstance(node, ast.BinOp)
    left = _eval(node.left, env)
    right = _eval(node.right, env)
    if isinstance(node.op, ast.Add):
        return left + right
    if isinstance(node.op, ast.Sub):
        return left - right
    if isinstance(node.op, ast.Mult):
        return left * right
    if right == 0:
        raise ExpressionError("division by zero")
    return left // right
