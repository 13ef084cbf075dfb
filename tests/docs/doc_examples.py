#!/usr/bin/env python3
"""doc_examples.py: runs the examples of pli's pages and --help as a reader would.

Usage: doc_examples.py PLI REPO [PAGE.md ...] [--help-pages]

ctest runs it as doc-examples (tests/CMakeLists.txt) on README.md,
docs/*.md, schema/*.md and --help-pages.

Every example a page shows must work when copied (issue 11 item 6). Two
kinds of block are run, each page in a fresh sandbox folder of its own where
`pli` and `build/pli` are the binary under test, `games/` (where each
game's fixtures are, games/<game>/fixtures/) and `fixtures/` are the
repository's, and the page's earlier examples have already run (so a page
may create a database in one block and read it in the next):

  * A transcript: a fenced block whose first line starts with "$ ". Each
    "$ COMMAND" (continued on the following lines until it is a complete
    shell command) runs under bash; the lines up to the next "$ " are the
    output it must print (stdout and stderr together). A last output line
    "(exit status N)" is the exit status it must end with (default 0). A
    line "..." alone matches any number of lines.
  * A command list: a ```sh block. Each line that starts with "pli " or
    "build/pli " runs and must exit 0, unless it ends with a comment
    "# exit N" (see below). Other lines (installing, building) are what the page is
    about, not examples of pli, and are not run.

With --help-pages, the examples of `pli --help` and of every command's
--help run too, each page in a sandbox of its own, in the order the page
shows them. A page's examples are the indented lines under a line
"Before the examples:", "Examples:" or "A whole game:", up to the next line that is not indented
(a line ending in a backslash goes on on the next). Every one runs, pli or
not (`head -n 3 games/president/fixtures/... | pli import --db club.db -` reaches a
position), and must exit 0 unless its comment says "# exit N".

The convention for help pages, so that every example works when copied from
the repository's root: a page's examples need nothing but the repository's
games/*/fixtures/ and the examples above them on the same page. A command that needs
a game at some position (exchange, close, end ...) shows how to get there in
a block "Before the examples:", usually by importing a fixture, or its
first N events, into club.db; its "Examples:" then run only the command
itself (tests/cli/traps_test.cc checks that).
The live commands' "A whole game" (g.db, game g1) starts from nothing and
follows the page's own examples in the same sandbox, so those leave g.db
alone. There is no hidden setup and no example is exempt.

Where an example runs from (issue 29). The paragraph just above a block may
say so, and the block then runs there:

  * "from the clone's root": the sandbox is the clone's root, as after the
    README's first command: `build/pli` and `games/` are there, but no
    `pli` on the PATH (pli is not installed).
  * "from any folder": pli is installed (`pli` on the PATH), and the folder
    holds no `build/` and no `games/`.

In README.md every block that is run must say one of the two. A block
right under an HTML comment that says "run by tests/..." is run by that
test, not here (it needs a server of its own: docs/POSTGRES.md's roles).
A `pli serve` line is started in the background; it must print its
"listening on ADDR:PORT" line and answer an HTTP GET of its page there,
then it is stopped by its pid.

A trailing comment anywhere ("# exit 1", "# the ruling (illegal: exit 1)")
that says "exit N" sets the exit status a command of a ```sh block or of a
help page must end with.

Prints one line per failure with the page and line, then "N passed, M failed".
Exit status 0 when every example holds, 1 otherwise.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120  # seconds for one example


def is_complete(command):
    """True when bash can parse `command` as it stands."""
    r = subprocess.run(["bash", "-n", "-c", command], capture_output=True)
    # An unfinished here-document is only a warning to bash -n.
    return r.returncode == 0 and b"here-document" not in r.stderr


def blocks(path):
    """Yields (first line number, info string, lines, the text above) of each
    fenced block; the text above is the paragraph just before it (with any
    HTML comment lines between them)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        info, start, body = m.group(1), i + 2, []
        above, j = [], i - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        while j >= 0 and lines[j].strip() != "" and not lines[j].startswith("```"):
            above.insert(0, lines[j])
            j -= 1
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        yield start, info, body, "\n".join(above)


