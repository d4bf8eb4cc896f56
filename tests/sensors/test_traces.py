"""load_trace: the contract format, recorded files, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from waage.sensors.traces import TraceError, TraceRow, load_trace


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "trace.csv"
    p.write_text(text)
    return p


def test_contract_grams_and_raw(tmp_path: Path) -> None:
    assert load_trace(write(tmp_path, "t_s,grams\n0,750\n0.1,749.5\n")) == [
        TraceRow(0.0, 750.0, "grams"), TraceRow(0.1, 749.5, "grams")]
    rows = load_trace(write(tmp_path, "raw,t_s\n2175069,0.5\n"))
    assert rows == [TraceRow(0.5, 2175069.0, "raw")]


def test_columns_rename_and_headerless(tmp_path: Path) -> None:
    p = write(tmp_path, "time,data\n0.823,2175069\n0.909,2175001\n")
    assert load_trace(p, columns=["t_s", "raw"])[1] == TraceRow(0.909, 2175001.0, "raw")
    p = write(tmp_path, "1576676374.04,3150.3\n1576676374.14,3149.4\n")
    assert len(load_trace(p, columns=["t_s", "grams"], header=False)) == 2


@pytest.mark.parametrize(
    "text,line,word",
    [
        ("time,grams\n0,1\n", 1, "t_s"),
        ("t_s,weight\n0,1\n", 1, "grams"),
        ("t_s,grams,raw\n0,1,2\n", 1, "exactly one"),
        ("t_s,grams\n0,1\n0.1,abc\n", 3, "non-numeric"),
        ("t_s,grams\n0,1\n0.2,1\n0.1,1\n", 4, "does not increase"),
        ("t_s,grams\n0,1\n0,1\n", 3, "does not increase"),
        ("t_s,grams\n0,1\n0.1\n", 3, "columns"),
        ("t_s,grams\n0,nan\n", 2, "non-finite"),
        ("t_s,grams\n", 1, "no data"),
        ("", 1, "empty"),
    ],
)
def test_errors_name_file_line_problem(tmp_path: Path, text: str, line: int, word: str) -> None:
    p = write(tmp_path, text)
    with pytest.raises(TraceError) as exc:
        load_trace(p)
    assert exc.value.line == line and word in exc.value.problem
    assert str(p) in str(exc.value) and f"line {line}" in str(exc.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="cannot open"):
        load_trace(tmp_path / "nope.csv")


def test_allow_backward_drops_rows(tmp_path: Path) -> None:
    p = write(tmp_path, "t_s,grams\n0,1\n0.2,2\n0.1,3\n0.3,4\n")
    assert [r.value for r in load_trace(p, allow_backward=True)] == [1.0, 2.0, 4.0]
