"""The one exception for a recorded proof that no longer goes through (issue 51, item 4).

A transcript's recorded step that fails again, a box log whose tree no longer closes, a region or a face that
is not the one recorded: each raises :class:`ReplayFailed` with what failed.  A check reports it as an ERROR
naming ``symdp certify``; ``symdp certify`` searches that claim afresh.
"""


class ReplayFailed(Exception):
    """A recorded proof (a transcript, a box log, a region's record) no longer goes through."""
