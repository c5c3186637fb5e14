"""kafka-init (python -m shared.platform.topics_init) makes every topic and dead-letter topic, with the
configured partitions, on the real broker; run again, it changes nothing."""

from __future__ import annotations

from pathlib import Path

from aiokafka.admin import AIOKafkaAdminClient

from shared.core import topics
from shared.platform import topics_init


async def test_every_topic_and_dead_letter_topic_is_made_with_its_partitions(settings, monkeypatch):
    for key, value in {"KAFKA_BOOTSTRAP": settings.kafka_bootstrap, "TOPIC_PREFIX": settings.topic_prefix, "TOPIC_PARTITIONS": "3"}.items():
        monkeypatch.setenv(f"CLAUSEFLOW_{key}", value)
    await topics_init.main()
    await topics_init.main()  # idempotent
    wanted = topics_init.names(settings.topic_prefix)
    assert len(wanted) == len(topics.ALL) + len(topics.CONSUMERS)
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        assert set(wanted) <= set(await admin.list_topics())
        described = await admin.describe_topics(wanted)
    finally:
        await admin.close()
    assert {d["topic"]: len(d["partitions"]) for d in described} == dict.fromkeys(wanted, 3)


def test_the_dead_letter_topics_are_those_of_the_consumers_the_services_run():
    """Each (topic, consumer) pair is one a service's app.py subscribes."""
    services = Path(__file__).resolve().parents[2] / "services"
    apps = {name: (services / name / "app.py").read_text() for name in ("summarize", "locate", "phase2", "analyze")}
    for topic, consumer in topics.CONSUMERS:
        service, _, suffix = consumer.partition("-")
        const = next(k for k in ("REQUESTED", "SUMMARIZED", "LOCATED", "CANCEL", "FOLLOWUP", "BATCH_REQUESTED", "BATCH_SUMMARIZED") if getattr(topics, k) == topic)
        text = apps[service]
        assert f"rt.consumer(topics.{const}," in text, (service, const)
        if suffix:
            assert f'name=f"{{STAGE}}-{suffix}"' in text, (service, suffix)
