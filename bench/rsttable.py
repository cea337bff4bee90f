# SPDX-License-Identifier: GPL-2.0-only
#
# bench/rsttable.py: what the benchmark reports (bench/report.py,
# bench/esp-report.py) share: the number format of their tables and the
# reStructuredText simple table they write.


def fmt(x):
    """a figure with three significant digits or more"""
    return f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def rst_table(header, rows):
    """a simple table: columns as wide as their widest cell"""
    cols = list(zip(*([header] + rows)))
    wid = [max(len(str(c)) for c in col) for col in cols]
    sep = "  ".join("=" * w for w in wid)
    out = [sep, "  ".join(str(h).ljust(w) for h, w in zip(header, wid)), sep]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, wid)) for r in rows]
    out.append(sep)
    return "\n".join(out)
