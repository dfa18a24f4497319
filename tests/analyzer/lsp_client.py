#!/usr/bin/env python3
"""devcheck lsp driven as an editor drives it, over stdio.

    lsp_client.py DEVCHECK FLAGS...

With pygls's client (PyPI's pygls and lsprotocol, test tooling): a file
opened with unsaved text that has a wrong copy and a dropped transfer gets
both findings, with their rules as codes, their lines, their notes and the
rules' pages; each one's code actions are its fix-it (the dropped
transfer's `x = `, the wrong copy's kind that fits its pointers) and
"suppress here"; the fixed text, changed and saved, clears them; a text
that stops parsing has its error as a diagnostic; the
file on disk is never written by the server.  Then a raw stream: malformed
messages get JSON-RPC errors and the server goes on; shutdown and exit end
it with status 0; nothing but framed messages comes on stdout.  Without
pygls the test is skipped (exit 77), saying so.
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile

try:
    from lsprotocol import types as t
    try:
        from pygls.lsp.client import BaseLanguageClient as Client  # pygls 1
    except ImportError:
        from pygls.lsp.client import LanguageClient as Client  # pygls 2
except ImportError as e:
    print(f"SKIP: no LSP client library ({e}): pip install pygls to run this test")
    sys.exit(77)

DEVCHECK, FLAGS = os.path.abspath(sys.argv[1]), sys.argv[2:]

# On disk: clean.  In the editor: a wrong copy (line 10, after a character
# of two bytes and one UTF-16 unit) and a dropped transfer (line 17), unsaved.
SAVED = """\
#include <cuda_runtime_api.h>
#include <devtensor.h>
"""
EDITED = """\
#include <cuda_runtime_api.h>
#include <devtensor.h>

/* ünïcode before the findings' lines */
void up(int n)
{
    float *dev = 0, host[64] = { 0 };
    cudaMalloc((void **)&dev, n * sizeof *dev);
    /* the kind says the wrong way */
    /* é */ cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyDeviceToHost);
    cudaFree(dev);
}

dt_tensor *f(dt_module *m, dt_tensor *x)
{
    dt_module_to(m, dt_cuda(0));
    dt_to(x, dt_cuda(0));
    return dt_forward(m, x);
}
"""


LOG = tempfile.NamedTemporaryFile(prefix="devcheck-lsp-log-", delete=False).name


def fail(why):
    print(f"FAIL: {why}")
    with open(LOG) as f:
        print("the server's stderr:\n" + f.read())
    sys.exit(1)


async def start(client, *args, **kwargs):
    """The server, its stderr to LOG: pygls's client never reads it, and a
    full pipe would stop the server (an ASan build's children say much)."""
    await client.start_io("sh", "-c", 'exec "$0" lsp "$@" 2>>"$LOG"', DEVCHECK, *args,
                          env={**os.environ, "LOG": LOG, **kwargs.pop("env", {})}, **kwargs)


def offset(text, pos):
    """A UTF-16 position's offset in text."""
    lines = text.split("\n")
    line = lines[pos.line]
    units = 0
    for i, ch in enumerate(line):
        if units >= pos.character:
            return sum(len(l) + 1 for l in lines[: pos.line]) + i
        units += 2 if ord(ch) > 0xFFFF else 1
    return sum(len(l) + 1 for l in lines[: pos.line]) + len(line)


def apply(text, edits):
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(text, e.range.start)] + e.new_text + text[offset(text, e.range.end) :]
    return text


