"""One publish -> consume hop on a real broker: our shared.platform bus against FastStream.

    .venv/bin/python bench/bench_hop.py                 # both, on a tansu started here
    .venv/bin/python bench/bench_hop.py --n 300 --bootstrap 127.0.0.1:9092   # on a running broker
    .venv/bin/python bench/bench_hop.py --impl ours

Sequential ping-pong: publish one ReviewRequested (keyed by a fresh request id, as the edge
does), wait until the consumer's handler has it, then the next. A hop is the time from the
publish call to the handler's first line, in one process (perf_counter); "ack" is how long the
publish waited for the broker's acknowledgement (acks=all). Warm-up messages (the group join)
are not counted.

(a) ``ours``: shared.platform.bus.Producer + shared.platform.consumer.ConsumerLoop with the project's settings (CommonSettings
defaults: fetch_max_wait_ms=50, max_in_flight=4, manual commit after the handler).
(b) ``faststream``: a FastStream KafkaBroker publisher and subscriber with the same aiokafka
settings (acks=all, fetch_max_wait_ms=50, group, earliest, commit after the handler:
AckPolicy.ACK). FastStream is not a project requirement: this mode runs in a scratch venv
(``python3.11 -m venv var/fs-venv && var/fs-venv/bin/pip install faststream[kafka]==0.7.8
aiokafka==0.14.0 protobuf==7.36.2``), which ``--impl both`` calls as a subprocess.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FS_PYTHON = ROOT / "var" / "fs-venv" / "bin" / "python"
MAX_MESSAGE_BYTES = 4 * 1024 * 1024


def summary(name: str, hops: list[float], acks: list[float]) -> dict:
    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]

    return {
        "impl": name,
        "n": len(hops),
        "hop_p50_ms": round(pct(hops, 0.50), 2),
        "hop_p95_ms": round(pct(hops, 0.95), 2),
        "hop_mean_ms": round(statistics.fmean(hops), 2),
        "hop_max_ms": round(max(hops), 2),
        "ack_p50_ms": round(pct(acks, 0.50), 2),
        "ack_p95_ms": round(pct(acks, 0.95), 2),
    }


def message(rid: str):
    from shared.messages import Envelope, ReviewRequested

    env = Envelope(request_id=rid, doc_sha256="0" * 64, question="mark every liability clause", page_count=12, submitted_at=time.time())
    return ReviewRequested(envelope=env, blob_key=f"bench/{'0' * 64}.pdf")


async def ping_pong(publish, arrived: asyncio.Queue, n: int, warmup: int, gap_ms: float) -> tuple[list[float], list[float]]:
    """``gap_ms``: before each publish wait uniform(0, 2 * gap_ms) ms (seeded), so the consumer is
    idle in a fetch when the message comes, as between the pipeline's stages; 0: back to back."""
    rng = random.Random(7)
    hops, acks = [], []
    for i in range(warmup + n):
        if gap_ms:
            await asyncio.sleep(rng.uniform(0, 2 * gap_ms) / 1000)
        rid = uuid.uuid4().hex
        t0 = time.perf_counter()
        await publish(rid)
        t_ack = time.perf_counter()
        while True:  # a redelivered warm-up message may show up: wait for this one
            got_rid, t1 = await asyncio.wait_for(arrived.get(), 60 if i < warmup else 10)
            if got_rid == rid:
                break
        if i >= warmup:
            hops.append((t1 - t0) * 1000)
            acks.append((t_ack - t0) * 1000)
    return hops, acks


async def run_ours(bootstrap: str, n: int, warmup: int, gap_ms: float) -> dict:
    from shared.core.settings import CommonSettings
    from shared.messages import ReviewRequested
    from shared.platform.bus import Producer
    from shared.platform.consumer import ConsumerLoop

    tag = uuid.uuid4().hex[:8]
    settings = CommonSettings(kafka_bootstrap=bootstrap, topic_prefix=f"hop{tag}.", consumer_group_prefix=f"hop{tag}")
    arrived: asyncio.Queue = asyncio.Queue()

    async def handler(msg: ReviewRequested) -> None:
        arrived.put_nowait((msg.envelope.request_id, time.perf_counter()))

    async def failed(request_id: str, exc: BaseException) -> None:
        raise AssertionError(f"{request_id}: {exc}")

    producer = Producer(settings)
    await producer.start()
    loop = ConsumerLoop(
        settings, producer, base_topic="review.requested", consumer="hop", message_type=ReviewRequested,
        handler=handler, on_failure=failed, concurrency=settings.max_in_flight,
    )  # fmt: skip
    await loop.start()
    task = asyncio.create_task(loop.run())
    try:
        hops, acks = await ping_pong(lambda rid: producer.publish("review.requested", rid, message(rid)), arrived, n, warmup, gap_ms)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await loop.stop()
        await producer.stop()
    out = summary(f"ours (shared.platform.bus), gap {gap_ms:g} ms", hops, acks)
    out["settings"] = {"fetch_max_wait_ms": settings.fetch_max_wait_ms, "max_in_flight": settings.max_in_flight, "acks": "all"}
    return out


