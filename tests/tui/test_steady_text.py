"""SteadyText, the flowchart's detail pane: a new text lays the screen out again only when the
text's size changes (a text taller than its pane, now or before); one that fits is drawn in place.
The flowchart laid its hundred widgets out twice for every box moved to."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from tripoli_tui.tui.widgets.steady_text import SteadyText


class Host(App[None]):
    CSS = "VerticalScroll { height: 6; } SteadyText { min-height: 100%; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield SteadyText("one line")


def lines(n: int) -> str:
    return "\n".join(f"line {i}" for i in range(n))


async def test_a_text_that_fits_is_drawn_in_place_and_a_taller_one_is_laid_out_whole() -> None:
    app = Host()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        text, pane = app.query_one(SteadyText), app.query_one(VerticalScroll)
        assert text.outer_size.height == 6  # it fills its pane
        laid_out: list[bool] = []
        refresh = text.refresh

        def counted(*regions: Any, **options: Any) -> Any:
            laid_out.append(bool(options.get("layout")))
            return refresh(*regions, **options)

        text.refresh = counted  # type: ignore[method-assign]

        text.show(lines(6))  # as tall as the pane: the same size, no layout
        await pilot.pause()
        assert not any(laid_out) and text.outer_size.height == 6
        assert "line 5" in str(text.render())

        text.show(lines(12))  # taller than the pane: laid out, every line reachable
        await pilot.pause()
        assert any(laid_out)
        assert text.outer_size.height == 12 and pane.max_scroll_y == 6
        pane.scroll_end(animate=False)
        await pilot.pause()
        assert pane.scroll_y == 6

        laid_out.clear()
        text.show("short again")  # from taller than the pane: laid out, back to the pane's size
        await pilot.pause()
        assert any(laid_out) and text.outer_size.height == 6 and pane.max_scroll_y == 0