def place_of(above):
    """Where the text above a block says it runs: "root", "anywhere", "skip" or None."""
    text = " ".join(above.split()).lower()
    if re.search(r"<!--[^>]*run by tests/", text):
        return "skip"
    # The first of the two the paragraph says ("from any folder, with pli
    # installed (or build/pli from the clone's root)" runs anywhere).
    found = [(text.find(p), place) for p, place in
             (("from the clone's root", "root"), ("from any folder", "anywhere")) if p in text]
    return min(found)[1] if found else None


def transcript(start, body):
    """Yields (line number, command, expected lines, expected exit status)."""
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            i += 1
            continue
        line_no = start + i
        command = body[i][2:]
        i += 1
        while not is_complete(command) and i < len(body) and not body[i].startswith("$ "):
            command += "\n" + body[i]
            i += 1
        expected = []
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        while expected and expected[-1].strip() == "":
            expected.pop()
        status = 0
        if expected:
            m = re.fullmatch(r"\(exit status (\d+)\)", expected[-1].strip())
            if m:
                status = int(m.group(1))
                expected.pop()
        yield line_no, command, expected, status


def command_lines(start, body):
    """Yields (line number, command, None, expected exit status) of a ```sh block."""
    for k, line in enumerate(body):
        text = line.strip()
        if not (text.startswith("pli ") or text.startswith("build/pli ")):
            continue
        yield start + k, text, None, exit_comment(text)


def exit_comment(command):
    """N when the command's trailing comment says "exit N", else 0."""
    m = re.search(r"\s#[^#'\"]*\bexit\s+(\d+)\b[^#'\"]*$", command)
    return int(m.group(1)) if m else 0


