"""The webhook routes of an interaction's token that edit and delete its messages, called from the
token's webhook alone (a press lets its interaction go once answered: ``PressToken._let_go``). They
are not counted against the bot's 50 requests a second. The table's buttons are dynamic items, found
by their custom ids, so no view is stored with an edit."""
from __future__ import annotations

from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context


async def edit(webhook: discord.Webhook, mentions: discord.AllowedMentions | None, message_id: int | None,
               **fields: Any) -> None:
    """PATCH /webhooks/{application}/{token}/messages/{message_id}, or .../@original when None."""
    assert webhook.token is not None, "an interaction's webhook has its token"
    adapter = async_context.get()
    with handle_message_parameters(**fields, previous_allowed_mentions=mentions) as params:
        where: dict[str, Any] = dict(session=webhook.session, proxy=webhook.proxy, proxy_auth=webhook.proxy_auth,
                     payload=params.payload, multipart=params.multipart, files=params.files)
        if message_id is None:
            await adapter.edit_original_interaction_response(webhook.id, webhook.token, **where)
        else:
            await adapter.edit_webhook_message(webhook.id, webhook.token, message_id, **where)


async def delete(webhook: discord.Webhook, message_id: int | None) -> None:
    """DELETE /webhooks/{application}/{token}/messages/{message_id}, or .../@original when None."""
    assert webhook.token is not None, "an interaction's webhook has its token"
    adapter = async_context.get()
    where: dict[str, Any] = dict(session=webhook.session, proxy=webhook.proxy, proxy_auth=webhook.proxy_auth)
    if message_id is None:
        await adapter.delete_original_interaction_response(webhook.id, webhook.token, **where)
    else:
        await adapter.delete_webhook_message(webhook.id, webhook.token, message_id, **where)
