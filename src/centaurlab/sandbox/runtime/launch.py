"""Start a command and report its pid, then its exit status and resource usage, on a file descriptor.

Runs outside the sandbox, between the platform and the sandboxed command. A process started
straight from a large platform process inherits that process's resident-set high-water mark at
exec, so its peak memory would read as the platform's. This launcher is small; the command it
forks starts from its small image, and wait4 here measures the command alone. The command gets a
process group of its own, so the platform can kill it (and its group) without killing the
launcher, which still reports. Standard library only, started with `python -S`.
"""

import json
import os
import sys


def main() -> None:
    report_fd, argv = int(sys.argv[1]), sys.argv[2:]
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    os.write(report_fd, (json.dumps({"pid": pid}) + "\n").encode())
    _, status, usage = os.wait4(pid, 0)
    record = {"status": status, "utime": usage.ru_utime, "stime": usage.ru_stime, "maxrss_kb": usage.ru_maxrss}
    os.write(report_fd, (json.dumps(record) + "\n").encode())
    code = os.waitstatus_to_exitcode(status)
    sys.exit(code if code >= 0 else 128 - code)


main()
