# The Slack worker (Socket Mode). Build from the repository root:
#   docker build -f deploy/worker.Dockerfile -t truthexpiry-worker .
# No secret is baked in: tokens and URLs come from the environment at run time (a Kubernetes
# Secret in deploy/k8s/). Health and readiness on 8080, Prometheus metrics on 9090 when enabled.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

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
COPY app.py ./

RUN groupadd --system --gid 10001 truthexpiry \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin truthexpiry
USER 10001:10001

EXPOSE 8080 9090
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('TRUTH_EXPIRY_HEALTH_PORT', '8080'), timeout=2)"]

CMD ["python", "app.py"]
