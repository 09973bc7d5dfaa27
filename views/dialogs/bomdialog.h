#pragma once

#include "core/bom/bom.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QTableWidget;

namespace Railyard {

class FabricDocument;

/// Inventory ▸ Bill of Materials…: switches per tier and model with ports
/// used and free, cables and transceivers by length class, their cost and
/// power from the catalog (the built-in one, or a JSON file of the user's:
/// Load Catalogue…, the file Edit ▸ Preferences chose), and charts of cost and power per tier. The
/// cabling plan and NetBox's cable CSV are exported from here too.
class BomDialog : public QDialog
{
    Q_OBJECT
public:
    BomDialog(FabricDocument *document, QWidget *parent = nullptr);
    const BillOfMaterials &bom() const { return m_bom; }
    QTableWidget *table() const { return m_table; }
    /// Uses the catalog in `path` (empty: the built-in one); false and *error when it does not read.
    bool setCatalogPath(const QString &path, QString *error = nullptr);

private:
    void rebuild();
    void loadCatalog();
    void exportPlan();

    QPointer<FabricDocument> m_document;
    BomCatalog m_catalog;
    QString m_catalogPath;
    BillOfMaterials m_bom;
    QLabel *m_summary = nullptr;
    QLabel *m_catalogLabel = nullptr;
    QTableWidget *m_table = nullptr;
    QWidget *m_charts = nullptr;
};

} // namespace Railyard
