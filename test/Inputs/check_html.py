#!/usr/bin/env python3
"""Checks a --format=html report for what makes it one self-contained page:
no script, no stylesheet or image fetched, no link off the page. Then, with
a screenshot, checks the PNG a headless browser made of it is a picture of
a page (a PNG of the window's size, not blank).

    check_html.py REPORT.html [SCREENSHOT.png WIDTH HEIGHT]"""
import html.parser
import struct
import sys
import zlib


class Fetches(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            self.problems.append("<%s> fetches or runs something" % tag)
        href = attrs.get("href") or ""
        if href and not href.startswith("#"):
            self.problems.append("link off the page: %s" % href)


def check_png(path, width, height):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("check_html: %s is not a PNG" % path)
    w, h = struct.unpack(">II", data[16:24])
    if (w, h) != (width, height):
        sys.exit("check_html: screenshot is %dx%d, expected %dx%d" %
                 (w, h, width, height))
    # A blank page compresses to almost nothing.
    idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                    for i in range(8, len(data) - 12)
                    if data[i + 4:i + 8] == b"IDAT")
    if len(zlib.decompress(idat)) and len(idat) < 5000:
        sys.exit("check_html: the screenshot looks blank (%d bytes)" % len(idat))
    print("screenshot %dx%d" % (w, h))


def main():
    parser = Fetches()
    parser.feed(open(sys.argv[1], encoding="utf-8").read())
    if parser.problems:
        sys.exit("check_html: not self-contained: " + "; ".join(parser.problems))
    print("self-contained")
    if len(sys.argv) == 5:
        check_png(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))


if __name__ == "__main__":
    main()
