#pragma once

#include <QDialog>

class QTextBrowser;

namespace Railyard {

/// Help ▸ Railyard Help (F1): the bundled documentation (docs/*.md, with
/// their links between one another) in a window of its own.
class HelpBrowser : public QDialog
{
    Q_OBJECT
public:
    explicit HelpBrowser(QWidget *parent = nullptr);
    /// Where the documentation is: installed beside the program
    /// (share/doc/railyard), else the source tree it was built from; empty
    /// when neither exists.
    static QString documentationDir();
    /// Shows a page of the documentation ("README.md", "cli.md"); false when
    /// the documentation or the page is missing (the window says so).
    bool showPage(const QString &page);
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace Railyard
