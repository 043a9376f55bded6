"""The tests' wait helper waits for its condition and names it when it never comes (issue 44,
item 7: a test must wait for the condition, not for time)."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App

from tests.waiting import until


class LateApp(App[None]):
    """Sets ``ready`` from a timer, later than one Pilot pause reaches."""

    ready = False

    def on_mount(self) -> None:
        self.set_timer(0.3, self.become_ready)

    def become_ready(self) -> None:
        self.ready = True


def test_until_waits_for_work_scheduled_later_than_one_pause() -> None:
    """Issue 44 item 7: one ``pause()`` returns before the timer fires; ``until`` does not."""

    async def scenario() -> None:
        app = LateApp()
        async with app.run_test() as pilot:
            await pilot.pause()
            assert not app.ready  # the condition one pause used to be trusted with
            await until(pilot, lambda: app.ready, "the timer")
            assert app.ready

    asyncio.run(scenario())


def test_until_names_the_condition_that_never_came() -> None:
    """Issue 44 item 7: a condition that never holds fails the test with its name, not a hang."""

    async def scenario() -> None:
        async with LateApp().run_test() as pilot:
            await until(pilot, lambda: False, "a key that never appears", ceiling=0.05)

    with pytest.raises(AssertionError, match="a key that never appears"):
        asyncio.run(scenario())
