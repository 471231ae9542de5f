"""A seccomp filter as a classic-BPF program, in the binary form `bwrap --seccomp FD` loads.

Written here rather than through libseccomp so the sandbox needs no compiled bindings. The filter
denies, with EPERM, syscalls a submission never needs and an escape would: network sockets (all
families but AF_UNIX), ptrace, mounts, namespaces, keyrings, BPF, kernel modules, io_uring.
clone3 answers ENOSYS so the C library falls back to clone, whose namespace flags are checked.
"""

from __future__ import annotations

import errno
import platform
import struct

# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6]
_NR, _ARCH, _ARG0 = 0, 4, 16

_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JGE_K = 0x35
_JSET_K = 0x45
_RET_K = 0x06

_ALLOW = 0x7FFF0000
_KILL_PROCESS = 0x80000000
_ERRNO = 0x00050000

_AF_UNIX = 1
_NS_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000

_ARCHES = {
    "x86_64": 0xC000003E,
    "aarch64": 0xC00000B7,
}

_DENIED = {
    "x86_64": {
        "ptrace": 101,
        "mount": 165,
        "umount2": 166,
        "unshare": 272,
        "setns": 308,
        "pivot_root": 155,
        "chroot": 161,
        "keyctl": 250,
        "add_key": 248,
        "request_key": 249,
        "bpf": 321,
        "perf_event_open": 298,
        "userfaultfd": 323,
        "init_module": 175,
        "finit_module": 313,
        "delete_module": 176,
        "kexec_load": 246,
        "reboot": 169,
        "swapon": 167,
        "swapoff": 168,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "io_uring_setup": 425,
        "open_tree": 428,
        "move_mount": 429,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "mount_setattr": 442,
        "acct": 163,
        "settimeofday": 164,
        "syslog": 103,
        "personality": 135,
    },
    "aarch64": {
        "ptrace": 117,
        "mount": 40,
        "umount2": 39,
        "unshare": 97,
        "setns": 268,
        "pivot_root": 41,
        "chroot": 51,
        "keyctl": 219,
        "add_key": 217,
        "request_key": 218,
        "bpf": 280,
        "perf_event_open": 241,
        "userfaultfd": 282,
        "init_module": 105,
        "finit_module": 273,
        "delete_module": 106,
        "kexec_load": 104,
        "reboot": 142,
        "swapon": 224,
        "swapoff": 225,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "io_uring_setup": 425,
        "open_tree": 428,
        "move_mount": 429,
        "fsopen": 430,
        "fsconfig": 431,
        "fsmount": 432,
        "fspick": 433,
        "mount_setattr": 442,
        "acct": 89,
        "settimeofday": 170,
        "syslog": 116,
        "personality": 92,
    },
}
_SOCKET = {"x86_64": 41, "aarch64": 198}
_CLONE = {"x86_64": 56, "aarch64": 220}
_CLONE3 = 435


def _ins(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("<HBBI", code, jt, jf, k)


def supported_arch() -> str | None:
    machine = platform.machine()
    return machine if machine in _ARCHES else None


ZYGOTE_ALLOWED = ("unshare", "mount")


def build_filter(arch: str | None = None, *, allow: tuple[str, ...] = ()) -> bytes:
    """The filter program for this machine's architecture. `allow` names denied calls to let
    through: only the zygote's (`ZYGOTE_ALLOWED`), whose every box loads the full filter on top
    of this one before it serves a submission (filters stack; the stricter answer wins)."""
    arch = arch or supported_arch()
    if arch is None:
        raise RuntimeError(f"no seccomp filter for architecture {platform.machine()}")
    deny_errno = _ERRNO | errno.EPERM
    prog = [
        _ins(_LD_W_ABS, _ARCH),
        _ins(_JEQ_K, _ARCHES[arch], jt=1, jf=0),
        _ins(_RET_K, _KILL_PROCESS),
        _ins(_LD_W_ABS, _NR),
    ]
    if arch == "x86_64":  # x32 ABI numbers alias the 64-bit ones; refuse them all
        prog += [_ins(_JGE_K, 0x40000000, jt=0, jf=1), _ins(_RET_K, deny_errno)]
    unknown = set(allow) - set(_DENIED[arch])
    if unknown:
        raise ValueError(f"seccomp: cannot allow {sorted(unknown)}: not in the denied list")
    for nr in sorted(nr for name, nr in _DENIED[arch].items() if name not in allow):
        prog += [_ins(_JEQ_K, nr, jt=0, jf=1), _ins(_RET_K, deny_errno)]
    prog += [_ins(_JEQ_K, _CLONE3, jt=0, jf=1), _ins(_RET_K, _ERRNO | errno.ENOSYS)]
    # socket(domain, ...): only AF_UNIX
    prog += [
        _ins(_JEQ_K, _SOCKET[arch], jt=0, jf=4),
        _ins(_LD_W_ABS, _ARG0),
        _ins(_JEQ_K, _AF_UNIX, jt=0, jf=1),
        _ins(_RET_K, _ALLOW),
        _ins(_RET_K, deny_errno),
    ]
    # clone(flags, ...): no new namespaces; the accumulator still holds the syscall number
    prog += [
        _ins(_JEQ_K, _CLONE[arch], jt=0, jf=3),
        _ins(_LD_W_ABS, _ARG0),
        _ins(_JSET_K, _NS_FLAGS, jt=0, jf=1),
        _ins(_RET_K, deny_errno),
        _ins(_RET_K, _ALLOW),
    ]
    return b"".join(prog)
