"""Operations at the edge: metrics export, the health server, the readiness monitor, logging,
and draining for a graceful shutdown."""
