#!/usr/bin/env python3
# Writes assets/sample.png: a 64x48 RGB picture of four solid 32x24 quadrants, red (255, 0, 0)
# top left, green (0, 255, 0) top right, blue (0, 0, 255) bottom left and white bottom right,
# so that tests can check known pixels. Run from the repository root.
import struct, zlib

W, H = 64, 48
COLOURS = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (255, 255, 255)]]

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

rows = b"".join(b"\x00" + b"".join(bytes(COLOURS[y // 24][x // 32]) for x in range(W)) for y in range(H))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
with open("assets/sample.png", "wb") as f:
    f.write(png)
