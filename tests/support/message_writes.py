"""Which recorded requests wrote a given message, by whichever route: the channel route (post, edit),
an UPDATE_MESSAGE answer to a press on it, or an edit of a press's original response (the pressed
message) through the press's token."""
from __future__ import annotations

from tests.support.harness import Recorder, Request


def _pressed(recorder: Recorder, token: str) -> int | None:
    message = recorder.interactions.get(token, {}).get("message") or {}
    return int(message["id"]) if "id" in message else None


def writes_to(recorder: Recorder, message_id: int) -> list[Request]:
    """Every request that edited message ``message_id``, in order."""
    writes = []
    for request in recorder.requests:
        parts = request.path.strip("/").split("/")
        if request.method == "PATCH" and parts[0] == "channels" and parts[-1] == str(message_id):
            writes.append(request)
        elif parts[0] == "interactions" and (request.json or {}).get("type") == 7 and _pressed(recorder, parts[2]) == message_id:
            writes.append(request)
        elif (request.method == "PATCH" and parts[0] == "webhooks" and parts[-1] == "@original"
              and _original(recorder, parts[2]) == message_id):
            writes.append(request)
    return writes


def _original(recorder: Recorder, token: str) -> int | None:
    """The message an interaction's original response is: the pressed message, or what a command
    answered with (a table opened by a command is that command's answer)."""
    original = recorder.originals.get(token)
    return original.message_id if original is not None and original.message_id is not None else _pressed(recorder, token)


def _presser(recorder: Recorder, token: str) -> int | None:
    payload = recorder.interactions.get(token, {})
    user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
    return int(user["id"]) if "id" in user else None


def hands_to(recorder: Recorder, user_id: int) -> list[Request]:
    """Every private hand the member was sent, in order: by DM, or as an ephemeral follow-up to one of
    their own presses (not the "My hand" replies they asked for)."""
    hands = []
    for request in recorder.requests:
        parts = request.path.strip("/").split("/")
        if request.method != "POST" or "Your hand at table" not in request.text:
            continue
        if parts[0] == "channels" and int(parts[1]) in recorder.dm_channels:
            if recorder.dm_channels[int(parts[1])] == user_id:
                hands.append(request)
        elif parts[0] == "webhooks" and request.ephemeral and _presser(recorder, parts[2]) == user_id:
            hands.append(request)
    return hands
