#pragma once

#include <QPointer>
#include <QWidget>

#include <string>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace Railyard {

class FabricDocument;

/// The editing part of the Properties dock, shown in Edit mode: the id of a
/// single selected element (renamed on Enter, uniqueness checked live) and the
/// shared properties of the selection — capacity of links; model, radix and
/// tier of switches; GPU model and NVLink domain of hosts (an empty domain
/// takes the hosts out of theirs). Each field shows the common value or
/// "mixed"; Apply sets the fields the user changed on every element that has
/// them with one FabricDocument::setProperties call (one undo step).
class SelectionEditor : public QWidget
{
    Q_OBJECT
public:
    explicit SelectionEditor(QWidget *parent = nullptr);
    /// Follows the document's selection; null (or an empty selection) hides the editor.
    void setDocument(FabricDocument *document);

    /// Renames the single selected element to the id typed. False when the id
    /// is unchanged or invalid, or the document refused it.
    bool rename();
    /// Applies the changed fields. False when none changed or the document refused.
    bool apply();

private:
    void refresh();
    void updateRenameProblem();
    void updateApply();

    QPointer<FabricDocument> m_document;
    QFormLayout *m_form = nullptr;
    QLabel *m_header = nullptr;
    QLineEdit *m_id = nullptr;
    QLabel *m_idProblem = nullptr;
    QDoubleSpinBox *m_capacity = nullptr;
    QLineEdit *m_model = nullptr;
    QSpinBox *m_radix = nullptr;
    QComboBox *m_tier = nullptr;
    QLineEdit *m_gpuModel = nullptr;
    QLineEdit *m_nvlinkDomain = nullptr;
    QPushButton *m_apply = nullptr;
    std::string m_renaming; ///< the element the id field names
    bool m_capacityDirty = false;
    bool m_modelDirty = false;
    bool m_radixDirty = false;
    bool m_tierDirty = false;
    bool m_gpuModelDirty = false;
    bool m_nvlinkDomainDirty = false;
};

} // namespace Railyard
