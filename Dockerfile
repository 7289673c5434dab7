FROM python:3.11-slim
WORKDIR /app
# Pillow's text layout (libraqm, in its wheel) loads FriBiDi at run time: without it the emoji of a
# name that joins several (a family, a flag) would be drawn as its parts.
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY images ./images
COPY docs ./docs
RUN pip install --no-cache-dir .
# The database lives on a volume so tables survive container restarts.
ENV CARDROOM_DB=/data/cardroom.db
VOLUME ["/data"]
CMD ["python", "-m", "bot", "run"]
