"""What a person reads in a widget's HTML: the glossary's hover marks taken off, so tests
can look for a sentence whether or not one of its words is an explained term."""

import re

_TERM = re.compile(r"<span class='rt-term' tabindex='0' data-means='[^']*'>(.*?)</span>")


def unmarked(markup: str) -> str:
    return _TERM.sub(r"\1", markup)
