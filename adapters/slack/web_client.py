"""`KeepAliveWebClient`: the SDK's `WebClient` over connections kept open between calls.

The SDK sends each Web API call through `urllib.request.urlopen`, which builds a new opener (a
dozen handler objects), resolves the host, opens a new TCP connection (and, to Slack, a new TLS
session) and closes it after the one response. A question costs the worker two to four calls (the
search, the reply, sometimes a channel's or a person's details), each paying all of that while the
other questions wait for the interpreter. The SDK offers no hook for its transport (`proxy` is
the only knob; `session` is the async client's), so this subclass replaces the one method that
performs a request, `_perform_urllib_http_request_internal(url, req)`, and keeps its contract:

* a 2xx response returns `{"status", "headers", "body"}` as urllib's would (the body decoded by
  its charset, a gzip body as bytes);
* any other status raises urllib's `HTTPError` with the status, headers and body, so the SDK's
  error parsing and its retry handlers (rate limits: 429 with `Retry-After`) run unchanged;
* an error sending the request is raised as urllib raises it (`URLError` around the `OSError`),
  one reading the response as it comes (a timeout, a reset), so the SDK's connection-error retry
  sees the same errors as before.

Connections are pooled per scheme, host and port, one request at a time each. An idle
connection is reused only while it is younger than `IDLE_SECONDS` (below common servers'
keep-alive timeouts) and the peer has not closed it (its socket would read as ready); a reused
connection the peer closed as the request went out (reset, or closed before any response) is
replaced by a new one and the request sent once more on it; the server cannot have answered a
request on a connection it closed without a response. With a proxy configured, or a URL that is
not HTTP(S), the SDK's own urllib path runs. Nothing of a request or its response is kept: a
connection goes back to the pool only after its response has been read to the end.
"""

from __future__ import annotations

import io
import select
import ssl
import threading
import time
from http.client import HTTPConnection, HTTPResponse, HTTPSConnection, RemoteDisconnected
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import Request

from slack_sdk import WebClient

IDLE_SECONDS = 4.0  # uvicorn closes an idle connection after 5 s, most load balancers after 60
MAX_IDLE = 8  # per host; a burst opens more, the rest are closed as they come back
_STALE = (RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)

_Key = tuple[str, str]  # the scheme, and the host with its port when the URL names one


class KeepAliveWebClient(WebClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._idle: dict[_Key, list[tuple[float, HTTPConnection]]] = {}
        self._idle_lock = threading.Lock()

    def close(self) -> None:
        """Close every idle connection (the worker's runtime calls it as it stops)."""
        with self._idle_lock:
            idle = [connection for pool in self._idle.values() for _, connection in pool]
            self._idle.clear()
        for connection in idle:
            connection.close()

    def _perform_urllib_http_request_internal(self, url: str, req: Request) -> dict[str, Any]:
        if self.proxy is not None or req.type not in ("http", "https") or req.host is None:
            return super()._perform_urllib_http_request_internal(url, req)
        key = (req.type, req.host)
        connection, reused = self._connection(key)
        try:
            response, body = _exchange(connection, req)
        except Exception as error:
            if not (reused and _closed_as_sent(error)):
                raise
            connection = self._new_connection(key)  # once more, on a new connection
            response, body = _exchange(connection, req)
        if response.will_close:
            connection.close()
        else:
            self._give_back(key, connection)
        return _result(url, response, body)

    def _connection(self, key: _Key) -> tuple[HTTPConnection, bool]:
        """An idle connection to `key` still fit for use (and True), or a new one (and False)."""
        now = time.monotonic()
        with self._idle_lock:
            pool = self._idle.get(key, [])
            while pool:
                since, connection = pool.pop()  # the most recently used first
                if now - since < IDLE_SECONDS and not _closed_by_peer(connection):
                    return connection, True
                connection.close()
        return self._new_connection(key), False

    def _new_connection(self, key: _Key) -> HTTPConnection:
        scheme, host = key
        if scheme == "https":
            context = self.ssl or ssl.create_default_context()
            return HTTPSConnection(host, timeout=self.timeout, context=context)
        return HTTPConnection(host, timeout=self.timeout)

    def _give_back(self, key: _Key, connection: HTTPConnection) -> None:
        with self._idle_lock:
            pool = self._idle.setdefault(key, [])
            if len(pool) < MAX_IDLE:
                pool.append((time.monotonic(), connection))
                return
        connection.close()


def _exchange(connection: HTTPConnection, req: Request) -> tuple[HTTPResponse, bytes]:
    """Send `req` on `connection` and read its whole response; on any error the connection is
    closed, and an error sending is raised as urllib raises it (`URLError`)."""
    try:
        try:
            connection.request(
                req.get_method(),
                req.selector,
                body=req.data,
                headers=dict(req.header_items()),
            )
        except OSError as error:
            raise URLError(error) from error
        response = connection.getresponse()
        return response, response.read()
    except BaseException:
        connection.close()
        raise


def _closed_as_sent(error: Exception) -> bool:
    """Whether `error` says the peer had closed the connection when the request went out: no
    response came, so the request was not answered (and may be sent again)."""
    reason = error.reason if isinstance(error, URLError) else error
    return isinstance(reason, _STALE)


def _result(url: str, response: HTTPResponse, body: bytes) -> dict[str, Any]:
    """What urllib's path returns for a 2xx response; `HTTPError` for any other status."""
    if not 200 <= response.status < 300:
        raise HTTPError(url, response.status, response.reason, response.headers, io.BytesIO(body))
    if response.headers.get_content_type() == "application/gzip":
        return {"status": response.status, "headers": response.headers, "body": body}
    charset = response.headers.get_content_charset() or "utf-8"
    return {"status": response.status, "headers": response.headers, "body": body.decode(charset)}


def _closed_by_peer(connection: HTTPConnection) -> bool:
    """Whether an idle connection's socket reads as ready: the peer closed it (or sent what no
    request asked for); either way it is not to be used again."""
    sock = connection.sock
    if sock is None:
        return True
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)
