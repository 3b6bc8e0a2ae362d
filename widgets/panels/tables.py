"""Small HTML tables without pandas.

The score table and the move log are on screen from the first render; building them
with pandas would make every kernel import it (about 50 MB, half a kernel: see
benchmarks/kernel_memory.py). ``html_table`` writes the same markup as pandas'
``DataFrame.to_html(index=False)`` for rows of plain values, so the page looks the same.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence


def html_table(rows: Iterable[Mapping], columns: Sequence[str] | None = None) -> str:
    """A table with a header of ``columns`` (default: the first row's keys, in order) and
    one row per mapping; every cell is escaped, a missing or None value is left empty."""
    rows = list(rows)
    if columns is None:
        columns = list(rows[0]) if rows else []
    head = "".join(f"<th>{html.escape(str(name))}</th>" for name in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(row.get(name))}</td>" for name in columns) + "</tr>"
        for row in rows)
    return (f'<table border="1" class="dataframe">'
            f'<thead><tr style="text-align: right;">{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _cell(value) -> str:
    return "" if value is None else html.escape(str(value))
