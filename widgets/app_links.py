"""The tutor app's links and files: a link into the app opens the example, step and
view it names (saying what in it could not be used); the app writes the link and the
download for what it shows; a scenario file loaded opens as an example.

A part of :class:`widgets.app.TutorApp` (a mixin): it uses the app's book, branch,
pickers and message line, and its refresh.
"""

from __future__ import annotations

import asyncio
import base64
import html
from pathlib import Path

from tutor import scenario as scenarios
from tutor.seat_texts import held_back_notice
from tutor.session import SecretError, Walkthrough
from tutor.visible_text import visible
from widgets.links import FREE, Link
from widgets.modes import FREE_PLAY, TEACHER


class LinksAndFiles:
    """Following a link, writing the link and download, loading a file."""

    def _linked_example(self, link: Link, example: str | None) -> str:
        default = example or next(iter(self.examples), FREE_PLAY)
        if link.example is None:
            return default
        if link.example != FREE:
            for name in ("players", "seed"):
                if getattr(link, name) is not None:
                    link.notices.append(f"'{name}' is for free play only, so it was left out")
        if link.example == FREE:
            if link.step is not None:
                link.notices.append("free play has no steps, so 'step' was left out")
                link.step = None
            counts = self.game.player_counts
            if link.players is not None:
                if link.players in counts:
                    self.free_players.value = link.players
                else:
                    link.notices.append(f"{self.game.title} is for {counts[0]} to "
                                        f"{counts[-1]} players, not {link.players}")
            if link.seed is not None:
                self.free_seed.value = link.seed
            return FREE_PLAY
        if link.example in self.examples:
            return link.example
        link.notices.append(f"there is no example '{link.example}' for {self.game.title} "
                            f"(examples: {', '.join(self.examples)})")
        return default

    def _apply_link(self, link: Link) -> None:
        """Go to the linked step and perspective; say what in the link was not usable."""
        if link.step is not None and self.book:
            if 0 <= link.step <= self.book.size:
                self.book.jump(link.step)
            else:
                link.notices.append(f"this example has steps 0 to {self.book.size}, not "
                                    f"{link.step}")
        if link.view is not None:
            names = {name.lower(): seat for seat, name in enumerate(self.players)}
            if link.view.lower() == "teacher":
                self._set_perspective(TEACHER)
            elif link.view.lower() in names:
                self._set_perspective(names[link.view.lower()])
                self._play_seat_viewed()
            else:
                link.notices.append(f"'{link.view}' is not a player here (players: "
                                    f"{', '.join(self.players)}, or teacher)")
        self.refresh()
        if link.notices:
            self.message.value = ("<span class='rt-notice'>The link could not be followed "
                                  "in full: " + html.escape("; ".join(link.notices)) +
                                  ". Starting from what could be used.</span>")

    def current_link(self) -> Link | None:
        """The link that reopens what is shown now (None for an uploaded game or one
        played from a bare position)."""
        if self.branch and not self.branch.replayable:
            return None
        view = self.seen_by()
        view_name = "teacher" if view is None else self.players[view]
        if self.book is None:
            return Link(example=FREE, players=self.free_players.value,
                        seed=self.free_seed.value, view=view_name)
        stem = self.example_picker.value
        if stem not in self._linkable:
            return None
        at = self.branch.base if self.branch else self.book.position
        return Link(example=stem, step=at, view=view_name)

    def _update_link_and_download(self) -> None:
        """The link and the download for what is shown. The link is a short string and is
        written at once. Writing the game out as YAML costs more than the rest of a step,
        and each changed widget is one more message for the page to handle before the next
        click: in a page the download waits until the learner pauses, so a click on Next
        answers at once."""
        self._write_link()
        if self._download_timer is not None:
            self._download_timer.cancel()
            self._download_timer = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._write_download()
            return
        self._download_timer = loop.call_later(0.6, self._write_download_reporting_errors)

    def _write_download_reporting_errors(self) -> None:
        """The deferred download. An error in a timer would vanish into the kernel's log,
        leaving the learner with no download and no reason: say it where the download
        would be."""
        try:
            self._write_download()
        except Exception as error:  # noqa: BLE001 - shown to the learner, not swallowed
            self.download.value = ("<i>This game could not be written out for download: "
                                   f"{html.escape(type(error).__name__)}: "
                                   f"{html.escape(str(error))}</i>")

    def _write_link(self) -> None:
        link = self.current_link()
        if link is None:
            self.link_view.value = ("<i>A game played from a position of its own has no link."
                                    "</i>" if self.branch and not self.branch.replayable
                                    else "<i>A loaded game has no link: download it to "
                                    "share.</i>")
        else:
            what = ("the start of this free game" if self.book is None
                    else "your branch point" if self.branch else "this step")
            self.link_view.value = (f"<a href='{html.escape(link.query())}' target='_blank'>"
                                    f"&#8599; Link to {what}</a>")

    def _write_download(self) -> None:
        """The link that saves the game shown as a scenario file (all-seeing views only)."""
        self._download_timer = None
        try:
            if self.branch:
                text = self.branch.to_scenario(f"My game of {self.game.title}",
                                               viewer=self.seen_by())
            else:
                text = self.book.to_scenario(viewer=self.seen_by())
        except SecretError as error:
            self.download.value = f"<i>{html.escape(str(error))}</i>"
            return
        except ValueError:
            self.download.value = ""
            return
        data = base64.b64encode(text.encode()).decode()
        name = f"{self.game.id}_game.yaml"
        self.download.value = (f"<a download='{name}' href='data:text/yaml;base64,{data}'>"
                               "&#11015; Download this game</a>")

    def load_text(self, text: str, name: str = "uploaded.yaml") -> bool:
        """Open a scenario file's text as an example, at its start; on any problem say
        why and leave the app as it was."""
        return self.load_bytes(text.encode("utf-8"), name)

    def load_bytes(self, data: bytes, name: str = "uploaded.yaml") -> bool:
        """Open a scenario file as the command line reads it (size, encoding, then the
        scenario), at its start; on any problem say why and leave the app as it was."""
        try:
            loaded = scenarios.parse_bytes(data, Path(name))
            if loaded.game.id != self.game.id:
                raise scenarios.ScenarioError(f"{name}: this file is a game of "
                                              f"{loaded.game.title}, not {self.game.title}")
            walkthrough = Walkthrough(loaded)
        except scenarios.ScenarioError as error:
            self.message.value = (f"<span class='rt-error'>Could not load the file: "
                                  f"{html.escape(str(error))}</span> Nothing changed.")
            return False
        key = f"loaded: {name}"
        self.examples[key] = walkthrough
        options = [o for o in self.example_picker.options if o[1] != key]
        # The file's name and title, with any control or bidi character written out.
        shown = visible(name, keep_line_breaks=False)
        label = visible(f"{walkthrough.listed_title} ({shown})", keep_line_breaks=False)
        self.example_picker.options = options[:-1] + [(label, key), options[-1]]
        self.example_picker.value = key
        self.book.restart()
        self.refresh()
        self.message.value = (f"Loaded {html.escape(shown)}: {len(loaded.steps)} steps. "
                              "Press Next to step through it.")
        notice = held_back_notice(walkthrough.held_back)   # texts a seat may not read
        if notice:
            self.message.value += f" <span class='rt-held-back'>{html.escape(notice)}</span>"
        return True

    def _load_upload(self) -> None:
        for item in self.upload.value:
            self.load_bytes(bytes(item["content"]), item["name"])
