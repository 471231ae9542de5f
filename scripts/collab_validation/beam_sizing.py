"""The checks of beam_sizing and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets

T, C, N = "beam_sizing", "beam_check.csv", "calc_note.md"
SECTIONS = [("IPE 160", 109), ("IPE 200", 194), ("IPE 240", 324), ("IPE 270", 429), ("IPE 300", 557)]
beams = []
for r in csv.DictReader((BANK / T / "reference/beam_loads.csv").read_text().splitlines()):
    L, w = float(r["span_m"]), float(r["uniform_load_kN_per_m"])
    M = w * L * L / 8
    S = M * 1000 / 165
    name, prov = next(s for s in SECTIONS if s[1] >= S)
    beams.append((r["beam"], L, w, M, S, name, prov, S / prov))
KEY = "beam"
set_checks(
    T,
    {
        "C1": {
            "reads": [C],
            "check": {
                "kind": "values",
                "file": C,
                "key": KEY,
                "tolerance": 0.06,
                "expect": {b[0]: {"m_max|moment": round(b[3], 2)} for b in beams},
            },
        },
        "C2": {
            "reads": [C],
            "check": {
                "kind": "values",
                "file": C,
                "key": KEY,
                "tolerance": 0.06,
                "expect": {b[0]: {"s_req|s required|required": round(b[4], 1)} for b in beams},
            },
        },
        "C3": {
            "reads": [C],
            "check": {
                "kind": "values",
                "file": C,
                "key": KEY,
                "expect": {
                    b[0]: {
                        "chosen section|chosen_section|section": [b[5], b[5].replace(" ", "")],
                        "s provided|s_provided|s_prov|provided": b[6],
                        "utilisation|utilization|util|ratio": {
                            "regex": "^\\s*0?\\.\\d+\\s*$|^\\s*\\d{1,2}(\\.\\d+)?\\s*%\\s*$"
                        },
                    }
                    for b in beams
                },
            },
        },
        "D1": {
            "reads": [C],
            "check": [
                {
                    "kind": "columns",
                    "file": C,
                    "columns": [
                        "beam",
                        "span",
                        "load",
                        "m_max|moment",
                        "s_req|s required",
                        "chosen section|chosen_section|section",
                        "s provided|s_provided",
                        "utilisation|utilization",
                    ],
                },
                {"kind": "rows", "file": C, "count": 4},
            ],
        },
        "D2": {
            "reads": [N],
            "check": {
                "kind": "states",
                "file": N,
                "figures": [
                    {"regex": "w\\s*[*x\u00b7]?\\s*L\\s*(\\^\\s*2|\u00b2|\\*\\*\\s*2)\\s*/\\s*8"},
                    {"regex": "/\\s*165"},
                    [round(b[4], 1) for b in beams],
                    ["IPE 200", "IPE200"],
                    ["IPE 270", "IPE270"],
                ],
            },
        },
        "R1": {
            "reads": [C, N],
            "check": [
                {
                    "kind": "states",
                    "file": N,
                    "figures": [["kN m", "kNm", "kN\u00b7m", "kN-m", "kN.m"], ["cm3", "cm^3", "cm\u00b3"]],
                },
                {
                    "kind": "states",
                    "file": C,
                    "figures": [["kN m", "kNm", "kN\u00b7m", "kN-m", "kN.m", "kn_m"], ["cm3", "cm^3", "cm\u00b3"]],
                },
            ],
        },
        "R2": {
            "reads": [N],
            "check": {
                "kind": "states",
                "file": N,
                "figures": [165, ["MPa", "N/mm2", "N/mm\u00b2"], ["design basis", "design_basis"]],
            },
        },
        "T1": {"reads": [N]},
        "T2": {
            "reads": [C],
            "check": {
                "kind": "values",
                "file": C,
                "key": KEY,
                "tolerance": 0.006,
                "expect": {b[0]: {"utilisation|utilization|util|ratio": round(b[7], 3)} for b in beams},
            },
        },
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["beam", "span_m", "load_kN_per_m", "M_max_kN_m", "S_req_cm3", "chosen_section", "S_provided_cm3", "utilisation"]
right_csv = table(
    [H] + [[b[0], f"{b[1]:.1f}", f"{b[2]:.1f}", f"{b[3]:.2f}", f"{b[4]:.1f}", b[5], b[6], f"{b[7]:.3f}"] for b in beams]
)
right_note = """# Calculation note: floor beams B1-B4