async def editor(folder):
    path = os.path.join(folder, "a.c")
    uri = "file://" + path
    with open(path, "w") as f:
        f.write(SAVED)
    published = asyncio.Queue()
    client = Client("devcheck-test", "1")

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        published.put_nowait(params)

    async def next_diagnostics():
        params = await asyncio.wait_for(published.get(), 120)
        if params.uri != uri:
            fail(f"diagnostics of {params.uri}, not {uri}")
        return params.diagnostics

    temp = tempfile.mkdtemp()          # the server's TMPDIR: left empty
    await start(client, "--", *FLAGS, cwd=folder, env={"TMPDIR": temp})
    init = await asyncio.wait_for(client.initialize_async(
        t.InitializeParams(
            capabilities=t.ClientCapabilities(
                general=t.GeneralClientCapabilities(position_encodings=["utf-16"])
            ),
            root_uri="file://" + folder,
        )
    ), 60)
    if init.capabilities.position_encoding != "utf-16":
        fail(f"position encoding {init.capabilities.position_encoding}")
    client.initialized(t.InitializedParams())
    client.text_document_did_open(
        t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "c", 1, EDITED))
    )
    found = {d.code: d for d in await next_diagnostics()}
    if sorted(found) != ["discarded-transfer", "memcpy-direction"]:
        fail(f"the findings: {found}")
    copy, drop = found["memcpy-direction"], found["discarded-transfer"]
    if (copy.range.start.line, copy.range.start.character, copy.range.end.character) != (9, 12, 22):
        fail(f"the wrong copy's range: {copy.range}")
    if drop.range.start.line != 16 or copy.severity != t.DiagnosticSeverity.Error:
        fail(f"the dropped transfer's line or the severity: {drop}")
    if not copy.code_description.href.endswith("/docs/rules/memcpy-direction.md"):
        fail(f"the rule's page: {copy.code_description}")
    notes = {(r.location.range.start.line, r.message.split(" ")[0]) for r in copy.related_information}
    if (7, "'dev'") not in notes or not all(r.location.uri == uri for r in copy.related_information):
        fail(f"the allocation's note: {copy.related_information}")

    async def actions(diagnostic):
        got = await client.text_document_code_action_async(
            t.CodeActionParams(
                t.TextDocumentIdentifier(uri), diagnostic.range, t.CodeActionContext([diagnostic])
            )
        )
        return {a.title: a for a in got}

    fixes = await actions(drop)
    fix = fixes.get("devcheck: insert 'x = '")
    if not fix or fix.kind != t.CodeActionKind.QuickFix:
        fail(f"no fix-it for the dropped transfer: {list(fixes)}")
    fixes = await actions(copy)
    kind = fixes.get("devcheck: replace 'cudaMemcpyDeviceToHost' with 'cudaMemcpyHostToDevice'")
    if not kind or kind.kind != t.CodeActionKind.QuickFix or \
            "devcheck: suppress memcpy-direction here" not in fixes:
        fail(f"no fix-it or no 'suppress here' for the wrong copy: {list(fixes)}")
    suppressed = apply(EDITED, fixes["devcheck: suppress memcpy-direction here"].edit.changes[uri])
    if "    // devcheck-ignore(memcpy-direction)\n    /* é */ cudaMemcpy" not in suppressed:
        fail(f"the suppression made:\n{suppressed}")
    text = apply(EDITED, fix.edit.changes[uri])
    text = apply(text, kind.edit.changes[uri])
    if "    x = dt_to(x, dt_cuda(0));" not in text or \
            "/* é */ cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice);" not in text:
        fail(f"the edits made:\n{text}")
    with open(path) as f:
        if f.read() != SAVED:
            fail("the server wrote the user's file")
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [t.TextDocumentContentChangeEvent_Type2(text)],
        )
    )
    with open(path, "w") as f:
        f.write(text)
    client.text_document_did_save(t.DidSaveTextDocumentParams(t.TextDocumentIdentifier(uri)))
    while diagnostics_left := await next_diagnostics():
        pass
    del diagnostics_left
    # A text that stops parsing, not saved: analyzed once the typing
    # pauses, its error published in place of the findings it hides.
    broken = text.replace("#include <devtensor.h>\n", "#include <devtensor.h>\n#include \"nosuch.h\"\n")
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=3, uri=uri),
            [t.TextDocumentContentChangeEvent_Type2(broken)],
        )
    )
    got = await next_diagnostics()
    if [(d.range.start.line, d.severity, d.code) for d in got] != [(2, t.DiagnosticSeverity.Error, None)] \
            or "'nosuch.h' file not found" not in got[0].message:
        fail(f"the parse error's diagnostic: {got}")
    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), 30)
    if client._server.returncode != 0:
        fail(f"exit status {client._server.returncode} after shutdown and exit")
    await client.stop()
    if os.listdir(temp):
        fail(f"the server's temporary files left: {os.listdir(temp)}")
    os.rmdir(temp)


MAKER = """\
#include <cuda_runtime_api.h>
#include <stdlib.h>

float *make_buffer(size_t n)
{
    float *p = NULL;
    cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}
"""
USER = """\
#include <stddef.h>

float *make_buffer(size_t n);

void fill(void)
{
    float *p = make_buffer(4);
    p[0] = 1.0f;
}
"""


