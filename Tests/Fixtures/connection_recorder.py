#!/usr/bin/env python3
"""Records every TCP connection made to it, by the host it names (limot's
real-browser leak tests; Python 3.11, standard library only).

Chromium is started with every host name mapped here
(`--host-rules="MAP * 127.0.0.1:PORT, EXCLUDE 127.0.0.1"`), so each
connection this listener sees went around the proxy. A browser can connect
without sending a request (a preconnect, a frame the CSP refuses later), so
connections are counted, not requests.

Usage:  connection_recorder.py --log FILE [--parent-watch]

Prints {"port": N} once it listens on 127.0.0.1:N. For each connection it
appends two lines to FILE, each starting with the time the connection was
accepted (seconds since the epoch) and its number: "+" at once, then its
name: the TLS SNI of a ClientHello, else the host of a CONNECT (a browser
told to use this as its proxy) or the HTTP Host header, else "?" when the
client said nothing within SILENCE seconds. That window is long because a
browser starved of CPU on a loaded machine can take seconds to send its
first bytes, and a name says whose connection it was: two seconds once
named a late one "?". A reader can so wait for the names
of the connections it has seen open, and tell which page opened a silent
one. An HTTP request gets an empty 204 answer; TLS is closed after the
ClientHello.
"""
import argparse, json, os, socket, sys, threading, time

SILENCE = 8  # seconds a client may say nothing before its connection is named "?"


def sni(data):
    """The server name of a TLS ClientHello record, or None."""
    try:
        if len(data) < 43 or data[0] != 0x16 or data[5] != 0x01:
            return None
        i = 43  # record header 5, handshake header 4, version 2, random 32
        i += 1 + data[i]  # session id
        i += 2 + int.from_bytes(data[i:i + 2], "big")  # cipher suites
        i += 1 + data[i]  # compression methods
        end = i + 2 + int.from_bytes(data[i:i + 2], "big")
        i += 2
        while i + 4 <= min(end, len(data)):
            kind, size = int.from_bytes(data[i:i + 2], "big"), int.from_bytes(data[i + 2:i + 4], "big")
            if kind == 0:  # server_name: list length 2, type 1, name length 2
                length = int.from_bytes(data[i + 7:i + 9], "big")
                return data[i + 9:i + 9 + length].decode("ascii", "replace")
            i += 4 + size
    except (IndexError, ValueError):
        return None
    return None


def host_header(data):
    # A browser told to use this as its proxy names the host in CONNECT.
    if data.startswith(b"CONNECT "):
        return data.split(b" ")[1].decode("latin-1").rsplit(":", 1)[0]
    for line in data.split(b"\r\n")[1:]:
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"host":
            return value.strip().decode("latin-1").rsplit(":", 1)[0] if b"]" not in value else value.strip().decode("latin-1")
    return None


def serve(connection, accepted, number, log, lock):
    with connection:
        connection.settimeout(SILENCE)
        data = b""
        try:
            while len(data) < 16384:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
                if data[:1] == b"\x16" and len(data) >= 5 and len(data) >= 5 + int.from_bytes(data[3:5], "big"):
                    break
                if b"\r\n\r\n" in data:
                    break
        except OSError:
            pass
        name = sni(data) if data[:1] == b"\x16" else host_header(data)
        with lock, open(log, "a") as out:
            out.write("%.6f %d %s\n" % (accepted, number, name or "?"))
        if data and data[:1] != b"\x16":
            try:
                connection.sendall(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\nAccess-Control-Allow-Origin: *\r\n\r\n")
            except OSError:
                pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--log", required=True)
    parser.add_argument("--parent-watch", action="store_true")
    options = parser.parse_args()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    open(options.log, "a").close()
    print(json.dumps({"port": listener.getsockname()[1]}), flush=True)
    if options.parent_watch:
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    lock = threading.Lock()
    for number in range(1, sys.maxsize):
        connection, _ = listener.accept()
        accepted = time.time()
        with lock, open(options.log, "a") as out:
            out.write("%.6f %d +\n" % (accepted, number))
        threading.Thread(target=serve, args=(connection, accepted, number, options.log, lock), daemon=True).start()


if __name__ == "__main__":
    main()