Design basis (design_basis.pdf): simply supported beams under a uniform load w (kN/m) over span L (m);
allowable bending stress 165 MPa; choose the lightest IPE section whose elastic modulus S is at least S_req.

## Formulas

- Maximum moment at midspan: M = w L^2 / 8 (kN m)
- Required section modulus: S_req = M x 1000 / 165 (cm3)
- Utilisation = S_req / S provided

## Worked example: B3

- w = 18.0 kN/m, L = 5.0 m
- M = 18.0 kN/m x (5.0 m)^2 / 8 = 56.25 kN m
- S_req = 56.25 kN m x 1000 / 165 MPa = 340.9 cm3
- IPE 240 gives 324 cm3 < 340.9 cm3 (fails); IPE 270 gives 429 cm3 >= 340.9 cm3, so IPE 270
- Utilisation = 340.9 cm3 / 429 cm3 = 0.795

## Results

| beam | M (kN m) | S_req (cm3) | section | S (cm3) | utilisation |
|---|---|---|---|---|---|
""" + "".join(f"| {b[0]} | {b[3]:.2f} | {b[4]:.1f} | {b[5]} | {b[6]} | {b[7]:.3f} |\n" for b in beams)


# partial: moments right, S_req with 1000/165 forgotten units? -> uses 235 MPa (wrong stress) so sections too light
def sized(stress):
    out = []
    for b in beams:
        S = b[3] * 1000 / stress
        name, prov = next(s for s in SECTIONS if s[1] >= S)
        out.append((b[0], b[1], b[2], b[3], S, name, prov, S / prov))
    return out


p = sized(235)
partial_csv = table([H] + [[b[0], b[1], b[2], f"{b[3]:.2f}", f"{b[4]:.1f}", b[5], b[6], f"{b[7]:.3f}"] for b in p])
partial_note = """# Beam check

M = w L^2 / 8 and S_req = M x 1000 / fy with fy = 235 MPa (S235 steel).
Results are in beam_check.csv.
"""
# wrong: M = w L^2 / 4 (point-load formula), stress 165 but sections picked by span
wrong = []
for b in beams:
    M = b[2] * b[1] ** 2 / 4
    S = M * 1000 / 165
    wrong.append([b[0], b[1], b[2], f"{M:.2f}", f"{S:.1f}", "IPE 160", 109, f"{S / 109:.2f}"])
wrong_csv = table([H] + wrong)
wrong_note = """# Beam check

I used M = w L^2 / 4 for each beam and picked IPE 160 for all of them to keep the floor light.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {C: wrong_csv, N: wrong_note},
            "note": "Moments with wL^2/4 (twice the right value), so every S_req is wrong, and IPE 160 chosen for every beam although it fails (utilisation above 1); no worked example, no units, no design basis.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 15, "D2": 2, "R1": 0, "R2": 0, "T1": 0, "T2": 3},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {C: partial_csv, N: partial_note},
            "note": "Moments right, but S_req uses 235 MPa instead of the design basis's 165 MPa, so the moduli are too small and B2-B4 get sections that are too light; a two-line note without a worked example.",
            "items": {"C1": 15, "C2": 0, "C3": 3, "D1": 15, "D2": 3, "R1": 5, "R2": 0, "T1": 0, "T2": 4},
        },
        {
            "name": "right",
            "label": "right",
            "files": {C: right_csv, N: right_note},
            "note": "Written from the loads and the design basis: moments, moduli, lightest adequate IPE sections, utilisation, and a note with formulas and a worked example.",
        },
    ],
)