def matches(expected, actual):
    """Line-by-line equality, trailing spaces ignored; "..." matches any lines."""
    exp = [e.rstrip() for e in expected]
    act = [a.rstrip() for a in actual]

    def go(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i] == "...":
            return any(go(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and exp[i] == act[j] and go(i + 1, j + 1)

    return go(0, 0)


class Sandbox:
    """A folder where `pli` and `build/pli` are the binary under test."""

    def __init__(self, pli, repo):
        self.dir = tempfile.mkdtemp(prefix="pli-doc-")
        os.makedirs(os.path.join(self.dir, "build"))
        os.makedirs(os.path.join(self.dir, "bin"))
        os.symlink(pli, os.path.join(self.dir, "build", "pli"))
        os.symlink(pli, os.path.join(self.dir, "bin", "pli"))
        os.symlink(os.path.join(repo, "fixtures"), os.path.join(self.dir, "fixtures"))
        os.symlink(os.path.join(repo, "games"), os.path.join(self.dir, "games"))
        self.env = dict(os.environ)
        self.env["PATH"] = os.path.join(self.dir, "bin") + os.pathsep + self.env.get("PATH", "")
        self.env["NO_COLOR"] = "1"
        self.env.pop("CLICOLOR_FORCE", None)
        self.env["LC_ALL"] = "C.UTF-8"

    def place(self, where):
        """Makes the sandbox look like `where`: "root" (build/pli and
        games/, no pli on the PATH), "anywhere" (pli on the PATH, no
        build/ nor games/ nor fixtures/), None (all of it, as before issue 29)."""
        for name in ("build", "fixtures", "games"):
            shown, hidden = os.path.join(self.dir, name), os.path.join(self.dir, "." + name)
            if where == "anywhere" and os.path.lexists(shown):
                os.rename(shown, hidden)
            if where != "anywhere" and os.path.lexists(hidden):
                os.rename(hidden, shown)
        path = self.env["PATH"].split(os.pathsep)
        bin_dir = os.path.join(self.dir, "bin")
        path = [p for p in path if p != bin_dir]
        if where != "root":
            path.insert(0, bin_dir)
        self.env["PATH"] = os.pathsep.join(path)

    def serve(self, command):
        """Starts a `pli serve` line, waits for its listening line, GETs its
        page, stops it by its pid. Returns (status, output lines)."""
        import urllib.request
        p = subprocess.Popen(["bash", "-c", "exec " + command], cwd=self.dir, env=self.env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
        try:
            line = p.stdout.readline().decode("utf-8", "replace").rstrip("\n")
            m = re.match(r"listening on (\S+):(\d+)$", line)
            if not m:
                rest = p.stdout.read().decode("utf-8", "replace") if p.poll() is not None else ""
                return 1, [line] + rest.splitlines()
            with urllib.request.urlopen(f"http://{m.group(1)}:{m.group(2)}/", timeout=TIMEOUT) as r:
                page = r.read()
            if r.status != 200 or b"<html" not in page.lower():
                return 1, [line, f"GET / answered {r.status} without a page"]
            return 0, [line]
        finally:
            p.kill()
            p.wait()

    def run(self, command):
        if re.match(r"(build/)?pli serve\b", command):
            return self.serve(command)
        r = subprocess.run(["bash", "-c", command], cwd=self.dir, env=self.env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT)
        text = r.stdout.decode("utf-8", "replace")
        if text.endswith("\n"):
            text = text[:-1]
        return r.returncode, (text.split("\n") if text else [])

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def check(sandbox, where, examples, failures):
    passed = 0
    for line_no, command, expected, status, *place in examples:
        label = f"{where}:{line_no}: $ {command.splitlines()[0]}"
        if status == "no-place":
            failures.append(f"{where}:{line_no}: the paragraph above this block does not say where "
                            "it runs from (\"from the clone's root\" or \"from any folder\")")
            continue
        sandbox.place(place[0] if place else None)
        try:
            code, output = sandbox.run(command)
        except subprocess.TimeoutExpired:
            failures.append(f"{label}\n  did not end within {TIMEOUT} s")
            continue
        problems = []
        if code != status:
            problems.append(f"exit status {code}, the page says {status}")
        if expected is not None and not matches(expected, output):
            problems.append("output differs from the page:\n" + "\n".join(
                ["    --- the page"] + ["    " + e for e in expected] +
                ["    --- pli printed"] + ["    " + a for a in output]))
        if problems:
            failures.append(label + "\n  " + "\n  ".join(problems))
        else:
            passed += 1
    return passed


def page_examples(path, require_place=False):
    """Yields (line number, command, expected lines, status, place) of a page;
    place None when the page does not say. With require_place, a run block
    that does not say where it runs from yields one failing entry."""
    for start, info, body, above in blocks(path):
        first = next((b for b in body if b.strip()), "")
        if first.startswith("$ "):
            examples = list(transcript(start, body))
        elif info in ("sh", "bash", "shell"):
            examples = list(command_lines(start, body))
        else:
            continue
        if not examples:
            continue
        place = place_of(above)
        if place == "skip":
            continue
        if place is None and require_place:
            yield (start, "# (a block)", None, "no-place", None)
            continue
        for line_no, command, expected, status in examples:
            yield line_no, command, expected, status, place


def help_pages(pli):
    """Yields (label, help text) of `pli --help` and of every command's."""
    top = subprocess.run([pli, "--help"], capture_output=True, text=True).stdout
    yield "pli --help", top
    m = re.search(r"^Subcommands:\n(.*?)(?:\n\n|\Z)", top, re.S | re.M | re.I)
    names = re.findall(r"^\s{2}(\S+)", m.group(1), re.M) if m else []
    for name in names:
        text = subprocess.run([pli, name, "--help"], capture_output=True, text=True).stdout
        yield f"pli {name} --help", text


def help_examples(text):
    """The examples of a help page, in order: the indented lines under a line
    "Examples:" or "A whole game:" (up to the next line that is not indented),
    a line ending in a backslash continued on the next."""
    lines = text.split("\n")
    in_block = False
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        if re.fullmatch(r"(Examples|Before the examples|A whole game)\b.*:", line.strip()) and not line[:1].isspace():
            in_block = True
            continue
        if not line[:1].isspace() or not line.strip():
            in_block = False
            continue
        if not in_block:
            continue
        line_no, command = k, line.strip()
        while command.endswith("\\") and k < len(lines):
            command += "\n" + lines[k].strip()
            k += 1
        yield line_no, command, None, exit_comment(command)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    pli, repo = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    pages = [a for a in argv[3:] if not a.startswith("--")]
    failures, passed = [], 0
    for page in pages:
        sandbox = Sandbox(pli, repo)
        try:
            rel = os.path.relpath(page, repo)
            passed += check(sandbox, rel, list(page_examples(page, rel == "README.md")),
                            failures)
        finally:
            sandbox.close()
    if "--help-pages" in argv:
        for label, text in help_pages(pli):
            sandbox = Sandbox(pli, repo)
            try:
                passed += check(sandbox, label, list(help_examples(text)), failures)
            finally:
                sandbox.close()
    for f in failures:
        print("FAIL  " + f)
    print(f"{passed} passed, {len(failures)} failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
