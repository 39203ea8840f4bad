"""The ratio table (printed last) and the JSON file of a benchmark run."""
import json
import os

LIB_COLUMNS = ("cupric", "cupy", "numpy")
NOT_IMPLEMENTED = "n/a (not implemented)"


def fmt(v):
    if v is None:
        return "-"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def cell(res):
    if res is None:
        return "-"
    status = res["status"]
    if status == "ok":
        return fmt(res["value"]) + ("" if res.get("check") in (None, "ok") else " !WRONG")
    return {"n/a": NOT_IMPLEMENTED, "absent": "absent", "skipped": "-", "error": "ERROR"}[status]


def ratio(row):
    """(value, against): > 1 means cupric is better. cupy/cupric for times, cupric/cupy for GB/s;
    against NumPy when CuPy has no figure."""
    res = row["results"]
    mine = res.get("cupric", {})
    if mine.get("status") != "ok" or row.get("is_baseline"):
        return None, None
    for other in ("cupy", "numpy"):
        theirs = res.get(other, {})
        if theirs.get("status") == "ok" and mine["value"] > 0 and theirs["value"] > 0:
            if row["metric"] == "GB/s":
                return mine["value"] / theirs["value"], other
            return theirs["value"] / mine["value"], other
    return None, None


def complete_rows(rows, judge_targets):
    """Adds ratio and target verdicts to each row (in place)."""
    for row in rows:
        row["ratio"], row["ratio_vs"] = ratio(row)
        mine = row["results"].get("cupric", {})
        value = mine.get("value") if mine.get("status") == "ok" else None
        target = row.get("target")
        met = None
        if target is not None and judge_targets:
            met = target.met(value, row.get("pct_memcpy"))
        row["met"] = met


def table(rows):
    head = ("case", "metric", "cupric", "cupy", "numpy", "ratio", "%memcpy", "target", "met")
    lines = []
    for row in rows:
        r = row["ratio"]
        rcell = "-" if r is None else f"{r:.2f}x" + (" (np)" if row["ratio_vs"] == "numpy" else "")
        pct = row.get("pct_memcpy")
        target = row.get("target")
        met = row.get("met")
        lines.append((row["name"], row["metric"], *(cell(row["results"].get(c)) for c in LIB_COLUMNS),
                      rcell, "-" if pct is None else f"{pct:.0f}%", target.label if target else "",
                      "" if target is None else ("-" if met is None else ("yes" if met else "NO"))))
    widths = [max(len(head[i]), *(len(ln[i]) for ln in lines)) if lines else len(head[i])
              for i in range(len(head))]
    sep = "  "

    def render(cells):
        return sep.join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [render(head), render(tuple("-" * w for w in widths))]
    out += [render(ln) for ln in lines]
    return "\n".join(out)


def slow_notes(rows):
    """A line for every host-time case with rounds taken while the machine ran slow (Note [Slow
    stretches] in bench/run.py)."""
    out = []
    for row in rows:
        res = {k: v for k, v in row["results"].items() if v.get("status") == "ok" and "all_rounds_us" in v}
        if not res:
            continue
        any_res = next(iter(res.values()))
        total, normal = len(any_res["rounds_us"]), any_res["normal_rounds"]
        if normal == total:
            continue
        alls = ", ".join(f"{k} {fmt(v['all_rounds_us'])}" for k, v in res.items())
        if normal is None:
            out.append(f"note {row['id']}: under a fifth of the {total} rounds ran at normal CPU speed; "
                       f"the figures are all rounds' medians ({alls})")
        else:
            out.append(f"note {row['id']}: {total - normal} of {total} rounds ran while the CPU was slow "
                       f"and are left out; all rounds' medians: {alls}")
    return out


def problems(rows):
    """Lines naming every error and failed correctness check (printed before the table)."""
    out = []
    for row in rows:
        for lib, res in row["results"].items():
            if res["status"] == "error":
                out.append(f"ERROR {row['id']} [{lib}]: {res['detail']}")
            elif res.get("check") not in (None, "ok"):
                out.append(f"WRONG {row['id']} [{lib}]: {res['check']}")
    return out


def legend(meta):
    cupy = "CuPy" if meta["libs"].get("cupy", {}).get("status") == "ok" else "NumPy (CuPy absent)"
    lines = [
        "ratio > 1 means cupric is better: cupy/cupric for times (us/call, ms), cupric/cupy for "
        f"GB/s; '(np)' marks a ratio against NumPy. Ratio is against {cupy} here.",
        f"%memcpy: cupric's GB/s over the raw-copy baseline of the same bytes ({meta['memcpy']}).",
        "GB/s counts bytes read + written (transfers: bytes moved once). Median of "
        f"{meta['config']['repeats']} device / {meta['config']['xfer_repeats']} transfer repeats; "
        f"host us/call: host time, median of {meta['config']['rounds']} rounds of "
        f"{meta['config']['host_n']} calls, each from an idle device, the libraries' rounds in turn "
        "with a host-only witness, rounds taken while the CPU ran slow left out (the notes above "
        "name them; Note [Slow stretches] in bench/run.py) (the JSON's wall_loop_us: "
        f"{meta['config'].get('loop_n', '-')} calls and one synchronise, the rate of a long loop).",
    ]
    if not meta["judge_targets"]:
        lines.append("met: '-' because targets are for cupric's CUDA backend on the H200.")
    return lines


def _jsonable(row):
    out = dict(row)
    t = out.get("target")
    out["target"] = None if t is None else {"op": t.op, "value": t.value, "label": t.label}
    return out


def write_json(path, meta, rows):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"meta": meta, "rows": [_jsonable(r) for r in rows]}, f, indent=1, default=str)
        f.write("\n")
