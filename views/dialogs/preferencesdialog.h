#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace Railyard {

/// Edit ▸ Preferences: the identity versions are signed with (name and
/// e-mail, defaulting to the account) and the switch and NIC catalogue file
/// (docs/catalog.md) over the built-in one. OK checks the catalogue file and
/// refuses one that cannot be read, saying why; nothing is stored until then.
class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    void accept() override;

private:
    void browseCatalog();
    void showCatalogState();

    QLineEdit *m_name = nullptr;
    QLineEdit *m_email = nullptr;
    QLineEdit *m_catalog = nullptr;
    QLabel *m_catalogState = nullptr;
};

} // namespace Railyard
