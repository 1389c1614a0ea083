#!/usr/bin/env python3
"""Regenerates the binary assets of the fixture sites in Tests/Fixtures/sites/.

The HTML, CSS, JS and SVG files there are written by hand; the small images, the
favicon and the webfont are made here so that their provenance is plain:

- PNGs and the favicon are drawn pixel by pixel (standard library only).
- The ad creatives are loud magenta on purpose: if one slips through the
  filter it is obvious in a screenshot.
- The webfont served from fonts.gstatic.com is a subset of Debian's
  Noto Naskh Arabic (fonts-noto-core, SIL Open Font License 1.1) to the
  Arabic block and the zero-width joiners; it needs fontTools and brotli
  (pip install fonttools brotli) and is skipped when they are missing.

Run from anywhere: python3 Tests/Fixtures/make_site_assets.py
"""
import os
import struct
import sys
import zlib

SITES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sites")


def write(rel, data):
    path = os.path.join(SITES, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    print(f"{len(data):7d}  {rel}")


def png(width, height, pixel):
    """An 8-bit RGBA PNG; pixel(x, y) returns (r, g, b, a)."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def flag_de(x, y):
    return [(0, 0, 0, 255), (221, 0, 0, 255), (255, 206, 0, 255)][min(y * 3 // 11, 2)]


def flag_ir(x, y):
    band = min(y * 3 // 11, 2)
    if band == 1 and 6 <= x <= 9 and 4 <= y <= 6:
        return (218, 0, 0, 255)  # the emblem, much simplified
    return [(35, 159, 64, 255), (255, 255, 255, 255), (218, 0, 0, 255)][band]


def speaker(x, y):
    blue = (31, 78, 121, 255)
    clear = (0, 0, 0, 0)
    if 2 <= x <= 4 and 6 <= y <= 9:
        return blue  # the box
    if 5 <= x <= 8 and abs(y - 7.5) <= (x - 3):
        return blue  # the cone
    r = ((x - 6) ** 2 + (y - 7.5) ** 2) ** 0.5
    if x > 9 and (4.6 <= r <= 5.6 or 7.2 <= r <= 8.2):
        return blue  # two sound waves
    return clear


def favicon_pixel(x, y):
    # a blue rounded square with a white "L"
    r = 5
    cx = min(max(x, r), 31 - r)
    cy = min(max(y, r), 31 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return (0, 0, 0, 0)
    if (9 <= x <= 13 and 6 <= y <= 25) or (9 <= x <= 23 and 21 <= y <= 25):
        return (255, 255, 255, 255)
    return (31, 78, 121, 255)


def ad_pixel(x, y):
    # magenta with diagonal yellow stripes: unmistakably an ad
    return (255, 230, 0, 255) if (x + y) // 12 % 4 == 0 else (230, 0, 180, 255)


def ico(png_bytes, size):
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png_bytes), 6 + 16)
    return header + entry + png_bytes


# The classic 1x1 transparent GIF that analytics endpoints answer with.
PIXEL_GIF = bytes.fromhex(
    "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


def main():
    site = "www.loghatnameh.de"
    write(f"{site}/img/flag-de.png", png(16, 11, flag_de))
    write(f"{site}/img/flag-ir.png", png(16, 11, flag_ir))
    write(f"{site}/img/speaker.png", png(16, 16, speaker))
    fav = png(32, 32, favicon_pixel)
    write(f"{site}/favicon.ico", ico(fav, 32))
    write(f"{site}/img/favicon-32.png", fav)

    write("ad.doubleclick.net/ddm/ad/N7284.loghatnameh/B2345678.728x90.png", png(728, 90, ad_pixel))
    write("ad.doubleclick.net/ddm/ad/N7284.loghatnameh/B2345679.300x250.png", png(300, 250, ad_pixel))
    write("googleads.g.doubleclick.net/pagead/images/ad-300x250.png", png(300, 250, ad_pixel))
    write("www.google-analytics.com/collect", PIXEL_GIF)

    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        print("fontTools missing: webfont not regenerated", file=sys.stderr)
        return
    source = "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf"
    if not os.path.exists(source):
        print(f"{source} missing (apt-get install fonts-noto-core): webfont not regenerated", file=sys.stderr)
        return
    font = TTFont(source)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(range(0x0600, 0x0700)) + [0x200C, 0x200D, 0x200E, 0x0020, 0x00A0])
    subsetter.subset(font)
    out = "fonts.gstatic.com/s/notonaskharabic/v33/RrQ5bpV-9Dd1b1OAGA6M9PkyDuVBePeKNaxcsss0Y7bwvc5krK0z9_Mnuw.woff2"
    path = os.path.join(SITES, out)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    font.flavor = "woff2"
    font.save(path)
    print(f"{os.path.getsize(path):7d}  {out}")


if __name__ == "__main__":
    main()
