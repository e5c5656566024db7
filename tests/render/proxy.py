"""A network between a browser and mapref's server that a test can cut: a TCP relay on the
loopback address.  ``cut()`` closes every connection through it (a phone that went to sleep, a
Wi-Fi that dropped) and, while ``down`` is set, new ones are closed as soon as they come (the
network is still gone); clearing ``down`` lets them through again."""

from __future__ import annotations

import socket
import threading


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.down = threading.Event()
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down.is_set():
                client.close()
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Every connection through the relay closed, and new ones refused until ``down`` is cleared."""
        self.down.set()
        with self.lock:
            live, self.open = self.open, []
        for s in live:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def close(self) -> None:
        self.cut()
        self.listener.close()
