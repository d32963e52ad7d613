#!/usr/bin/env python3
"""chart_svg.py FILE.svg OCC AXIS=X ... [drop:AXIS=X] [gain:AXIS=X] [span:AXIS=X]
                 [rows:AXIS=FILE.jsonl] [altrows:AXIS=FILE.jsonl] [alt:AXIS=1]

Checks the structure of a `kanalyze plot` SVG: three panels, each with its
axes (one L-shaped stroke), its grid (12.5 % steps), its occupancy step line
inside the axes, and the red current-point marker lying on that line at the
height of occupancy OCC (a fraction) and at the x of the launch (AXIS=X for
block, regs, smem, e.g. regs=128); drop:AXIS=X / gain:AXIS=X ask for a dashed
cliff line at that value, where the step line really changes level.
span:AXIS=X gives the axis's end (default block 1024, regs 256).
rows:AXIS=F reads `kanalyze occupancy --format jsonl` rows and checks that
the step line's level at each row's x (block, vgprs or regs, smem) is the
row's occupancy; altrows:AXIS=F does the same for the dashed purple
secondary series (AMD: without the AGPRs), alt:AXIS=1 asks that there is one
(alt:AXIS=0: that there is none).  The colours are the ones report.h fixes.
Exit 0 or 1 with the reasons."""
import json
import re
import sys
import xml.etree.ElementTree as ET

SERIES, CURRENT, DROP, GAIN, AXIS, GRID, ALT = 0x1F77B4, 0xD62728, 0xFF7F0E, 0x2CA02C, 0x222222, 0xDDDDDD, 0x9467BD
ORDER = ["block", "regs", "smem"]        # panels, left to right
NS = "{http://www.w3.org/2000/svg}"
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)
    return ok


def colour(style, key):
    m = re.search(key + r":rgb\(([\d.]+)%,([\d.]+)%,([\d.]+)%\)", style)
    if not m:
        return None
    r, g, b = (round(float(v) * 2.55) for v in m.groups())
    return (r << 16) | (g << 8) | b


def points(d):
    """Every coordinate pair of a path (M, L, C operands alike)."""
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    return list(zip(nums[0::2], nums[1::2]))


