"""Pure renderers: a game's view dict in, PNG bytes out.

A renderer never sees game state, only the view the engine produced, so it cannot draw a card the
viewer may not know. Rendering runs in worker threads; the only shared state is caches filled once
and never modified after: fonts, card sprites and text masks (``images.cards``), symbol pictures
(``images.icons``) and the PNG palette (``images.palette``).
"""
