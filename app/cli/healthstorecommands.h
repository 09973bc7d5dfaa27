#pragma once

#include <QStringList>

namespace Railyard::Cli {

/// railyard-cli recordings PROJECT [--export ID --out FILE] [--remove ID] [--json]
int runRecordings(const QStringList &args);
/// railyard-cli incidents PROJECT [--json]
int runIncidents(const QStringList &args);

} // namespace Railyard::Cli
