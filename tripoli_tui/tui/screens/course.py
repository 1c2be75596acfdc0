"""The course on screen: its lessons in order, each with the mastery of its box, and the lesson
highlighted opened beside the list before its first step (the box's words, where it leads, what to
watch); the first lesson's pages, which need nothing. The course itself is play/course.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tripoli_tui.play.course import (
    INTRO,
    WHOLE,
    Lesson,
    Page,
    intro_pages,
    lessons,
    mastered,
    mastery,
    mastery_bar,
    read_positions,
)

from ..theme import paint
from ..widgets.fitted import HangingRow
from ..widgets.key_footer import KeyFooter
from ..widgets.readable_list import ReadableOptionList
from .themed import FollowsTheme

INTRO_READ = "course-intro"
"""The name the campaign record checks the first lesson off by."""


@dataclass(frozen=True)
class CourseChoice:
    """What the player chose in the course: a lesson's drill, its tutorial walked through, or the
    whole flowchart drilled on a random position."""

    how: Literal["drill", "tutorial", "whole"]
    lesson: str
    tutorial: str = ""


def mastery_text(right: int, asked: int) -> Text:
    """A box's mastery: ■ each right answer of its last ten, □ each wrong one, · not yet asked."""
    bar = mastery_bar(right, asked)
    text = Text()
    text.append(bar[:right], style=f"bold {paint('text-success')}")
    text.append(bar[right:asked], style=f"bold {paint('text-error')}")
    text.append(bar[asked:], style=paint("muted"))
    return text


