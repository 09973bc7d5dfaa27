#include "views/dialogs/exportpicturedialog.h"

#include "views/canvas/fabriccanvas.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace Railyard {

ExportPictureDialog::ExportPictureDialog(const QSize &visibleSize, QWidget *parent)
    : QDialog(parent)
    , m_visibleSize(visibleSize)
{
    setObjectName(QStringLiteral("ExportPictureDialog"));
    setWindowTitle(tr("Export Picture"));
    auto *form = new QFormLayout(this);

    m_region = new QComboBox(this);
    m_region->setObjectName(QStringLiteral("region"));
    m_region->addItem(tr("The visible view"));
    m_region->addItem(tr("The whole fabric"));
    form->addRow(tr("&Export:"), m_region);

    auto *sizeRow = new QHBoxLayout;
    m_width = new QSpinBox(this);
    m_width->setObjectName(QStringLiteral("width"));
    m_height = new QSpinBox(this);
    m_height->setObjectName(QStringLiteral("height"));
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(100, 20000);
        box->setSuffix(tr(" px"));
        box->setGroupSeparatorShown(true);
    }
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    // A label for a row of widgets needs its buddy, or it shows the '&'.
    auto *sizeLabel = new QLabel(tr("&Size:"), this);
    sizeLabel->setBuddy(m_width);
    form->addRow(sizeLabel, sizeRow);

    m_detail = new QComboBox(this);
    m_detail->setObjectName(QStringLiteral("detail"));
    m_detail->addItem(tr("As the size gives"), -1);
    m_detail->addItem(tr("Pods"), static_cast<int>(FabricCanvas::Detail::Pods));
    m_detail->addItem(tr("Scalable units"), static_cast<int>(FabricCanvas::Detail::ScalableUnits));
    m_detail->addItem(tr("Racks and switches"), static_cast<int>(FabricCanvas::Detail::Racks));
    m_detail->addItem(tr("Every host and link"), static_cast<int>(FabricCanvas::Detail::Elements));
    form->addRow(tr("&Detail:"), m_detail);

    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    form->addRow(m_note);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);

    connect(m_region, &QComboBox::currentIndexChanged, this, &ExportPictureDialog::updateFields);
    updateFields();
}

void ExportPictureDialog::setWholeFabric(bool whole)
{
    m_region->setCurrentIndex(whole ? 1 : 0);
}

void ExportPictureDialog::updateFields()
{
    const bool whole = m_region->currentIndex() == 1;
    const QSize size = whole ? QSize(2400, 1350) : m_visibleSize * 2; // twice the screen: sharp when printed
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_detail->setEnabled(whole);
    if (!whole)
        m_detail->setCurrentIndex(0);
    m_note->setText(whole ? tr("The whole fabric fitted to the picture. Every host and link of a large fabric "
                               "makes a large file.")
                          : tr("What the canvas shows now, scaled to the picture. A PDF fills an A3 page."));
}

PictureOptions ExportPictureDialog::options() const
{
    PictureOptions o;
    o.wholeFabric = m_region->currentIndex() == 1;
    o.size = QSize(m_width->value(), m_height->value());
    if (const int d = m_detail->currentData().toInt(); d >= 0)
        o.detail = d;
    return o;
}

} // namespace Railyard