async def cross_file(folder):
    """b.c writes through what c.c's make_buffer returns: a finding in b.c
    that c.c's facts make (under build/compile_commands.json),
    republished, gone, once c.c makes host memory and is saved."""
    paths = {name: os.path.join(folder, name) for name in ("b.c", "c.c")}
    uris = {name: "file://" + path for name, path in paths.items()}
    for name, text in (("b.c", USER), ("c.c", MAKER)):
        with open(paths[name], "w") as f:
            f.write(text)
    os.mkdir(os.path.join(folder, "build"))      # found there, the workspace's build/
    with open(os.path.join(folder, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": folder, "file": name, "arguments": ["cc", "-c", name, *FLAGS]}
                   for name in paths], f)
    published = {uri: asyncio.Queue() for uri in uris.values()}
    client = Client("devcheck-test", "1")

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        published[params.uri].put_nowait(params.diagnostics)

    await start(client, cwd="/")
    await asyncio.wait_for(client.initialize_async(t.InitializeParams(
        capabilities=t.ClientCapabilities(), root_uri="file://" + folder)), 60)
    client.initialized(t.InitializedParams())
    for name, text in (("b.c", USER), ("c.c", MAKER)):
        client.text_document_did_open(
            t.DidOpenTextDocumentParams(t.TextDocumentItem(uris[name], "c", 1, text)))
    got = await asyncio.wait_for(published[uris["b.c"]].get(), 120)
    if [(d.code, d.range.start.line) for d in got] != [("host-deref", 7)]:
        fail(f"b.c's finding through c.c: {got}")
    if [r.location.uri for r in got[0].related_information] != [uris["c.c"]]:
        fail(f"the allocation's note in c.c: {got[0].related_information}")
    host = MAKER.replace("cudaMalloc((void **)&p, n * sizeof *p);", "p = malloc(n * sizeof *p);")
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        t.VersionedTextDocumentIdentifier(version=2, uri=uris["c.c"]),
        [t.TextDocumentContentChangeEvent_Type2(host)]))
    with open(paths["c.c"], "w") as f:
        f.write(host)
    client.text_document_did_save(t.DidSaveTextDocumentParams(t.TextDocumentIdentifier(uris["c.c"])))
    while await asyncio.wait_for(published[uris["b.c"]].get(), 120):
        pass                            # the open-time analysis's, then the save's: none
    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), 30)
    await client.stop()


def children(pid):
    """The processes whose parent is pid."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
        except (OSError, ValueError, IndexError):
            pass
    return found


async def newer_text(folder):
    """A newer text stops the analysis of the older one: each analysis is
    held reading its baseline, a FIFO (as --fix's tests hold devcheck), so
    the first is still running when the text changes; once the change is
    taken, none is left, nor its temporary file, and the newer text's waits
    for the typing to pause (initializationOptions.debounce, here a day);
    a save starts it at once, and the only diagnostics published are the
    newer text's."""
    path = os.path.join(folder, "a.c")
    uri = "file://" + path
    with open(path, "w") as f:
        f.write(SAVED)
    hold = os.path.join(folder, "hold")
    os.mkfifo(hold)
    temp = tempfile.mkdtemp()
    published = asyncio.Queue()
    client = Client("devcheck-test", "1")

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params):
        published.put_nowait(params.diagnostics)

    await start(client, "--baseline", hold, "--", *FLAGS, cwd=folder, env={"TMPDIR": temp})
    await asyncio.wait_for(client.initialize_async(t.InitializeParams(
        capabilities=t.ClientCapabilities(), root_uri="file://" + folder,
        initialization_options={"debounce": 86400000})), 60)
    client.initialized(t.InitializedParams())
    client.text_document_did_open(
        t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "c", 1, EDITED)))
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        t.VersionedTextDocumentIdentifier(version=2, uri=uri),
        [t.TextDocumentContentChangeEvent_Type2(SAVED)]))

    async def taken():
        """A request answered: the notices before it were taken."""
        return await asyncio.wait_for(client.text_document_code_action_async(t.CodeActionParams(
            t.TextDocumentIdentifier(uri), t.Range(t.Position(0, 0), t.Position(30, 0)),
            t.CodeActionContext([]))), 60)

    stale = await taken()
    if stale:
        fail(f"code actions of a text not analyzed yet: {stale}")
    running = children(client._server.pid)
    if running or os.listdir(temp):
        fail(f"before the pause: analyses {running}, temporary files {os.listdir(temp)}")
    client.text_document_did_save(t.DidSaveTextDocumentParams(t.TextDocumentIdentifier(uri)))
    await taken()
    running = children(client._server.pid)
    if len(running) != 1 or len(os.listdir(temp)) != 1:
        fail(f"after a save: analyses {running}, temporary files {os.listdir(temp)}")
    with open(hold, "w"):
        pass                            # an empty baseline: the analysis goes on
    got = await asyncio.wait_for(published.get(), 120)
    if got:
        fail(f"the older text's findings were published: {got}")
    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), 30)
    await client.stop()
    if os.listdir(temp):
        fail(f"the server's temporary files left: {os.listdir(temp)}")
    os.rmdir(temp)
    os.unlink(hold)