def on_polyline(p, pts, tol=1.0):
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if min(x0, x1) - tol <= p[0] <= max(x0, x1) + tol and min(y0, y1) - tol <= p[1] <= max(y0, y1) + tol:
            return True
    return False


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    root = ET.parse(sys.argv[1]).getroot()
    occ = float(sys.argv[2])
    want, files = {}, {}
    for a in sys.argv[3:]:
        kind, _, rest = a.partition(":") if ":" in a else ("", "", a)
        axis, _, x = rest.partition("=")
        if kind in ("rows", "altrows"):
            files[(kind, axis)] = [json.loads(l) for l in open(x) if l.strip()]
        else:
            want[(kind or "cur", axis)] = float(x)

    check(root.tag == NS + "svg", "root element is <svg>")
    check(root.get("viewBox") == "0 0 1280 500", "viewBox 0 0 1280 500, got %s" % root.get("viewBox"))
    check(root.find(NS + "title") is not None and "kanalyze occupancy charts" in root.find(NS + "title").text,
          "<title> names the chart")
    desc = root.find(NS + "desc")
    check(desc is not None and "occupancy=" in desc.text, "<desc> gives the figures")

    paths = []
    for p in root.iter(NS + "path"):
        style, d = p.get("style", ""), p.get("d", "")
        paths.append((colour(style, "stroke"), colour(style, "fill"), "dasharray" in style, points(d), style))

    axes = [pts for s, f, dash, pts, st in paths if s == AXIS and "stroke-width:1.5" in st and len(pts) == 3]
    if not check(len(axes) == 3, "three L-shaped axes, found %d" % len(axes)):
        return
    panels = []
    for pts in sorted(axes):
        (left, top), (_, bottom), (right, _) = pts
        check(abs(pts[1][0] - left) < 0.01 and abs(pts[2][1] - bottom) < 0.01, "axes are an L: %s" % pts)
        panels.append((left, top, right, bottom))

    def inside(pt, pn, tol=1.0):
        return pn[0] - tol <= pt[0] <= pn[2] + tol and pn[1] - tol <= pt[1] <= pn[3] + tol

    for i, pn in enumerate(panels):
        name = ORDER[i]
        left, top, right, bottom = pn
        grid = sorted({round(pts[0][1], 1) for s, f, dash, pts, st in paths
                       if s == GRID and len(pts) == 2 and inside(pts[0], pn) and abs(pts[0][1] - pts[1][1]) < 0.01})
        check(len(grid) == 8, "%s: 8 grid lines (12.5 %% steps), found %d" % (name, len(grid)))
        y100 = grid[0] - 0.5 if grid else top
        series = [pts for s, f, dash, pts, st in paths if s == SERIES and not dash and len(pts) >= 2
                  and all(inside(p, pn) for p in pts)]
        if not check(len(series) == 1, "%s: one occupancy line inside the axes, found %d" % (name, len(series))):
            continue
        line = series[0]
        check(abs(line[0][0] - left) < 1 and abs(line[-1][0] - right) < 2,
              "%s: the line spans the axis (%.1f..%.1f of %.1f..%.1f)" % (name, line[0][0], line[-1][0], left, right))
        for a, b in zip(line, line[1:]):
            check(abs(a[0] - b[0]) < 0.01 or abs(a[1] - b[1]) < 0.01, "%s: a step line (%s -> %s)" % (name, a, b))
        dots = [pts for s, f, dash, pts, st in paths if f == CURRENT and inside(pts[0], pn)]
        if not check(len(dots) == 1, "%s: one current-point marker, found %d" % (name, len(dots))):
            continue
        xs, ys = [p[0] for p in dots[0]], [p[1] for p in dots[0]]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        check(on_polyline(centre, line), "%s: the marker %s lies on the line" % (name, centre))
        y_occ = bottom - (bottom - y100) * occ
        check(abs(centre[1] - y_occ) < 1.5, "%s: marker at occupancy %.3f (y %.1f), drawn at y %.1f"
              % (name, occ, y_occ, centre[1]))
        span = want.get(("span", name), {"block": 1024.0, "regs": 256.0}.get(name))  # smem: the arch's limit
        if ("cur", name) in want:
            x = want[("cur", name)]
            px = left + (right - left) * x / span if span else left if x == 0 else None
            if px is not None:
                check(abs(centre[0] - px) < 1.5, "%s: marker at x=%g (%.1f px), drawn at %.1f" % (name, x, px, centre[0]))
        alts = [pts for s, f, dash, pts, st in paths if s == ALT and dash and len(pts) >= 2
                and all(inside(p, pn) for p in pts)]
        if ("alt", name) in want:
            check(len(alts) == int(want[("alt", name)]), "%s: %d secondary series, found %d"
                  % (name, int(want[("alt", name)]), len(alts)))
        for kind, pts in (("rows", line), ("altrows", alts[0] if alts else None)):
            rows = files.get((kind, name))
            if rows is None:
                continue
            if not check(pts is not None and span, "%s: %s needs the line and span:%s" % (name, kind, name)):
                continue
            for row in rows:
                x = row.get({"block": "block", "smem": "smem"}.get(name, "vgprs"), row.get("regs"))
                px = left + (right - left) * x / span
                level = [a[1] for a, b in zip(pts, pts[1:])
                         if abs(a[1] - b[1]) < 0.01 and min(a[0], b[0]) - 0.01 <= px <= max(a[0], b[0]) + 0.01]
                got = [(bottom - y) / (bottom - y100) for y in level]
                check(got and all(abs(g - row["occupancy"]) < 0.004 for g in got),
                      "%s: %s at %s=%g: the line says %s, the calculator %s"
                      % (name, kind, name, x, ["%.4f" % g for g in got], row["occupancy"]))
        for kind, rgb in (("drop", DROP), ("gain", GAIN)):
            dashed = [pts for s, f, dash, pts, st in paths if s == rgb and dash and len(pts) == 2 and inside(pts[0], pn)]
            if (kind, name) not in want:
                continue
            if not check(len(dashed) == 1, "%s: one dashed %s line, found %d" % (name, kind, len(dashed))):
                continue
            lx = dashed[0][0][0]
            if span:
                x = want[(kind, name)] + (-0.5 if kind == "drop" else 0.5)
                check(abs(lx - (left + (right - left) * x / span)) < 1,
                      "%s: %s line at %g, drawn at %.1f px" % (name, kind, x, lx))
            # the line changes level where the cliff line stands
            check(any(abs(a[0] - lx) < 1 and abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) > 1
                      for a, b in zip(line, line[1:])),
                  "%s: the occupancy line steps at the %s line (x %.1f)" % (name, kind, lx))
    for e in errors:
        print("FAIL  " + e)
    print("%s: %s" % (sys.argv[1], "structure ok" if not errors else "%d problems" % len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
