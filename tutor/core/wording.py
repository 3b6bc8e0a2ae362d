"""Small helpers for the sentences that events, rejections and outcomes read as."""

import datetime


def joined(items, empty: str = "nothing") -> str:
    """'Ada', 'Ada and Ben', 'Ada, Ben and Cleo'; ``empty`` when there are none."""
    items = [str(item) for item in items]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(count: int, word: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def sentences(texts) -> str:
    """Texts as one paragraph, each ending with one full stop (a text that already ends a
    sentence, 'it faces them.', gets no second one)."""
    return " ".join(text if text.rstrip().endswith((".", "!", "?")) else text + "."
                    for text in texts)


def plain_value(value) -> str:
    """A value read from a file, for a message: in plain words and short whatever its
    size (a file's text is untrusted); what YAML read it as where that is not what was
    written (an empty value, yes/no, a date), never Python's spelling ("None", "True",
    "datetime.date(2001, 12, 14)")."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a map"
    if value is None:
        return "an empty value (nothing is written there)"
    if isinstance(value, bool):
        return (f"{str(value).lower()} (YAML reads an unquoted yes, no, true or false as "
                "a yes/no value: put it in quotes for a text)")
    if isinstance(value, (datetime.date, datetime.datetime)):
        return (f"a date, {value.isoformat()} (YAML reads an unquoted year-month-day as a "
                "date: put it in quotes for a text)")
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def sentence(text: str) -> str:
    """``text`` as one sentence: a capital first letter and a full stop unless it already
    ends a sentence ('' stays '')."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
