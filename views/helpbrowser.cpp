#include "views/helpbrowser.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace Railyard {

HelpBrowser::HelpBrowser(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("HelpBrowser"));
    setWindowTitle(tr("Railyard Help"));
    auto *layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);
    layout->addWidget(m_browser, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *back = buttons->addButton(tr("&Back"), QDialogButtonBox::ActionRole);
    QPushButton *home = buttons->addButton(tr("&Contents"), QDialogButtonBox::ActionRole);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(home, &QPushButton::clicked, this, [this] { showPage(QStringLiteral("README.md")); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(900, 700);
}

QString HelpBrowser::documentationDir()
{
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/railyard");
    for (const QString &dir : {installed, QStringLiteral(RAILYARD_SOURCE_DOCS)})
        if (QFileInfo(dir + QStringLiteral("/README.md")).isFile())
            return QDir(dir).canonicalPath();
    return {};
}

bool HelpBrowser::showPage(const QString &page)
{
    const QString dir = documentationDir();
    const QString path = dir.isEmpty() ? QString() : dir + QLatin1Char('/') + page;
    if (path.isEmpty() || !QFileInfo(path).isFile()) {
        m_browser->setPlainText(tr("The documentation was not found. It is installed with Railyard in "
                                   "share/doc/railyard, and is in the docs folder of its sources."));
        return false;
    }
    m_browser->setSearchPaths({dir});
    m_browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    return true;
}

} // namespace Railyard
