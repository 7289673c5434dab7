FROM python:3.11-slim
WORKDIR /app
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
