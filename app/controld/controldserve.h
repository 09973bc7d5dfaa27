#pragma once

#include <QStringList>

namespace Railyard::Controld {

/// `railyard-controld serve …`: loads the clusters, opens the database and
/// serves until SIGINT or SIGTERM. Returns the exit code.
int runServe(QStringList args);

} // namespace Railyard::Controld
