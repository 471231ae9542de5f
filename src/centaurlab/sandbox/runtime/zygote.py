"""The zygote: a sandboxed interpreter with the box runtime imported, forking one fresh box per
submission. It never runs a submission's code itself.

Runs inside a bubblewrap sandbox whose seccomp filter still allows `unshare` and `mount`; standard
library only. For each request on its control socket (one message, two descriptors attached: the
new box's channel and its stderr) it forks; that child enters new user, pid, mount, network, IPC
and UTS namespaces and forks again. The grandchild is the init of its own pid namespace: it mounts
a fresh tmpfs on /box, /tmp and /dev/shm, a devpts instance of its own, a /proc of its own
namespace where the kernel allows it (under bubblewrap it does not: an empty tmpfs hides the
zygote's), drops every capability, installs the strict seccomp filter (no more unshare or
mount) and only then becomes a box: it serves the judge over its channel. By then it holds no
descriptor but its own, and nothing of the zygote or of another box is in its sight: not their
processes (another pid namespace), not their files (fresh tmpfs mounts), not their sockets
(another network namespace), not their memory.
"""

from __future__ import annotations

import ctypes
import gc
import json
import os
import resource
import signal
import socket
import sys

import box

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 0x2, 0x4, 0x8, 0x4000, 0x40000
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, PR_CAPBSET_DROP, PR_CAP_AMBIENT = 38, 22, 24, 47
SECCOMP_MODE_FILTER, PR_CAP_AMBIENT_CLEAR_ALL, CAP_LAST = 2, 4, 63
TMPFS = {"/box": "mode=0755,size=512m", "/tmp": "mode=1777,size=512m", "/dev/shm": "mode=1777,size=64m"}

_libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    enc = [None if s is None else s.encode() for s in (source, target, fstype, data)]
    _check(_libc.mount(enc[0], enc[1], enc[2], ctypes.c_ulong(flags), enc[3]), f"mount {target}")


def _drop_capabilities() -> None:
    """No capability survives into the box, in any set; the bounding set is emptied too."""
    for cap in range(CAP_LAST + 1):
        _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)  # EINVAL past the kernel's last cap: ignored
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this thread
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable x 2 words, all zero
    _check(_libc.capset(header, data), "capset")


def _seccomp(program: bytes) -> None:
    count = len(program) // 8
    filters = ctypes.create_string_buffer(program, len(program))

    class Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = Prog(count, ctypes.addressof(filters))
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    _check(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0), "seccomp")


def _enter_namespaces() -> None:
    uid, gid = os.getuid(), os.getgid()
    flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    _check(_libc.unshare(flags), "unshare")
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as fh:
            fh.write(text)


def _become_box(channel: int, stderr: int, program: bytes, preload: list[str]) -> None:
    """The grandchild, init of its own namespaces: fresh mounts, no capabilities, the strict filter,
    then the box runtime serving the judge on `channel`."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    for target, options in TMPFS.items():
        _mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, options)
    # ptys of its own: the zygote's devpts instance would show other boxes' terminals
    _mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620")
    try:
        _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    except OSError:  # the kernel refuses a new proc here: hide the zygote's instead
        _mount("tmpfs", "/proc", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0555,size=4k")
    os.chdir("/box")
    _libc.sethostname(b"sandbox", 7)
    _drop_capabilities()
    if program:  # none on an architecture without a filter, where bwrap runs without one too
        _seccomp(program)
    os.dup2(channel, 0)
    os.dup2(channel, 1)
    os.dup2(stderr, 2)
    os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    for sig in (signal.SIGCHLD, signal.SIGPIPE, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115 - the box's own stderr
    box.main(preload)


def _spawn(fds: list[int], program: bytes, preload: list[str]) -> None:
    """Fork the box for one submission; returns in the zygote at once, the child does the rest."""
    child = os.fork()
    if child == 0:
        code = 1
        try:
            _enter_namespaces()
            if os.fork() == 0:
                try:
                    _become_box(fds[0], fds[1], program, preload)
                    code = 0
                except BaseException as exc:  # noqa: BLE001 - reported on the box's stderr
                    os.write(fds[1], f"zygote: the box could not start: {exc!r}\n".encode())
                finally:
                    os._exit(code)
            code = 0
        except BaseException as exc:  # noqa: BLE001
            os.write(fds[1], f"zygote: the box could not start: {exc!r}\n".encode())
        finally:
            os._exit(code)
    # the SIGCHLD handler reaps it; the box, reparented to this zygote (pid 1 here), is reaped
    # the same way once the judge kills it


_exits: dict[int, int] = {}  # pid here -> exit code, for the judge's message about an ended box


def _reap(*_: object) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _exits[pid] = os.waitstatus_to_exitcode(status)
        while len(_exits) > 4096:
            del _exits[next(iter(_exits))]


def _answer(message: bytes, fds: list[int], program: bytes, preload: list[str]) -> bytes:
    if message == b"fork" and len(fds) == 2:
        _spawn(fds, program, preload)
        return b"ok"
    if message.startswith(b"exit ") and not fds:
        _reap()
        code = _exits.get(int(message.split()[1]))
        return b"unknown" if code is None else str(code).encode()
    return b"bad request"


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    preload = sys.argv[2:]
    for name in preload:
        __import__(name)
    with open("seccomp.bpf", "rb") as fh:
        program = fh.read()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    signal.signal(signal.SIGCHLD, _reap)  # boxes the judge killed are reaped at once
    gc.freeze()  # what the zygote holds stays out of the boxes' collections: fewer pages copied
    os.write(1, (json.dumps({"id": 0, "ok": "ready"}) + "\n").encode())
    while True:
        try:
            message, fds, _flags, _addr = socket.recv_fds(control, 64, 2)
        except OSError:
            break
        if not message:
            break
        try:
            reply = _answer(message, fds, program, preload)
        except (OSError, ValueError) as exc:
            reply = f"fork failed: {exc}".encode()
        finally:
            for fd in fds:
                os.close(fd)
        control.send(reply)


if __name__ == "__main__":
    main()
