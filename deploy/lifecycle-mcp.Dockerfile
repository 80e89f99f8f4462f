# The read-only lifecycle MCP server. Build from the repository root:
#   docker build -f deploy/lifecycle-mcp.Dockerfile -t truthexpiry-lifecycle-mcp .
# No secret is baked in: bearer tokens come from TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS at run time.
# MCP (Streamable HTTP) on 8000 at /mcp, health and readiness on 8001. Without a dataset path it
# serves the packaged demo dataset; mount yours and set TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TRUTH_EXPIRY_LIFECYCLE_MCP_HOST=0.0.0.0

WORKDIR /app
# Exact versions, each checked against its sha256 (deploy/lock regenerates the file); the
# project itself is then built from source with the locked setuptools and nothing downloaded.
COPY deploy/requirements.lock ./
RUN pip install --require-hashes --no-deps -r requirements.lock && rm requirements.lock
COPY pyproject.toml README.md ./
COPY truthexpiry ./truthexpiry
COPY adapters ./adapters
COPY lifecycle_data ./lifecycle_data
COPY lifecycle_mcp ./lifecycle_mcp
COPY listeners ./listeners
COPY wording ./wording
COPY probes ./probes
COPY agent ./agent
COPY cli ./cli
COPY settings ./settings
COPY bootstrap ./bootstrap
RUN pip install --no-deps --no-build-isolation --no-index . && rm -rf build *.egg-info

RUN groupadd --system --gid 10001 truthexpiry \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin truthexpiry
USER 10001:10001

EXPOSE 8000 8001
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_PORT', '8001'), timeout=2)"]

CMD ["python", "-m", "lifecycle_mcp.server"]
