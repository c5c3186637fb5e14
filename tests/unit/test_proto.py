"""Generated code must match proto/, and every message must survive a round trip."""

from hypothesis import given
from hypothesis import strategies as st

from shared.api import gen_proto
from shared.messages import Envelope, LocatedPage, ReviewLocated, ReviewRequested, StageTiming


def test_generated_code_matches_proto(tmp_path):
    fresh = gen_proto.generate(tmp_path)
    assert fresh, "protoc generated nothing"
    for path in fresh:
        committed = gen_proto.DEFAULT_OUT / path.relative_to(tmp_path)
        assert committed.exists(), f"{committed} is missing: run `make proto`"
        assert committed.read_bytes() == path.read_bytes(), f"{committed} drifted from proto/: run `make proto`"


text = st.text(max_size=200)
floats = st.floats(allow_nan=False, allow_infinity=False, width=64)
timings = st.builds(StageTiming, stage=text, queue_wait_ms=floats, total_ms=floats, cpu_ms=floats)
envelopes = st.builds(Envelope, request_id=text, doc_sha256=text, question=text, page_count=st.integers(0, 2**31 - 1), submitted_at=floats, timings=st.lists(timings, max_size=5), tenant=text)


@given(envelopes, text)
def test_review_requested_round_trip(env, key):
    msg = ReviewRequested(envelope=env, blob_key=key)
    assert ReviewRequested.FromString(msg.SerializeToString()) == msg


@given(envelopes, st.lists(st.builds(LocatedPage, page=st.integers(1, 10_000), score=st.floats(width=32, allow_nan=False), summary=text), max_size=10), st.sampled_from(["located", "fallback_full"]), st.lists(text, max_size=4))
def test_review_located_round_trip(env, pages, mode, cats):
    msg = ReviewLocated(envelope=env, pages=pages, mode=mode, categories=cats)
    assert ReviewLocated.FromString(msg.SerializeToString()) == msg
