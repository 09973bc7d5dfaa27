// The German catalogue: translations/railyard_de.ts is complete (nothing
// unfinished, placeholders and accelerators kept), its compiled .qm translates
// known strings, and the main window built under it shows German menus
// without clashing accelerators.

#include "views/mainwindow.h"

#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace Railyard;

namespace {

struct TsMessage
{
    QString context;
    QString source;
    QStringList translations; // one, or the numerus forms
    QString type;             // "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
};

QList<TsMessage> readTs(const QString &path, QString *error)
{
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("context")) {
            context.clear();
        } else if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            TsMessage m;
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("source")) {
                    m.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    m.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (m.numerus) {
                        while (xml.readNextStartElement()) {
                            if (xml.name() == QLatin1String("numerusform"))
                                m.translations << xml.readElementText();
                            else
                                xml.skipCurrentElement();
                        }
                    } else {
                        m.translations << xml.readElementText();
                    }
                } else {
                    xml.skipCurrentElement();
                }
            }
            messages << m;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

/// The accelerator letter of a menu text ("&Datei" -> 'd'), or a null QChar.
QChar accelerator(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}


/// The first accelerator shared by two menus, or by two entries of one menu,
/// described; empty when there is none.
QString acceleratorClash(const MainWindow &window)
{
    QSet<QChar> menuKeys;
    for (QAction *menuAction : window.menuBar()->actions()) {
        const QChar menuKey = accelerator(menuAction->text());
        if (menuKeys.contains(menuKey))
            return menuAction->text();
        menuKeys.insert(menuKey);
        QSet<QChar> keys;
        for (QAction *action : menuAction->menu()->actions()) {
            const QChar key = accelerator(action->text());
            if (key.isNull())
                continue;
            if (keys.contains(key))
                return menuAction->text() + QLatin1String(": ") + action->text();
            keys.insert(key);
        }
    }
    return {};
}

} // namespace

