"""The loopback Discord's interaction routes: the callback and the webhook routes of an interaction
token (follow-ups, and GET/PATCH/DELETE of the original response or a follow-up).

They write the messages Discord would, by the rules the recorder already keeps
(``Recorder._reply_target`` and ``Recorder._show`` in ``tests/support/harness.py``): a type 4 or 5 callback
creates the original response; a type 6 or 7 makes the message whose component was pressed the
original response, and type 7 edits it; the first follow-up after a "thinking" deferral replaces it.
And they refuse what Discord refuses, by Discord's Interactions documentation ("Receiving and
Responding"):

- the first answer (the callback) must come within 3 seconds of the interaction's creation, its
  snowflake's time, or the interaction is unknown (404, 10062 "Unknown interaction"); a token never
  answered in time is dead, and its webhook routes answer 10015 "Unknown Webhook" (``callback_deadline``,
  on by default; it is read on the part of the clock tests move, ``DiscordClock.moved_since``, so a
  test delivers a press late by moving the clock between the press's creation and its delivery, and
  a busy machine never makes one late);
- a token answered in time lasts 15 minutes for follow-ups and edits (then 10015, as an unknown one);
- a second callback is refused with 400, 40060 "Interaction has already been acknowledged" (JSON
  Error Codes in the Opcodes and Status Codes documentation);
- an edit of a message older than an hour beyond its channel's allowance is refused with 30046
  (``loopback_ratelimits.OldEdits``): a fresh token does not make an old message editable.
"""
from __future__ import annotations

import re
from typing import Any

from tests.support.discord_clock import CLOCK, snowflake_seconds
from tests.support.harness import CHANNEL_ID, Recorder, Request
from tests.support.loopback_ratelimits import Answer, OldEdits, error

TOKEN_SECONDS = 15 * 60.0
"""How long an interaction's token answers after the interaction was created."""


def public(message: dict[str, Any]) -> dict[str, Any]:
    """A stored message as Discord sends it: without the recorder's own marks (``_interaction_reply``)."""
    return {k: v for k, v in message.items() if not k.startswith("_")}


class InteractionRoutes(Recorder):
    """The interaction handlers of ``LoopbackDiscord`` (which adds the server, routes and buckets)."""

    callback_deadline: float | None = 3.0
    """Seconds after its creation an interaction may still be answered (Discord's 3), moved by the
    test (``DiscordClock.moved_since``); None only for a test that must deliver slowly and says why."""

    deleted_channels: set[int]  # kept by the REST routes
    old_edits: OldEdits

    def __init__(self) -> None:
        super().__init__()
        self.acknowledged: set[str] = set()  # tokens whose interaction was answered by a callback

    def _age(self, snowflake: int) -> float:
        return CLOCK.now() - snowflake_seconds(snowflake)

    def _callback(self, request: Request, match: re.Match[str]) -> Answer:
        """The interaction's one answer; with ``?with_response``, Discord's account of what it made."""
        token = match["token"]
        interaction = self.interactions.get(token)
        if interaction is None or interaction["id"] != match["interaction"] or self._missed(interaction):
            return error(404, 10062)
        if token in self.acknowledged:
            return error(400, 40060)
        body = request.json or {}
        pressed = (interaction.get("message") or {}).get("id")
        if body.get("type") == 7 and pressed is not None:
            if (refused := self._unwritable(int(pressed))) is not None:
                return refused
        self.acknowledged.add(token)
        reply = self._reply_target("POST", request.path.strip("/").split("/"), token, body)
        request.ephemeral = bool(reply["ephemeral"])
        resource: dict[str, Any] = {"type": body.get("type")}
        if body.get("type") in (4, 7):  # a reply, or the pressed message updated
            resource["message"] = public(self._show(self._channel_of(token), token, body.get("data") or {}, reply))
        return Answer(200, {"interaction": {
            "id": match["interaction"], "type": interaction.get("type", 2),
            "response_message_id": resource.get("message", {}).get("id"),
            "response_message_loading": body.get("type") == 5,
            "response_message_ephemeral": bool(reply["ephemeral"])}, "resource": resource})

    def _webhook(self, request: Request, match: re.Match[str]) -> Answer:
        """A follow-up (POST), or a GET, PATCH or DELETE of ``@original`` or a follow-up's id."""
        token = match["token"]
        interaction = self.interactions.get(token)
        if interaction is None or str(interaction.get("application_id")) != match["app"] \
                or self._age(int(interaction["id"])) > TOKEN_SECONDS \
                or (token not in self.acknowledged and self._missed(interaction)):
            return error(404, 10015)  # unknown, expired, or never answered in time: a dead token
        parts = request.path.strip("/").split("/")
        message = match.groupdict().get("message")  # None: a follow-up
        if message is not None:
            original = self.originals.get(token)
            if message == "@original" and original is None:
                return error(404, 10008)  # nothing answered yet: no original response
            # None: the original response is still a deferral's "thinking", which a PATCH replaces
            target = original.message_id if original is not None and message == "@original" else int(message)
            if request.method == "DELETE" and message == "@original" and original is not None and original.thinking:
                original.thinking = False  # the "thinking" message is gone: later follow-ups are new messages
                return Answer(204)
            if request.method != "PATCH":  # GET or DELETE
                if target is None or target not in self.messages:
                    return error(404, 10008)
                if request.method == "GET":
                    return Answer(200, public(self.messages[target]))
                del self.messages[target]
                return Answer(204)
            if target is not None and (refused := self._unwritable(target)) is not None:
                return refused
        elif self._channel_of(token) in self.deleted_channels:
            return error(404, 10003)  # a follow-up into a channel deleted since the press: Unknown Channel
        reply = self._reply_target(request.method, parts, token, request.json or {})
        request.ephemeral = bool(reply["ephemeral"])
        follow_up = request.method == "POST" and message is None
        return Answer(200, public(self._show(self._channel_of(token), token, request.json or {}, reply, follow_up)))

    def _missed(self, interaction: dict[str, Any]) -> bool:
        """Whether the interaction's first answer can no longer come: its 3 seconds (moved by the
        test) or its token's 15 minutes are over."""
        created = int(interaction["id"])
        return self._age(created) > TOKEN_SECONDS or (
            self.callback_deadline is not None and CLOCK.moved_since(created) > self.callback_deadline)

    def _unwritable(self, message_id: int) -> Answer | None:
        """Why Discord would refuse to edit ``message_id`` (its channel or itself deleted, or it is
        older than an hour), or None."""
        message = self.messages.get(message_id)
        if message is None:
            return error(404, 10008)
        if int(message["channel_id"]) in self.deleted_channels:
            return error(404, 10003)
        return self.old_edits.take(int(message["channel_id"]), message_id, CLOCK.now(), CLOCK.offset)

    def _channel_of(self, token: str) -> int:
        """The interaction's channel: where its replies are."""
        return int(self.interactions.get(token, {}).get("channel_id", CHANNEL_ID))