class CourseScreen(FollowsTheme, Screen[CourseChoice | None]):
    """The course: its lessons listed, the one highlighted shown whole beside the list."""

    CSS_PATH = "course.tcss"
    AUTO_FOCUS = "#course-list"
    BINDINGS = [
        Binding("enter", "start", "Start", id="course.start", priority=True,
                tooltip="The lesson highlighted: the first lesson's pages, or its drill"),
        Binding("w", "tutorial", "Tutorial", id="course.tutorial",
                tooltip="Walk through the course's tutorial of this box, step by step"),
        Binding("escape,q", "back", "Back", id="course.back"),
    ]

    def __init__(self, highlighted: str = "", answers: list[tuple[str, bool]] | None = None,
                 intro_read: bool = False, tutorials_done: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.lessons = lessons()
        self.answers = answers or []
        """Every answer on a box, oldest first, from the campaign record."""
        self.intro_read = intro_read
        self.tutorials_done = tutorials_done
        self.first = highlighted
        self.positions = {box: len(found) for box, found in read_positions().items()}

    def compose(self) -> ComposeResult:
        with Vertical(id="course-frame"):
            yield Static("Course: learn the T-bot", id="course-title")
            with Horizontal(id="course-body"):
                yield ReadableOptionList(id="course-list")
                with VerticalScroll(id="course-page"):
                    yield Static(id="course-lesson")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        listing = self.query_one("#course-list", OptionList)
        listing.add_options(Option(self._row(n, lesson), id=lesson.id)
                            for n, lesson in enumerate(self.lessons, 1))
        ids = [lesson.id for lesson in self.lessons]
        listing.highlighted = ids.index(self.first) if self.first in ids else self._next_index()

    def _next_index(self) -> int:
        """Where the player is: the first lesson unread, else the first box not mastered."""
        if not self.intro_read:
            return 0
        for n, lesson in enumerate(self.lessons):
            right, asked = mastery(self.answers, lesson.id)
            if lesson.box is not None and not mastered(right, asked):
                return n
        return len(self.lessons) - 1

    def _row(self, number: int, lesson: Lesson) -> HangingRow:
        """A lesson's number and title, wrapped under the title's first word (the list wraps a
        row back to its edge, under the number), then its box's mastery, under it too."""
        mark = Text("✔ " if lesson is INTRO and self.intro_read else "  ",
                    style=f"bold {paint('text-success')}")
        mark.append(f"{number}. ", style="bold")
        under = (Content.from_rich_text(mastery_text(*mastery(self.answers, lesson.id))),) \
            if lesson.box is not None else ()
        return HangingRow(Content.from_rich_text(mark), Content(lesson.title), under)

    @property
    def lesson(self) -> Lesson | None:
        option = self.query_one("#course-list", OptionList).highlighted_option
        return next((lesson for lesson in self.lessons if option and lesson.id == option.id), None)

    @on(OptionList.OptionHighlighted, "#course-list")
    def _highlighted(self) -> None:
        lesson = self.lesson
        if lesson is not None:
            self.query_one("#course-lesson", Static).update(self._page(lesson))
            self.query_one("#course-page", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def _page(self, lesson: Lesson) -> Text:
        """The lesson opened before its first step: the box's words, where it leads, what to watch,
        the mastery, and what ⏎ and w do."""
        number = self.lessons.index(lesson) + 1
        text = Text(f"Lesson {number} · {lesson.title}\n", style=f"bold {paint('text-primary')}")
        box = lesson.box
        if box is not None:
            text.append(f"{box.wording}\n")
            if box.on_yes:
                text.append("yes → " if box.on_no else "then → ",
                            style=f"bold {paint('text-success')}")
                text.append(f"{box.on_yes}\n")
            if box.on_no:
                text.append("no → ", style=f"bold {paint('text-error')}")
                text.append(f"{box.on_no}\n")
        text.append("\nWatch: " if box is not None else "\nAbout: ", style="bold")
        text.append(f"{lesson.watch}\n")
        if box is not None:
            right, asked = mastery(self.answers, lesson.id)
            text.append("\nYour last ten: ", style="bold")
            text.append_text(mastery_text(right, asked))
            text.append(f"  {right} right of {asked}\n" if asked else "  not asked yet\n")
        text.append("\n")
        text.append_text(self._what_starts(lesson))
        return text

    def _what_starts(self, lesson: Lesson) -> Text:
        text = Text(style=paint("muted"))
        if lesson is INTRO:
            text.append("⏎ read it: five short pages, nothing to know first.")
        elif lesson is WHOLE:
            text.append("⏎ a drill of every box on a random position.")
        elif self.positions.get(lesson.id):
            text.append(f"⏎ a drill of this box alone on a position from a seeded game "
                        f"({self.positions[lesson.id]} kept, a fresh one each time).")
        elif lesson.tutorials:
            text.append("⏎ a drill of this box on its tutorial: no seeded game of the course "
                        "reaches it.")
        if lesson.tutorials:
            names = ", ".join(self._tutorial_title(name) for name in lesson.tutorials)
            text.append(f"\nw walk through its tutorial ({names}).")
        return text

    def _tutorial_title(self, name: str) -> str:
        done = " ✔" if name in self.tutorials_done else ""
        return name.split("-", 1)[1].replace("-", " ") + done

    # --- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tutorial":
            lesson = self.lesson
            return lesson is not None and bool(lesson.tutorials)
        return True

    def action_start(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        if lesson is INTRO:
            self.app.push_screen(IntroScreen(), self._intro_read)
        elif lesson is WHOLE:
            self.dismiss(CourseChoice("whole", lesson.id))
        elif self.positions.get(lesson.id):
            self.dismiss(CourseChoice("drill", lesson.id))
        elif lesson.tutorials:
            self.dismiss(CourseChoice("drill", lesson.id, lesson.tutorials[0]))
        else:
            self.notify("No position of the course reaches this box yet.", severity="warning")

    def _intro_read(self, read: bool | None) -> None:
        if not read or self.intro_read:
            return
        self.intro_read = True
        from ... import storage

        try:
            storage.record_tutorial(INTRO_READ)
        except storage.SaveError as error:
            self.notify(f"Your progress could not be kept: {error}", severity="error")
        listing = self.query_one("#course-list", OptionList)
        listing.replace_option_prompt(INTRO.id, self._row(1, INTRO))
        listing.highlighted = 1  # on to the first box

    def action_tutorial(self) -> None:
        lesson = self.lesson
        if lesson is not None and lesson.tutorials:
            undone = [n for n in lesson.tutorials if n not in self.tutorials_done]
            self.dismiss(CourseChoice("tutorial", lesson.id, (undone or lesson.tutorials)[0]))

    def action_back(self) -> None:
        self.dismiss(None)

    def repaint(self) -> None:
        listing = self.query_one("#course-list", OptionList)
        for n, lesson in enumerate(self.lessons, 1):
            listing.replace_option_prompt(lesson.id, self._row(n, lesson))
        self._highlighted()


def page_text(page: Page, number: int, count: int) -> Text:
    """One page of the first lesson, its marks in their colours."""
    text = Text(f"{page.title}", style=f"bold {paint('text-primary')}")
    text.append(f"   {number} of {count}\n\n", style=paint("muted"))
    text.append(page.text)
    colours = {"✔": "text-success", "✘": "text-error", "·": "muted", "■": "gold", "◀": "gold"}
    for mark, meaning in page.marks:
        text.append("\n  ")
        text.append(mark, style=f"bold {paint(colours.get(mark, 'text'))}")
        text.append(f"  {meaning}")
    return text


class IntroScreen(FollowsTheme, ModalScreen[bool]):
    """The first lesson: its pages one at a time; dismissed True once the last is read."""

    CSS_PATH = "course.tcss"
    BINDINGS = [
        Binding("right,n,enter,space", "turn(1)", "Next", id="intro.next", priority=True),
        Binding("left,p", "turn(-1)", "Back a page", id="intro.back"),
        Binding("escape,q", "close", "Close", id="intro.close"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pages = intro_pages()
        self.at = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="intro-box"):
            yield Static(id="intro-page")
        yield KeyFooter(palette=True)

    def on_mount(self) -> None:
        self.query_one("#intro-box").border_title = "Lesson 1 · Reading the T-bot"
        self._show()

    def _show(self) -> None:
        last = self.at == len(self.pages) - 1
        self.query_one("#intro-box").border_subtitle = (
            "⏎ back to the course" if last else "⏎ or → next · ← back")
        self.query_one("#intro-page", Static).update(
            page_text(self.pages[self.at], self.at + 1, len(self.pages)))

    def action_turn(self, step: int) -> None:
        if self.at + step >= len(self.pages):
            self.dismiss(True)
            return
        self.at = max(0, self.at + step)
        self._show()

    def action_close(self) -> None:
        self.dismiss(self.at == len(self.pages) - 1)

    def repaint(self) -> None:
        self._show()
