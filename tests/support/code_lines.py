"""The code of a module without its prose, for the tests that grep ``bot/`` for a pattern in code."""
from __future__ import annotations

import ast


def code_lines(source: str) -> list[tuple[int, str]]:
    """The lines of a module that are code (number, text): its docstrings and comments left out."""
    prose = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            prose.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return [(number, line.split("#")[0]) for number, line in enumerate(source.splitlines(), start=1)
            if number not in prose]
