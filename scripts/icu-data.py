"""The ICU data that the release `spindle-full` links: the few items it reads, not ICU's 34 MB.

`spindle-full` links the full Foundation (GRDB, AsyncHTTPClient and NIO's Foundation parts import
it), which brings ICU and, from the toolchain's `lib_FoundationICU.a`, all of ICU's data as one
symbol, `icudt76_dat`: every locale's names, formats, collations and dictionaries, 34 MB of a
112 MB binary. The app formats nothing by locale: watching which items ICU opens (a breakpoint
on ICU's one function that opens them, `doOpenChoice`) through the fuzzer's every mode, a
catalog import, a scan, a TLS server and its clients, under several LANG and TZ, finds four:

- `uts46.nrm`, read by Foundation's URL parser for a URL's host: without it
  `spindle http://127.0.0.1:8700` is refused with "it has no host";
- `zoneinfo64.res`, `timezoneTypes.res`, `keyTypeData.res`: the time zone rules Foundation's
  `TimeZone` reads through ICU (Hummingbird's `Date` header makes a Gregorian calendar).

Kept beside them, for what ICU falls back to when a locale has no data of its own (so that
anything that does format by locale formats as it would in English): the root and English
locales (`root.res`, `en.res`, `en_US.res`, `en_US_POSIX.res`, `en_001.res`), their shared
strings (`pool.res`) and the time zones' names (`metaZones.res`). A locale with no data here is
served from them (ICU's own fallback, no error).

This script takes ICU's package out of the toolchain's archive, keeps those items (the package's
table of contents written again, each item as it was) and writes an object file defining them as
`__wrap_icudt76_dat`. The Makefile gives the release link that object and `--wrap=icudt76_dat`
(the name from `--symbol`), so that ICU's references to its data go to the object and the
archive's 34 MB are never taken; a binary that does not use ICU (`spindle`) refers to neither
and drops the object's section with the rest of what nothing refers to. (A definition of the
name itself would come too late: the linker reads the object after the archives, and ICU's own
code has taken the archive's data by then.) When the toolchain's package is not found or not
understood, the object defines nothing, the name wrapped is one nothing uses, and the binary
carries ICU's full data as before; the script says so.

    python3 scripts/icu-data.py --output .build/icu/icudata.o [--binaries .build/release]
    python3 scripts/icu-data.py --symbol         # the name to wrap: icudt76_dat
    python3 scripts/icu-data.py --list           # the toolchain's items and what is kept
    python3 scripts/icu-data.py --check          # the trimmed package read back (make test)
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

KEPT = [
    "uts46.nrm",
    "zoneinfo64.res", "timezoneTypes.res", "keyTypeData.res", "metaZones.res",
    "root.res", "pool.res", "en.res", "en_US.res", "en_US_POSIX.res", "en_001.res",
]
MEMBER = "icu_packaged_data.cpp.o"
# What --symbol prints when the toolchain has no ICU package: a name nothing refers to.
NO_SYMBOL = "spindle_no_icu_data"


def toolchain_archive():
    """The toolchain's lib_FoundationICU.a, from `swiftc -print-target-info`."""
    swift = shutil.which("swiftc") or shutil.which("swift")
    if not swift:
        return None
    try:
        info = subprocess.run([swift, "-print-target-info"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', info)
    if not found:
        return None
    static = os.path.join(os.path.dirname(found.group(1)), "swift_static", "linux", "lib_FoundationICU.a")
    return static if os.path.exists(static) else None


def archive_member(path, wanted):
    """The bytes of member `wanted` of the ar archive at `path` (GNU long names), or None."""
    with open(path, "rb") as archive:
        data = archive.read()
    if not data.startswith(b"!<arch>\n"):
        return None
    position, long_names = 8, b""
    while position + 60 <= len(data):
        header = data[position:position + 60]
        name, size = header[:16].decode("ascii", "replace").strip(), int(header[48:58])
        body = data[position + 60:position + 60 + size]
        if name == "//":
            long_names = body
        elif name.startswith("/") and name[1:].isdigit():
            start = int(name[1:])
            name = long_names[start:long_names.index(b"/\n", start)].decode()
        else:
            name = name.rstrip("/")
        if name == wanted:
            return body
        position += 60 + size + (size & 1)
    return None


def packaged_data(elf):
    """(symbol name, bytes) of the `icudtNN_dat` symbol an ELF64 object defines, or None."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + index * shentsize) for index in range(shnum)]
    for section in sections:
        if section[1] != 2:  # SHT_SYMTAB
            continue
        strings = sections[section[6]]
        for offset in range(section[4], section[4] + section[5], 24):
            name_at, _, _, shndx, value, size = struct.unpack_from("<IBBHQQ", elf, offset)
            start = strings[4] + name_at
            name = elf[start:elf.index(b"\0", start)].decode()
            if re.fullmatch(r"icudt\d+_dat", name) and 0 < shndx < len(sections):
                home = sections[shndx][4] + value
                return name, elf[home:home + size]
    return None


def items(package):
    """(header length, [(name, offset, length)]) of an ICU common data package (little-endian)."""
    header_size, magic1, magic2 = struct.unpack_from("<HBB", package, 0)
    if (magic1, magic2) != (0xDA, 0x27) or package[12:16] != b"CmnD":
        raise ValueError("not an ICU common data package")
    count, = struct.unpack_from("<I", package, header_size)
    entries = [struct.unpack_from("<II", package, header_size + 4 + 8 * index) for index in range(count)]
    found = []
    for index, (name_at, data_at) in enumerate(entries):
        start = header_size + name_at
        end = entries[index + 1][1] if index + 1 < count else len(package) - header_size
        found.append((package[start:package.index(b"\0", start)].decode(), header_size + data_at, end - data_at))
    return header_size, found


def trimmed(package, keep):
    """The package with only the items whose names (without the package's prefix) are in
    `keep`, in the same order (ICU looks names up by binary search), each at a 16-byte boundary."""
    header_size, everything = items(package)
    chosen = [(name, at, length) for name, at, length in everything if name.split("/", 1)[-1] in keep]
    names = b"".join(name.encode() + b"\0" for name, _, _ in chosen)
    table = 4 + 8 * len(chosen)
    body = bytearray(struct.pack("<I", len(chosen)))
    data_at = (table + len(names) + 15) & ~15
    places = []
    for name, at, length in chosen:
        places.append(data_at)
        data_at = (data_at + length + 15) & ~15
    name_at = table
    for (name, _, _), place in zip(chosen, places):
        body += struct.pack("<II", name_at, place)
        name_at += len(name) + 1
    body += names
    for (_, at, length), place in zip(chosen, places):
        body += b"\0" * (place - len(body)) + package[at:at + length]
    return package[:header_size] + bytes(body), [name for name, _, _ in chosen]


def write_object(output, symbol, data):
    """An object defining `__wrap_<symbol>` as `data` (no symbol: an object that defines nothing)."""
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    source = output + ".S"
    with open(source, "w") as assembly:
        if symbol:
            with open(output + ".dat", "wb") as package:
                package.write(data)
            wrapped = "__wrap_" + symbol
            assembly.write(f'    .section .rodata.{wrapped},"a",@progbits\n    .globl {wrapped}\n'
                           f"    .type {wrapped}, @object\n    .balign 16\n{wrapped}:\n"
                           f'    .incbin "{os.path.abspath(output)}.dat"\n    .size {wrapped}, .-{wrapped}\n')
        assembly.write('    .section .note.GNU-stack,"",@progbits\n')
    subprocess.run([os.environ.get("CC", "cc"), "-c", source, "-o", output], check=True)


def check(found):
    """Fails unless the trimmed package, read back as ICU reads it, holds every kept item with
    the toolchain's bytes, its names in ICU's order (looked up by binary search). A toolchain
    without ICU's package passes with a note: its binary keeps ICU as it comes."""
    if not found:
        print("icu-data: no ICU package in this toolchain; nothing to trim")
        return
    original = {name: found[1][at:at + length] for name, at, length in items(found[1])[1]}
    package, kept = trimmed(found[1], set(KEPT))
    _, read_back = items(package)
    names = [name for name, _, _ in read_back]
    problems = []
    if names != sorted(names, key=lambda name: name.encode()):
        problems.append("the names are out of order")
    if names != kept or {name.split("/", 1)[-1] for name in names} != set(KEPT):
        problems.append(f"kept {names}, not {KEPT}")
    for name, at, length in read_back:
        if at % 16 or package[at:at + length] != original.get(name):
            problems.append(f"{name} differs from the toolchain's")
    if problems:
        sys.exit("icu-data: the trimmed package is wrong: " + "; ".join(problems))
    print(f"icu-data: {len(names)} items kept, {len(package):,} of {len(found[1]):,} bytes, each as the toolchain has it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", help="the object to write")
    parser.add_argument("--archive", help="lib_FoundationICU.a (default: the toolchain's)")
    parser.add_argument("--binaries", help="a folder whose spindle-full is removed when the object changes, so that it is linked again")
    parser.add_argument("--list", action="store_true", help="list the toolchain's items, the kept ones marked")
    parser.add_argument("--symbol", action="store_true", help="print the name of ICU's data for the link to wrap")
    parser.add_argument("--check", action="store_true",
                        help="trim the toolchain's package and read it back: every kept item, byte for byte, in order")
    options = parser.parse_args()
    archive = options.archive or toolchain_archive()
    if options.output and os.path.exists(options.output) and archive and \
            os.path.getmtime(options.output) >= max(os.path.getmtime(archive), os.path.getmtime(__file__)):
        return  # up to date: the archive is not read again
    member = archive_member(archive, MEMBER) if archive else None
    found = packaged_data(member) if member else None
    if options.symbol:
        print(found[0] if found else NO_SYMBOL)
        return
    if options.check:
        check(found)
        return
    if options.list:
        if not found:
            sys.exit("icu-data: no ICU package found in the toolchain")
        for name, _, length in items(found[1])[1]:
            print(f"{'kept ' if name.split('/', 1)[-1] in KEPT else '     '}{length:>10,}  {name}")
        return
    if not options.output:
        parser.error("--output is needed")
    symbol, data = None, b""
    if found:
        try:
            data, kept = trimmed(found[1], set(KEPT))
            symbol = found[0]
            missing = sorted(set(KEPT) - {name.split("/", 1)[-1] for name in kept})
            if missing:
                print(f"icu-data: the toolchain's ICU has no {', '.join(missing)}", file=sys.stderr)
        except (ValueError, struct.error) as error:
            print(f"icu-data: ICU's package not understood ({error}); spindle-full keeps ICU's full data", file=sys.stderr)
    else:
        print("icu-data: no ICU package in the toolchain's lib_FoundationICU.a; spindle-full keeps ICU's full data",
              file=sys.stderr)
    write_object(options.output, symbol, data)
    if options.binaries:
        binary = os.path.join(options.binaries, "spindle-full")
        if os.path.exists(binary):
            os.remove(binary)
    if symbol:
        print(f"icu-data: {len(kept)} of ICU's items kept, {len(data):,} of {len(found[1]):,} bytes ({options.output})")


if __name__ == "__main__":
    main()
