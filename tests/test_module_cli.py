"""``modgen build`` from the command line: output, progress, errors without tracebacks."""
from __future__ import annotations

import zipfile

from modgen.cli import main


def test_build_writes_the_module(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    out = tmp_path / "sub" / "if.vmod"
    assert main(["build", "italian-front", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "modgen build: validate" in err and "wrote" in err
    with zipfile.ZipFile(out) as zf:
        assert "buildFile.xml" in zf.namelist()
    # no temporary left over; the build cache beside the output (README: incremental builds)
    assert sorted(p.name for p in out.parent.iterdir()) == [".modgen-cache", "if.vmod"]
    assert sorted(p.name for p in (out.parent / ".modgen-cache").iterdir()) == [
        "module.json", "module.vmod", "parts.pack"]


def test_bad_data_is_an_error_and_writes_nothing(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    (data / "games" / "x.yaml").write_text("id: x\ntitle: [unclosed\n")
    out = tmp_path / "x.vmod"
    assert main(["build", "x", "--data", str(data), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "modgen:" in err
    assert not out.exists()
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".x.vmod.*"))


def test_unwritable_output_is_an_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["build", "-q", "-o", str(blocker / "m.vmod")]) == 2
    err = capsys.readouterr().err
    assert f"{blocker} is not a folder" in err and "Traceback" not in err


def test_output_into_a_missing_folder_is_an_error_not_a_new_folder(tmp_path, capsys):
    out = tmp_path / "typo" / "m.vmod"
    assert main(["build", "-q", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"modgen: {out}: the folder {out.parent} does not exist")
    assert not out.parent.exists()
    assert main(["build", "-q", "-o", str(tmp_path)]) == 2            # a directory as the output
    assert "is a directory" in capsys.readouterr().err


def test_read_only_folder_is_an_error(tmp_path, capsys):
    import os
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        if os.access(ro, os.W_OK):          # root ignores permissions: nothing to test
            return
        assert main(["build", "-q", "-o", str(ro / "m.vmod")]) == 2
        err = capsys.readouterr().err
        assert "cannot write the module" in err and "Traceback" not in err
    finally:
        ro.chmod(0o755)
