#!/usr/bin/env python3
"""Docs that run as written: every example command in README.md and docs/*.md
is run, in the order the page gives them, and what the page shows of its output
must appear in what the program prints (numbers included), so a change of
behaviour shows up as a failing page.

The rules (docs/README.md, "Examples that run"):
  * A command is a line of a fenced block that starts with "$ ", "railyard-cli",
    "build/app/cli/railyard-cli" or "railyard " (the desktop app); a trailing
    backslash joins the next line. Usage synopses (FILE, [options], <n>, A|B)
    are not commands.
  * Its output on the page is the lines after a "$ " command up to the next
    one, or the "#   " comment lines right after a command (README's style).
    A line "…" or "..." skips any number of lines; "…" or "..." inside a line
    matches anything. Lines match after collapsing white space, in order, in
    stdout and stderr together. Ed25519 key fingerprints (SHA256:…) and
    wall-clock timings ("placed in 1.6 ms") are masked: they differ on every run.
  * The exit code is checked where the page states it ("exit 1", "exits 2"
    next to the command or in the comment above it); a command whose page
    shows no output must exit 0.
  * A block after "<!-- doc-test: skip: REASON -->" is not run (a service, the
    desktop app, the user's own files); the reason is printed.
Each page runs in a directory of its own holding samples/ and tests/data/, with
HOME there too.

Usage: test_doc_examples.py SOURCE_DIR RAILYARD_CLI [PAGE ...]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

PROMPT_COMMANDS = ("railyard-cli", "build/app/cli/railyard-cli", "railyard ", "build/app/gui/railyard")
SKIP = re.compile(r"<!--\s*doc-test:\s*skip:\s*(.*?)\s*-->")
SYNOPSIS = re.compile(r"(\[[^\]]*\]|<[a-z][^>]*>|\b[A-Z][A-Z_]{2,}\b(?![./-]\w)|\s\|\s|\.\.\.\]|…\])")
FINGERPRINT = re.compile(r"SHA256:[0-9a-f]{16}")
TIMING = re.compile(r"\b(in|took)\s+\d+(\.\d+)?\s*(ms|s)\b")
# "exit 1" states this run's code; "exit 1 on a problem" states a rule, not a result.
EXIT = re.compile(r"\bexit(?:s| code)?\s+(\d+)\b(?!\s+(?:on|when|if|for)\b)")


class Example:
    def __init__(self, page, line, command, comment_above):
        self.page, self.line, self.command = page, line, command
        self.comment_above = comment_above
        self.expected = []

    def where(self):
        return f"{self.page}:{self.line}"


def is_command(text):
    return text.startswith(PROMPT_COMMANDS)


def is_synopsis(command):
    # A synopsis names its arguments instead of giving them.
    body = command.split("#", 1)[0]
    return bool(SYNOPSIS.search(body))


SHELL_VERBS = ("mkdir ", "cp ", "rm ", "cat ", "echo ", "cd ", "export ", "ln ", "touch ", "sed ", "mv ")
RUNNABLE_LANGUAGES = ("", "sh", "bash", "shell", "console")


def parse(page, text):
    """The examples of one page, and the blocks skipped with their reasons."""
    examples, skipped = [], []
    lines = text.split("\n")
    i, pending_skip = 0, None
    while i < len(lines):
        line = lines[i]
        m = SKIP.search(line)
        if m:
            pending_skip = m.group(1)
        if not line.lstrip().startswith("```"):
            i += 1
            continue
        fence_indent = len(line) - len(line.lstrip())
        language = line.strip()[3:].strip().lower()
        start = i + 1
        i += 1
        block = []
        while i < len(lines) and not lines[i].strip().startswith("```"):
            block.append((i + 1, lines[i][fence_indent:] if lines[i][:fence_indent].strip() == "" else lines[i]))
            i += 1
        i += 1
        if language not in RUNNABLE_LANGUAGES:
            pending_skip = None
            continue
        if pending_skip is not None:
            if any(is_command(b.strip()[2:] if b.strip().startswith("$ ") else b.strip()) for _, b in block):
                skipped.append((f"{page}:{start}", pending_skip))
            pending_skip = None
            continue
        examples.extend(parse_block(page, block))
    return examples, skipped


def parse_block(page, block):
    out, current, comment = [], None, []
    prompt_style = any(b.startswith("$ ") for _, b in block)
    k = 0
    while k < len(block):
        number, raw = block[k]
        text = raw.rstrip()
        if prompt_style and not text.startswith("$ "):
            if current is not None:
                current.expected.append(text)
            k += 1
            continue
        body = text[2:].strip() if text.startswith("$ ") else text.strip()
        joined = body
        while joined.endswith("\\") and k + 1 < len(block):
            k += 1
            joined = joined[:-1].rstrip() + " " + block[k][1].strip()
        if is_command(body):
            current = None
            if not is_synopsis(joined):
                current = Example(page, number, joined, " ".join(comment))
                out.append(current)
            comment = []
        elif body.startswith(SHELL_VERBS):
            ex = Example(page, number, joined, "")
            ex.setup = True
            out.append(ex)
            current, comment = None, []
        elif text.startswith("#   ") and current is not None:
            current.expected.append(text[4:])
        elif text.startswith("#"):
            comment.append(text)
            current = None
        elif text.strip():
            current = None  # a synopsis' continuation, or prose in a block: not run
        k += 1
    return out


def normalise(text):
    text = FINGERPRINT.sub("SHA256:…", text)
    text = TIMING.sub(lambda m: m.group(1) + " …", text)
    return " ".join(text.split())


def matches(pattern, line):
    parts = re.split(r"…|\.\.\.", normalise(pattern))
    regex = ".*".join(re.escape(p) for p in parts)
    return re.fullmatch(regex, normalise(line)) is not None or (
        len(parts) == 1 and normalise(pattern) == normalise(line))


def check_output(expected, output):
    """The expected lines, in order, in the output; '…' lines skip."""
    got = [l for l in output.split("\n") if l.strip()]
    pos = 0
    for want in expected:
        w = want.strip()
        if not w or w in ("…", "..."):
            continue
        while pos < len(got) and not matches(w, got[pos]):
            pos += 1
        if pos == len(got):
            return want
        pos += 1
    return None


def run_page(source, cli, page, examples, workdir):
    os.makedirs(workdir, exist_ok=True)
    shutil.copytree(os.path.join(source, "samples"), os.path.join(workdir, "samples"), dirs_exist_ok=True)
    os.makedirs(os.path.join(workdir, "tests"), exist_ok=True)
    os.symlink(os.path.join(source, "tests", "data"), os.path.join(workdir, "tests", "data"))
    os.symlink(os.path.join(source, "docs"), os.path.join(workdir, "docs"))
    env = dict(os.environ, HOME=os.path.join(workdir, "home"), LC_ALL="C.UTF-8", LANG="C.UTF-8",
               QT_QPA_PLATFORM="offscreen", RAILYARD_CLI=cli)
    os.makedirs(env["HOME"], exist_ok=True)
    failures = []
    for ex in examples:
        command = ex.command
        for prefix in ("build/app/cli/railyard-cli", "railyard-cli"):
            command = re.sub(r"(^|[;&|]\s*|\s)" + re.escape(prefix) + r"(?=\s|$)",
                             lambda m: m.group(1) + cli, command)
        try:
            done = subprocess.run(["bash", "-c", command], cwd=workdir, env=env, capture_output=True, text=True,
                                  timeout=300)
        except subprocess.TimeoutExpired:
            failures.append(f"{ex.where()}: {ex.command}\n    took more than 300 s")
            continue
        output = done.stdout + "\n" + done.stderr
        if getattr(ex, "setup", False):
            if done.returncode != 0:
                failures.append(f"{ex.where()}: {ex.command}\n    exit {done.returncode}: {done.stderr.strip()[:300]}")
            continue
        stated = EXIT.search(ex.command.split("#", 1)[1] if "#" in ex.command else "") or \
            EXIT.search(ex.comment_above)
        if stated:
            if done.returncode != int(stated.group(1)):
                failures.append(f"{ex.where()}: {ex.command}\n    exit {done.returncode}, the page says "
                                f"{stated.group(1)}: {output.strip()[:400]}")
                continue
        elif not ex.expected and done.returncode != 0:
            failures.append(f"{ex.where()}: {ex.command}\n    exit {done.returncode}: {output.strip()[:400]}")
            continue
        missing = check_output(ex.expected, output)
        if missing is not None:
            failures.append(f"{ex.where()}: {ex.command}\n    the page shows: {missing.strip()}\n"
                            f"    the program printed:\n" + "\n".join("      " + l for l in output.strip().split("\n")[:40]))
    return failures


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    source, cli = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    pages = sys.argv[3:] or ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(source, "docs")) if f.endswith(".md"))
    total, failures, skipped_all = 0, [], []
    with tempfile.TemporaryDirectory(prefix="railyard-docs-") as tmp:
        for page in pages:
            with open(os.path.join(source, page), encoding="utf-8") as f:
                examples, skipped = parse(page, f.read())
            skipped_all += skipped
            runnable = [e for e in examples if not getattr(e, "setup", False)]
            total += len(runnable)
            if not examples:
                continue
            failures += run_page(source, cli, page, examples, os.path.join(tmp, page.replace("/", "_")))
    for where, reason in skipped_all:
        print(f"skipped {where}: {reason}")
    print(f"{total} example commands run, {len(skipped_all)} blocks skipped with a reason, "
          f"{len(failures)} differ from their page")
    for f in failures:
        print("DIFFERS " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
