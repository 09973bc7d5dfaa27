#pragma once

#include "core/model/fabric.h"

#include <functional>

class QFormLayout;
class QLineEdit;
class QWidget;

namespace Railyard {

/// Location rows (zone, pod, scalable unit and, optionally, rack) shared by the
/// add dialogs. Not a widget: it adds its rows to the dialog's form.
class LocationFields
{
public:
    /// Adds the rows, filled from location; withRack false leaves the rack out
    /// (the add-rack dialog has its own rack name field).
    void addTo(QFormLayout *form, QWidget *parent, const Location &location, bool withRack,
               const std::function<void()> &changed);
    /// The location entered (trimmed); the rack stays as given when it has no row.
    Location apply(Location location) const;

private:
    QLineEdit *m_zone = nullptr;
    QLineEdit *m_pod = nullptr;
    QLineEdit *m_su = nullptr;
    QLineEdit *m_rack = nullptr;
};

} // namespace Railyard
