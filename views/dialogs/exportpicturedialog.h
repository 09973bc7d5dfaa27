#pragma once

#include "views/export/imageexporter.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QSpinBox;

namespace Railyard {

/// File ▸ Export Picture…: the visible view or the whole fabric, the
/// picture's size in pixels, and (whole fabric) the level of detail.
class ExportPictureDialog : public QDialog
{
    Q_OBJECT
public:
    /// visibleSize: the canvas's size, the default for the visible view.
    ExportPictureDialog(const QSize &visibleSize, QWidget *parent = nullptr);
    PictureOptions options() const;
    void setWholeFabric(bool whole);

private:
    void updateFields();

    QSize m_visibleSize;
    QComboBox *m_region = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QComboBox *m_detail = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace Railyard
