"""The MQTT tests' own subscriber: ready means the broker has its subscription.

A test that publishes (not retained) right after making a subscriber relies on it; before, the
subscriber counted as ready at the connection, and about 1 in 6 such messages never arrived.
"""

from __future__ import annotations

from .helpers import TIMEOUT_S


def test_a_message_published_right_after_the_subscriber_is_made_arrives(broker, subscribe):
    publisher = subscribe(["unused/topic"], "publisher")
    for i in range(20):  # a fresh subscriber (new session) each time: 20 chances for the race
        topic = f"ready/{i}"
        sub = subscribe([topic], f"fresh-{i}")
        publisher.client.publish(topic, str(i), qos=1).wait_for_publish(TIMEOUT_S)
        sub.wait_for(lambda s: s.on(topic) == [str(i)], f"message {i}", timeout_s=5)
