"""Checks that the release `spindle-full`, which links only the ICU data scripts/icu-data.py
keeps, still does what needs ICU: a server in a time zone of its own answers a page with a
well-formed `Date` header, and a client given the server's URL (its host read through ICU's
UTS #46 data) shows the page. Run after each link of the release spindle-full (Makefile,
`release-full`), so that a change that reaches for ICU data not kept fails here, not for a user:

    python3 scripts/check-icu.py --full .build/release/spindle-full

Fails with what was wrong; prints one line when all is well.
"""
import argparse
import email.utils
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Benchmarks"))
from bench import serving  # noqa: E402
from ptyrun import PtyProgram  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", required=True, help="the spindle-full binary")
    full = os.path.abspath(parser.parse_args().full)
    work = tempfile.mkdtemp(prefix="spindle-icu-")
    data = os.path.join(work, "data")
    # The server's time zone: one of its own, read through ICU's time zone data.
    os.environ["TZ"] = "America/New_York"
    os.environ.pop("SPINDLE_TOKEN", None)
    server = None
    try:
        env = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=os.path.join(work, "config"),
                   XDG_STATE_HOME=os.path.join(work, "state"), XDG_CACHE_HOME=os.path.join(work, "cache"))
        subprocess.run([full, "--generate-library", "200"], env=env, check=True, timeout=120,
                       stdout=subprocess.DEVNULL)
        server, url, token, _ = serving(full, data, work)
        request = urllib.request.Request(url + "/v1/titles?limit=20", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            page = json.loads(answer.read())
            date = answer.headers.get("Date", "")
        titles = page.get("titles") or []
        if not titles:
            sys.exit(f"icu check: the served page has no titles: {page}")
        try:
            stamp = email.utils.parsedate_to_datetime(date)
        except (TypeError, ValueError):
            stamp = None
        if stamp is None or abs(stamp.timestamp() - time.time()) > 86_400 or not date.endswith(" GMT"):
            sys.exit(f"icu check: the served page's Date header is not an HTTP date of today: {date!r}")
        # A title the list shows as it is (the generated ones include escape sequences, shown defused).
        plain = [title["title"] for title in titles if re.fullmatch(r"[A-Za-z0-9 ]{4,30}", title["title"])]
        if not plain:
            sys.exit(f"icu check: no plain title on the served page: {titles}")
        client = PtyProgram([full, url], rows=24, columns=100, env=dict(env, SPINDLE_TOKEN=token))
        try:
            client.read_until(plain[0].encode(), timeout=60)
        except (TimeoutError, EOFError, OSError) as error:
            shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b" ", bytes(client.output)).decode(errors="replace")
            sys.exit(f"icu check: the client of {url} did not show its first title ({error}): {shown[-300:]}")
        finally:
            client.finish()
        print(f"icu check: {os.path.basename(full)} served a page with Date {date!r}; its client showed it")
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
