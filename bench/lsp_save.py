#!/usr/bin/env python3
"""devcheck lsp: the seconds from a didSave to the file's diagnostics.

    bench/lsp_save.py DEVCHECK CHECKOUT FILE [SAVES] -- FLAGS...

In a copy of CHECKOUT (never the checkout itself), with a
compile_commands.json naming each .c and .cu of its src/ with FLAGS, the
server is started with the copy as its workspace and FILE opened; the
first diagnostics (the whole program parsed into -p's cache) are timed
apart, then SAVES saves (default 10), each timed from the didSave sent to
FILE's publishDiagnostics.  Standard library only: no LSP client needed.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
dashes = args.index("--")
devcheck, checkout, name = args[:3]
saves = int(args[3]) if dashes > 3 else 10
flags = args[dashes + 1:]

work = tempfile.mkdtemp(prefix="devcheck-lsp-bench-")
root = os.path.join(work, "project")
shutil.copytree(checkout, root, ignore=shutil.ignore_patterns(".git"))
sources = sorted(f for f in os.listdir(os.path.join(root, "src")) if f.endswith((".c", ".cu")))
with open(os.path.join(root, "compile_commands.json"), "w") as f:
    json.dump([{"directory": root, "file": "src/" + s, "arguments": ["cc", "-c", "src/" + s, *flags]}
               for s in sources], f)
path = os.path.join(root, name)
uri = "file://" + path
server = subprocess.Popen([devcheck, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, cwd=root)


def send(body):
    data = json.dumps(body).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    server.stdin.flush()


def receive():
    length = 0
    while (line := server.stdout.readline().strip()):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(server.stdout.read(length))


def diagnostics():
    while True:
        m = receive()
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
            return m["params"]["diagnostics"]


send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"capabilities": {}, "rootUri": "file://" + root}})
receive()
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
with open(path) as f:
    text = f.read()
start = time.monotonic()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "c", "version": 1, "text": text}}})
found = diagnostics()
first = time.monotonic() - start
times = []
for i in range(saves):
    start = time.monotonic()
    send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
    diagnostics()
    times.append(time.monotonic() - start)
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
send({"jsonrpc": "2.0", "method": "exit"})
server.wait(30)
shutil.rmtree(work)
print(f"{name}: {len(found)} findings; first diagnostics {first:.2f} s (the program's "
      f"{len(sources)} files parsed into the cache); after a save: median "
      f"{statistics.median(times):.2f} s, min {min(times):.2f}, max {max(times):.2f} ({saves} saves)")
