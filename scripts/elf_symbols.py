"""The symbols a binary defines, as nm lists them: read by link-order.py and check-release.py."""
import subprocess


def defined_symbols(binary):
    """(address, type letter, name, size) of each symbol `binary` defines; size 0 when nm knows none."""
    listing = subprocess.run(["nm", "--defined-only", "--print-size", binary],
                             capture_output=True, text=True, check=True).stdout
    symbols = []
    for parts in (line.split() for line in listing.splitlines()):
        if len(parts) == 4:
            symbols.append((int(parts[0], 16), parts[2], parts[3], int(parts[1], 16)))
        elif len(parts) == 3:
            symbols.append((int(parts[0], 16), parts[1], parts[2], 0))
    return symbols