class TestTranslation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_translation"));
        QVERIFY2(m_translator.load(QStringLiteral(RAILYARD_DE_QM)), RAILYARD_DE_QM);
        QVERIFY(QCoreApplication::installTranslator(&m_translator));
    }

    void tsIsComplete()
    {
        QString error;
        const QList<TsMessage> messages = readTs(QStringLiteral(RAILYARD_DE_TS), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int translated = 0;
        QStringList unfinished;
        for (const TsMessage &m : messages) {
            if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
                continue;
            const QString where = m.context + QLatin1String(": ") + m.source;
            if (m.type == QLatin1String("unfinished")) {
                unfinished << where;
                continue;
            }
            // German has two plural forms; every form must be filled in.
            QCOMPARE(m.translations.size(), m.numerus ? 2 : 1);
            for (const QString &t : m.translations) {
                QVERIFY2(!t.isEmpty(), qPrintable(where));
                QVERIFY2(placeholders(t) == placeholders(m.source), qPrintable(where + QLatin1String(" -> ") + t));
                QVERIFY2(accelerator(t).isNull() == accelerator(m.source).isNull(),
                         qPrintable(where + QLatin1String(" -> ") + t));
            }
            ++translated;
        }
        QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(QLatin1Char('\n'))));
        QVERIFY2(translated > 100, qPrintable(QString::number(translated)));
    }

    void translatesKnownStrings_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("german");
        auto row = [](const char *context, const char *source, const QString &german) {
            QTest::addRow("%s: %s", context, source) << QString::fromUtf8(context) << QString::fromUtf8(source) << german;
        };
        row("Railyard::MainWindow", "&File", QStringLiteral("&Datei"));
        row("Railyard::MainWindow", "&Open…", QStringLiteral("Ö&ffnen…"));
        row("Railyard::MainWindow", "Open &Recent", QStringLiteral("&Zuletzt geöffnet"));
        row("Railyard::MainWindow", "Save &As…", QStringLiteral("Speichern &unter…"));
        row("Railyard::MainWindow", "&Undo", QStringLiteral("&Rückgängig"));
        row("Railyard::MainWindow", "&Redo", QStringLiteral("&Wiederherstellen"));
        row("Railyard::MainWindow", "&View", QStringLiteral("&Ansicht"));
        row("Railyard::MainWindow", "&Fit to View", QStringLiteral("&Einpassen"));
        row("Railyard::MainWindow", "&Help", QStringLiteral("&Hilfe"));
        row("Railyard::MainWindow", "About Railyard", QStringLiteral("Über Railyard"));
        // Shortcuts stay as in the source: QKeySequence maps them.
        row("Railyard::MainWindow", "Ctrl+E", QStringLiteral("Ctrl+E"));
        row("Railyard::MainWindow", "Ctrl+Shift+R", QStringLiteral("Ctrl+Shift+R"));
        row("Railyard::AnalysisDock", "Bisection bandwidth", QStringLiteral("Bisektionsbandbreite"));
        row("Railyard::AnalysisDock", "Analysis", QStringLiteral("Analyse"));
        row("Railyard::PropertiesDock", "Oversubscription", QStringLiteral("Überbuchung"));
        row("Railyard::PropertiesDock", "Scalable unit", QStringLiteral("Scalable Unit (SU)"));
        row("Railyard::FabricCanvas", "Switch oversubscription (down : up)",
            QStringLiteral("Switch-Überbuchung (abwärts : aufwärts)"));
        row("Railyard::ReportExporter", "Cannot write the report %1: %2",
            QStringLiteral("Der Bericht %1 kann nicht geschrieben werden: %2"));
        row("AnalysisCharts", "leaf", QStringLiteral("Leaf"));
        row("QObject", "Set capacity of %1", QStringLiteral("Kapazität von %1 festlegen"));
        row("Railyard::EditActions", "&Draw", QStringLiteral("&Zeichnen"));
        row("Railyard::EditOperations", "Delete %1 and its %2 links?", QStringLiteral("%1 und seine %2 Links löschen?"));
        row("main", "Topology designer for AI training networks.",
            QStringLiteral("Topologie-Designer für KI-Trainingsnetzwerke."));
    }

    void translatesKnownStrings()
    {
        QFETCH(QString, context);
        QFETCH(QString, source);
        QFETCH(QString, german);
        QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()), german);
    }

    void translatesPlurals()
    {
        QCOMPARE(QCoreApplication::translate("Railyard::FabricDocument", "Fail %n elements", nullptr, 1),
                 QStringLiteral("1 Element ausfallen lassen"));
        QCOMPARE(QCoreApplication::translate("Railyard::FabricDocument", "Fail %n elements", nullptr, 3),
                 QStringLiteral("3 Elemente ausfallen lassen"));
        QCOMPARE(QCoreApplication::translate("Railyard::AnalysisDock", " · %n link(s) in the cut", nullptr, 1),
                 QStringLiteral(" · 1 Link im Schnitt"));
    }

    void mainWindowIsGerman()
    {
        MainWindow window;
        const QString clash = acceleratorClash(window);
        QVERIFY2(clash.isEmpty(), qPrintable(clash));
        QStringList titles;
        for (QAction *menuAction : window.menuBar()->actions())
            titles << menuAction->text();
        QCOMPARE(titles, (QStringList{QStringLiteral("&Datei"), QStringLiteral("&Bearbeiten"),
                                      QStringLiteral("&Zeichnen"), QStringLiteral("&Ansicht"),
                                      QStringLiteral("&Inventar"), QStringLiteral("&Hilfe")}));
    }

    void englishMenusHaveNoClashes()
    {
        QVERIFY(QCoreApplication::removeTranslator(&m_translator));
        QString clash, first;
        {
            MainWindow window;
            clash = acceleratorClash(window);
            first = window.menuBar()->actions().value(0)->text();
        }
        QVERIFY(QCoreApplication::installTranslator(&m_translator)); // before any check can return
        QVERIFY2(clash.isEmpty(), qPrintable(clash));
        QCOMPARE(first, QStringLiteral("&File"));
    }

private:
    QTranslator m_translator;
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