def framed(body):
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def messages(out):
    """The framed messages of out; anything else fails."""
    got = []
    while out:
        header, sep, rest = out.partition(b"\r\n\r\n")
        if not sep or not header.startswith(b"Content-Length: "):
            fail(f"not protocol on stdout: {out[:200]!r}")
        n = int(header[16:])
        got.append(json.loads(rest[:n]))
        out = rest[n:]
    return got


def malformed(folder):
    stream = (
        b"Content-Length: 9\r\n\r\n{\"bad\": }"                            # not JSON
        + b"X-Nothing: 1\r\n\r\n"                                          # no length
        + b"\0junk\r\n\r\n"                                              # a NUL, no length
        + b"Content-Length: 2x\r\n\r\n"                                   # not a number
        + framed({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
        + framed([1, 2])                                                     # not a request
        + framed({"jsonrpc": "2.0", "id": 2, "method": "initialize",
                  "params": {"capabilities": {}, "rootUri": None}})
        + framed({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"})
        + framed({"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeAction", "params": {}})
        + framed({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}})
        + framed({"jsonrpc": "2.0", "id": "five", "method": "shutdown"})
        + framed({"jsonrpc": "2.0", "method": "exit"})
    )
    run = subprocess.run([DEVCHECK, "lsp"], input=stream, capture_output=True, cwd=folder,
                         timeout=60)
    got = messages(run.stdout)
    codes = [(m.get("id"), m["error"]["code"] if "error" in m else "result") for m in got]
    want = [(None, -32700), (None, -32700), (None, -32700), (None, -32700), (1, -32002), (None, -32600), (2, "result"),
            (3, -32601), (4, -32602), ("five", "result")]
    if codes != want:
        fail(f"the answers: {codes}, not {want}")
    if run.returncode != 0:
        fail(f"exit status {run.returncode} after shutdown and exit: {run.stderr.decode()}")
    # a message over 64 MiB: a parse error, its body dropped as it comes
    # (never held), and the stream read on after it.
    big = {"jsonrpc": "2.0", "id": 6, "method": "shutdown", "pad": "x" * (64 << 20)}
    start = framed({"jsonrpc": "2.0", "id": 5, "method": "initialize",
                    "params": {"capabilities": {}, "rootUri": None}})
    end = framed({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}) + framed({"jsonrpc": "2.0", "method": "exit"})
    run = subprocess.run([DEVCHECK, "lsp"], input=start + framed(big) + end, capture_output=True,
                         cwd=folder, timeout=60)
    codes = [(m.get("id"), m["error"]["code"] if "error" in m else "result") for m in messages(run.stdout)]
    if codes != [(5, "result"), (None, -32700), (7, "result")] or run.returncode != 0:
        fail(f"a message over 64 MiB: {codes}, status {run.returncode}")
    # exit with no shutdown: status 1, as the protocol says.
    run = subprocess.run([DEVCHECK, "lsp"], input=framed({"jsonrpc": "2.0", "method": "exit"}),
                         capture_output=True, timeout=60)
    if run.returncode != 1 or run.stdout:
        fail(f"exit before shutdown: status {run.returncode}, {run.stdout!r}")


with tempfile.TemporaryDirectory() as folder:
    folder = os.path.realpath(folder)
    asyncio.run(editor(folder))
    malformed(folder)
    asyncio.run(newer_text(folder))
    os.mkdir(os.path.join(folder, "program"))
    asyncio.run(cross_file(os.path.join(folder, "program")))
    if sorted(os.listdir(folder)) != ["a.c", "program"]:
        fail(f"left in the workspace: {os.listdir(folder)}")
os.unlink(LOG)
print("ok")
