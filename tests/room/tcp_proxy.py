"""A TCP proxy on loopback between a station and the test's server, that a test cuts:
every connection through it closed, new ones refused, until it is restored."""

from __future__ import annotations

import contextlib
import socket
import threading


class TcpProxy:
    """Forwards 127.0.0.1:``port`` to 127.0.0.1:``target``."""

    def __init__(self, target: int) -> None:
        self.target = target
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port = int(self._listener.getsockname()[1])
        self._lock = threading.Lock()
        self._open = True
        self._closed = False
        self._live: list[socket.socket] = []
        self._cut_after: int | None = None
        self._sent = 0
        self.cuts = 0
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def cut_after(self, sent_bytes: int) -> None:
        """Cut once ``sent_bytes`` more bytes went from the station to the server."""
        with self._lock:
            self._cut_after, self._sent = sent_bytes, 0

    def cut(self) -> None:
        with self._lock:
            self._open = False
            self._cut_after = None
            self.cuts += 1
            live, self._live = self._live, []
        for sock in live:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def restore(self) -> None:
        with self._lock:
            self._open = True

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._thread.join(5)
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                refuse = not self._open
            if refuse:
                client.close()
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._live += [client, server]
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False),
                             daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, upstream: bool) -> None:
        try:
            while data := source.recv(65536):
                if upstream:
                    with self._lock:
                        self._sent += len(data)
                        due = self._cut_after is not None and self._sent >= self._cut_after
                    if due:
                        self.cut()
                        return
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
