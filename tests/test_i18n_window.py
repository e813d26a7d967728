"""pytest-qt: the window in zh_CN shows Chinese menus, back in English without the translator;
the CLI's --lang renders findings and the PDF in Chinese."""

from pypdf import PdfReader
from PySide6.QtWidgets import QApplication

from designer import i18n
from designer.cli import main
from designer.ui.language import install_translator
from designer.ui.main_window import MainWindow


def _menu_titles(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_chinese_menus_then_english(qtbot):
    app = QApplication.instance()
    translator = install_translator(app, "zh_CN")
    assert translator is not None
    try:
        window = MainWindow()
        qtbot.addWidget(window)
        titles = _menu_titles(window)
        assert "文件(&F)" in titles and "帮助(&H)" in titles
        assert window.palette_dock.windowTitle() == "组件库"
        assert i18n.current_language() == "zh_CN"
    finally:
        app.removeTranslator(translator)
        i18n.set_language("en")
    window = MainWindow()
    qtbot.addWidget(window)
    assert "&File" in _menu_titles(window)
    assert window.palette_dock.windowTitle() == "Palette"


def test_check_lang_prints_chinese_findings(tmp_path, capsys):
    design = tmp_path / "d.json"
    assert main(["generate", "leaf-spine", "--gpus", "64", "--oversubscription", "2", "--two-tiers",
                 "-o", str(design)]) == 0
    capsys.readouterr()
    try:
        main(["check", str(design), "--lang", "zh_CN"])
        out = capsys.readouterr().out
    finally:
        i18n.set_language("en")
    assert "收敛比" in out and "个错误" in out
    main(["check", str(design)])
    assert "error(s)" in capsys.readouterr().out


def test_bad_language_is_one_line(capsys):
    assert main(["--lang", "xx", "check", "nothing.json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown language 'xx'" in err[0]


def test_report_lang_zh_has_chinese_headings(tmp_path):
    design = tmp_path / "d.json"
    pdf = tmp_path / "p.pdf"
    assert main(["generate", "leaf-spine", "--gpus", "16", "-o", str(design)]) == 0
    try:
        assert main(["report", str(design), "-o", str(pdf), "--lang", "zh_CN", "--workload", "allreduce:64MiB"]) == 0
    finally:
        i18n.set_language("en")
    text = "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)
    for heading in ("执行摘要", "成本与总拥有成本", "设计规则检查结果"):
        assert heading in text.replace(" ", ""), heading