async def run_faststream(bootstrap: str, n: int, warmup: int, gap_ms: float, max_workers: int) -> dict:
    from importlib.metadata import version

    from faststream import AckPolicy
    from faststream.kafka import KafkaBroker, KafkaMessage

    from shared.messages import ReviewRequested

    tag = uuid.uuid4().hex[:8]
    topic = f"hop{tag}.review.requested"
    arrived: asyncio.Queue = asyncio.Queue()
    broker = KafkaBroker(bootstrap, acks="all", max_request_size=MAX_MESSAGE_BYTES, log_level=logging.WARNING)
    # Topics are created by ensure_topics in the project; here by the same admin call.
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    await admin.create_topics([NewTopic(topic, num_partitions=3, replication_factor=1)])
    await admin.close()

    @broker.subscriber(
        topic,
        group_id=f"hop{tag}.hop",
        auto_offset_reset="earliest",
        fetch_max_wait_ms=50,
        session_timeout_ms=10_000,
        heartbeat_interval_ms=3_000,
        max_poll_interval_ms=300_000,
        fetch_max_bytes=MAX_MESSAGE_BYTES,
        max_partition_fetch_bytes=MAX_MESSAGE_BYTES,
        ack_policy=AckPolicy.ACK,  # commit after the handler returns (at least once)
        max_workers=max_workers,
    )
    async def handle(body: bytes, msg: KafkaMessage) -> None:
        req = ReviewRequested.FromString(body)
        arrived.put_nowait((req.envelope.request_id, time.perf_counter()))

    async def publish(rid: str) -> None:
        m = message(rid)
        m.envelope.published_at = time.time()
        await broker.publish(m.SerializeToString(), topic=topic, key=rid.encode())

    await broker.start()
    try:
        hops, acks = await ping_pong(publish, arrived, n, warmup, gap_ms)
    finally:
        await broker.stop()
    out = summary(f"faststream {version('faststream')} (max_workers={max_workers}), gap {gap_ms:g} ms", hops, acks)
    out["settings"] = {"fetch_max_wait_ms": 50, "ack_policy": "ACK", "acks": "all", "max_workers": max_workers}
    return out


def start_tansu() -> tuple[subprocess.Popen, str]:
    from local.stack import free_port, tansu_binary, wait_port

    port = free_port()
    url = f"tcp://127.0.0.1:{port}"
    log = open(Path(tempfile.gettempdir()) / f"bench_hop_tansu_{port}.log", "wb")  # noqa: SIM115
    cmd = [str(tansu_binary()), "broker", "--listener-url", url, "--advertised-listener-url", url, "--storage-engine", "memory://tansu/"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    wait_port(port, proc, 20, "tansu")
    return proc, f"127.0.0.1:{port}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--impl", choices=["both", "ours", "faststream"], default="both")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=1, help="alternate the implementations this many times (both)")
    ap.add_argument("--bootstrap", help="a running broker (default: start tansu on a free port)")
    ap.add_argument("--fs-python", default=str(FS_PYTHON), help="the scratch venv's python, for --impl both")
    ap.add_argument("--gap-ms", type=float, action="append", help="mean idle gap before each publish (repeatable; default: 0 and 25)")
    ap.add_argument("--max-workers", type=int, default=1, help="FastStream subscriber max_workers")
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR)  # the commit of a stopped loop's last message is not news
    gaps = args.gap_ms or [0.0, 25.0]

    if args.impl == "faststream":
        print(json.dumps(asyncio.run(run_faststream(args.bootstrap, args.n, args.warmup, gaps[0], args.max_workers))))
        return
    proc = None
    bootstrap = args.bootstrap
    if bootstrap is None:
        proc, bootstrap = start_tansu()
    results = []
    try:
        for _, gap in [(r, g) for r in range(args.rounds) for g in gaps]:
            results.append(asyncio.run(run_ours(bootstrap, args.n, args.warmup, gap)))
            print(json.dumps(results[-1]), flush=True)
            if args.impl == "both":
                cmd = [args.fs_python, __file__, "--impl", "faststream", "--bootstrap", bootstrap, "--n", str(args.n),
                       "--warmup", str(args.warmup), "--gap-ms", str(gap), "--max-workers", str(args.max_workers)]  # fmt: skip
                env = {**os.environ, "PYTHONPATH": str(ROOT)}
                done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
                if done.returncode != 0:
                    raise SystemExit(f"faststream mode failed:\n{done.stderr[-3000:]}")
                results.append(json.loads(done.stdout.strip().splitlines()[-1]))
                print(json.dumps(results[-1]), flush=True)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    print()
    print(f"{'implementation':58} {'n':>4} {'hop p50':>8} {'hop p95':>8} {'mean':>7} {'ack p50':>8}")
    for r in results:
        print(f"{r['impl']:58} {r['n']:>4} {r['hop_p50_ms']:>8.2f} {r['hop_p95_ms']:>8.2f} {r['hop_mean_ms']:>7.2f} {r['ack_p50_ms']:>8.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
