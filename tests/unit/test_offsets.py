"""The commit point of a partition when messages finish out of order."""

from aiokafka import TopicPartition
from hypothesis import given
from hypothesis import strategies as st

from shared.platform.consumer import OffsetTracker

TP = TopicPartition("t", 0)


def test_commit_waits_for_the_oldest_unfinished_message():
    t = OffsetTracker()
    assert t.commit_point(TP) is None
    for o in (5, 6, 7):
        t.start(TP, o)
    t.done(TP, 6)
    t.done(TP, 7)
    assert t.commit_point(TP) == 5
    t.done(TP, 5)
    assert t.commit_point(TP) == 8


@given(st.permutations(list(range(12))), st.integers(0, 100))
def test_commit_point_never_passes_an_unfinished_message(order, base):
    t = OffsetTracker()
    for o in range(12):
        t.start(TP, base + o)
    done: set[int] = set()
    previous = base
    for o in order:
        t.done(TP, base + o)
        done.add(o)
        point = t.commit_point(TP)
        assert all(i in done for i in range(point - base)), "every offset below the commit point is done"
        assert point >= previous
        previous = point
    assert t.commit_point(TP) == base + 12


def test_forgotten_partitions_start_afresh():
    t = OffsetTracker()
    t.start(TP, 3)
    t.forget([TP])
    assert t.commit_point(TP) is None
