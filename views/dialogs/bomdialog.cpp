#include "views/dialogs/bomdialog.h"
#include "views/niceaxis.h"
#include "views/appsettings.h"

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

namespace Railyard {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QChartView *tierChart(const QString &title, const QString &unit, const QStringList &tiers, const QList<qreal> &values,
                      QWidget *parent)
{
    auto *set = new QBarSet(unit);
    set->append(values);
    set->setLabelColor(parent ? parent->palette().color(QPalette::WindowText) : QColor(Qt::black)); // not white on white
    auto *series = new QBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    auto *chart = new QChart;
    chart->addSeries(series);
    chart->setTitle(title);
    chart->legend()->hide();
    auto *x = new QBarCategoryAxis;
    x->append(tiers);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis;
    y->setTitleText(unit);
    qreal top = 0;
    for (const qreal v : values)
        top = std::max(top, v);
    applyNiceAxis(y, top); // round steps, a step of room above the tallest bar for its label
    chart->addAxis(y, Qt::AlignLeft);
    // Category labels ("host-leaf", "leaf-spine") and bar labels must not be clipped.
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(4);
    x->setLabelsAngle(tiers.size() > 4 ? -30 : 0);
    chart->setMargins(QMargins(6, 6, 12, 6));
    series->attachAxis(y);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(240);
    view->setMinimumWidth(std::max<int>(280, int(tiers.size()) * 90));
    return view;
}

} // namespace

BomDialog::BomDialog(FabricDocument *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_catalog(BomCatalog::defaults())
{
    setObjectName(QStringLiteral("BomDialog"));
    setWindowTitle(tr("Bill of Materials"));
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_catalogLabel = new QLabel(this);
    m_catalogLabel->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_catalogLabel);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("BomTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 2);
    m_charts = new QWidget(this);
    new QHBoxLayout(m_charts);
    m_charts->layout()->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_charts, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *catalog = buttons->addButton(tr("Load &Catalogue…"), QDialogButtonBox::ActionRole);
    QPushButton *builtIn = buttons->addButton(tr("&Built-in Catalogue"), QDialogButtonBox::ActionRole);
    QPushButton *plan = buttons->addButton(tr("Export Cabling &Plan…"), QDialogButtonBox::ActionRole);
    connect(catalog, &QPushButton::clicked, this, &BomDialog::loadCatalog);
    connect(builtIn, &QPushButton::clicked, this, [this] {
        setCatalogPath(QString());
        AppSettings::setCatalogPath(QString());
    });
    connect(plan, &QPushButton::clicked, this, &BomDialog::exportPlan);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 680);

    QString error;
    const QString saved = AppSettings::catalogPath();
    if (saved.isEmpty() || !setCatalogPath(saved, &error))
        setCatalogPath(QString());
}

bool BomDialog::setCatalogPath(const QString &path, QString *error)
{
    if (path.isEmpty()) {
        m_catalog = BomCatalog::defaults();
        m_catalogPath.clear();
    } else {
        std::optional<BomCatalog> catalog = AppSettings::readCatalog(path, error);
        if (!catalog)
            return false;
        m_catalog = std::move(*catalog);
        m_catalogPath = path;
    }
    rebuild();
    return true;
}

void BomDialog::loadCatalog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a Switch and NIC Catalogue"), m_catalogPath,
                                                      tr("Catalogue (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!setCatalogPath(path, &error)) {
        QMessageBox::warning(this, tr("Cannot Load the Catalogue"), error);
        return;
    }
    AppSettings::setCatalogPath(path); // the catalogue of Preferences too
}

void BomDialog::rebuild()
{
    if (!m_document)
        return;
    m_bom = buildBom(m_document->fabric(), m_catalog);
    const QLocale locale;
    const QString currency = qs(m_bom.currency);
    m_summary->setText(tr("<b>%1</b>: %2 switches, %3 cables, %4 transceivers — %5 %6, %7 kW")
                           .arg(qs(m_bom.fabric).toHtmlEscaped(), locale.toString(m_bom.switches),
                                locale.toString(m_bom.cables), locale.toString(m_bom.transceivers),
                                locale.toString(m_bom.price, 'f', 0), currency,
                                locale.toString(m_bom.watts / 1000, 'f', 1)));
    m_catalogLabel->setText(m_catalogPath.isEmpty() ? tr("Prices and power: the built-in catalogue")
                                                    : tr("Prices and power: %1").arg(m_catalogPath));

    const QStringList headers{tr("Category"),   tr("Item"),  tr("Tier"),      tr("Count"),
                              tr("Unit price"), tr("Price"), tr("Power (W)"), tr("Description")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(m_bom.lines.size()));
    for (int r = 0; r < int(m_bom.lines.size()); ++r) {
        const BomLine &l = m_bom.lines[size_t(r)];
        const QStringList cells{qs(l.category),
                                qs(l.item),
                                qs(l.tier),
                                locale.toString(l.count),
                                locale.toString(l.unitPrice, 'f', 0),
                                locale.toString(l.price(), 'f', 0),
                                locale.toString(l.watts(), 'f', 0),
                                qs(l.description)};
        for (int c = 0; c < int(cells.size()); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= 3 && c <= 6)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }

    QStringList tiers;
    QList<qreal> cost, power;
    for (const BomTierTotal &t : m_bom.tiers) {
        tiers << qs(t.tier);
        cost << t.price / 1000;
        power << t.watts / 1000;
    }
    QLayout *charts = m_charts->layout();
    while (QLayoutItem *item = charts->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    charts->addWidget(tierChart(tr("Cost per tier"), tr("k%1").arg(currency), tiers, cost, m_charts));
    charts->addWidget(tierChart(tr("Power per tier"), tr("kW"), tiers, power, m_charts));
}

void BomDialog::exportPlan()
{
    if (!m_document)
        return;
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Cabling Plan"), QString(),
        tr("Cabling plan (*.csv);;NetBox cable import (*.netbox.csv);;ibnetdiscover topology (*.ibnetdiscover)"),
        &selected);
    if (path.isEmpty())
        return;
    QString error;
    if (path.endsWith(QLatin1String(".netbox.csv")) || path.endsWith(QLatin1String(".ibnetdiscover"))) {
        if (!FormatRegistry::instance().writeFile(m_document->fabric(), path, &error))
            QMessageBox::warning(this, tr("Cannot Export"), error);
        return;
    }
    QSaveFile file(path);
    const std::string csv = cablingPlanCsv(cablingPlan(m_document->fabric(), m_catalog));
    if (!file.open(QIODevice::WriteOnly) || file.write(csv.data(), qint64(csv.size())) != qint64(csv.size())
        || !file.commit())
        QMessageBox::warning(this, tr("Cannot Export"), tr("%1: %2").arg(path, file.errorString()));
}

} // namespace Railyard
