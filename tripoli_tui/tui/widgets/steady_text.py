"""SteadyText: the text of a scrolling pane, changed without laying the screen out again when its
size stays the same.

Textual's `Static.update` lays the whole screen out (every widget of it arranged again), and once
more when the text's height changed. On the flowchart, whose detail pane shows the selected box's
text, that was two layouts of its hundred widgets for every box moved to (~30 of ~60 ms of CPU a
key). A SteadyText made to fill its pane at least (`min-height: 100%` in the screen's CSS, where
the pane is tall enough for most texts: the flowchart's side-by-side detail) keeps the size it had
for a text that fits the pane as the one before did: only a text taller than the pane, now or
before, changes its size, and only then is the screen laid out again. The new text's height is
Textual's own measure of it (`get_content_height`), the one the layout would use. Where it does
not fill its pane, it is laid out as a Static is. (Filling a short pane, where most texts are
taller, cost a third layout a text: the pane's scrolling size changed with every one.)
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


class SteadyText(Static):
    """A Static in a scrolling pane: `show` changes its text, in place while it fills the pane."""

    def show(self, content: VisualType) -> None:
        """Show `content`: drawn again in place when the text fits the pane as the one before
        did, laid out again (the pane's scrolling with it) when either is taller."""
        pane = self.parent
        if not isinstance(pane, Widget):
            self.update(content)
            return
        room = pane.scrollable_content_region.height
        filled = room > 0 and self.outer_size.height == room and self.size.width > 0
        self.update(content, layout=False)
        if not filled or room < (self.get_content_height(pane.size, self.app.size, self.size.width)
                                 + self.styles.gutter.height):
            self.refresh(layout=True)
