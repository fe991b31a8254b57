"""With a certificate the server speaks TLS (wss://) and tells each client so; without one,
a client is told the connection is plain."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

from game.net.protocol import MAX_SERVER_MESSAGE
from game.net.server import run_server, tls_context

from .netkit import TIMEOUT, create_message, join_message, open_client, receive, running_server


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


async def joined_over(address: str, trust: ssl.SSLContext | None) -> dict[str, object]:
    async with connect(address, ssl=trust, max_size=MAX_SERVER_MESSAGE) as ws:
        await ws.send(create_message())
        created = await receive(ws, "created")
        await ws.send(join_message(created["code"], created["seats"][0]))
        return await receive(ws, "joined")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a cert")
def test_a_server_with_a_certificate_speaks_tls_and_says_so(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    context = tls_context(str(cert), str(key))
    trust = ssl.create_default_context(cafile=str(cert))

    async def main() -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[str] = loop.create_future()
        stop: asyncio.Future[None] = loop.create_future()
        task = asyncio.create_task(run_server("127.0.0.1", 0, tmp_path / "data", context,
                                              ready=ready.set_result, stop=stop))
        address = await asyncio.wait_for(ready, TIMEOUT)
        assert address.startswith("wss://")
        assert (await joined_over(address, trust))["tls"] is True
        with pytest.raises((OSError, InvalidHandshake)):  # a plain client gets nothing
            ws = await open_client(address.replace("wss://", "ws://"))
            await ws.send(json.dumps({}))
            await asyncio.wait_for(ws.recv(), TIMEOUT)
        stop.set_result(None)
        await asyncio.wait_for(task, TIMEOUT)

    asyncio.run(main())


def test_a_plain_server_tells_each_client_its_connection_is_not_encrypted(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, _):
            assert address.startswith("ws://")
            assert (await joined_over(address, None))["tls"] is False

    asyncio.run(main())
